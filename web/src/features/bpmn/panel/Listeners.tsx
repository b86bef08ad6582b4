import { useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { randomSuffix } from '@platform/bpmn';
import { IconPlus } from '@tabler/icons-react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useState } from 'react';

import { create, extensionsOf, type ModdleElement, setExtensions } from '../modeler/edit';
import { EditDialog, RequiredSelect, RequiredTextInput, RowActions } from './DialogParts';
import type { GroupProps } from './groups';
import {
  emptyListenerForm,
  EXECUTION_EVENTS,
  type FieldProblem,
  fieldProblems,
  LISTENER_TYPES,
  type ListenerField,
  type ListenerForm,
  type ListenerProblem,
  listenerProblems,
  type ListenerType,
  listenerTypeOf,
  scriptTypeOf,
  TASK_EVENTS,
  type TimerType,
} from './rules';
import { useConfirm } from './useConfirm';

// Execution listeners (any flow element and the process) and task listeners (user tasks), with
// injected fields and, for the timeout event, timer settings (spec §3, §5).

type Kind = 'execution' | 'task';
const TYPE_OF: Record<Kind, string> = {
  execution: 'camunda:ExecutionListener',
  task: 'camunda:TaskListener',
};
const TIMER_PROPERTY: Record<Exclude<TimerType, 'null'>, string> = {
  date: 'timeDate',
  duration: 'timeDuration',
  cycle: 'timeCycle',
};

const text = (element: ModdleElement | undefined, name: string) =>
  (element?.get(name) as string | undefined) ?? '';

/** The form of a stored listener. */
export function formOf(listener: ModdleElement): ListenerForm {
  const script = listener.get('script') as ModdleElement | undefined;
  const timer = ((listener.get('eventDefinitions') as ModdleElement[] | undefined) ?? [])[0];
  const timerType = (Object.keys(TIMER_PROPERTY) as Exclude<TimerType, 'null'>[]).find(
    (type) => !!timer?.get(TIMER_PROPERTY[type]),
  );
  const fields = ((listener.get('fields') as ModdleElement[] | undefined) ?? []).map(
    (field): ListenerField => ({
      name: text(field, 'name'),
      fieldType: text(field, 'expression') ? 'expression' : 'string',
      string: text(field, 'string') || text(field, 'stringValue'),
      expression: text(field, 'expression'),
    }),
  );
  return {
    ...emptyListenerForm(),
    event: text(listener, 'event'),
    listenerType: listenerTypeOf({
      class: listener.get('class'),
      expression: listener.get('expression'),
      delegateExpression: listener.get('delegateExpression'),
      script,
    }),
    class: text(listener, 'class'),
    expression: text(listener, 'expression'),
    delegateExpression: text(listener, 'delegateExpression'),
    scriptFormat: text(script, 'scriptFormat'),
    scriptType: script ? scriptTypeOf({ value: text(script, 'value') }) : '',
    value: text(script, 'value'),
    resource: text(script, 'resource'),
    fields,
    id: text(listener, 'id'),
    eventDefinitionType: timerType ?? 'null',
    eventTimeDefinitions: timerType
      ? text(timer?.get(TIMER_PROPERTY[timerType]) as ModdleElement, 'body')
      : '',
  };
}

/** A listener moddle element from its form (only the value of the chosen type is kept). */
export function listenerOf(modeler: Modeler, kind: Kind, form: ListenerForm): ModdleElement {
  const attrs: Record<string, unknown> = { event: form.event };
  if (form.listenerType === 'script') {
    attrs.script = create(modeler, 'camunda:Script', {
      scriptFormat: form.scriptFormat,
      ...(form.scriptType === 'inline' ? { value: form.value } : { resource: form.resource }),
    });
  } else if (form.listenerType) {
    attrs[form.listenerType] = form[form.listenerType];
  }
  if (form.fields.length) {
    attrs.fields = form.fields.map((field) =>
      create(
        modeler,
        'camunda:Field',
        field.fieldType === 'expression'
          ? { name: field.name, expression: field.expression }
          : { name: field.name, string: field.string },
      ),
    );
  }
  if (kind === 'task') {
    attrs.id = form.id;
    if (form.event === 'timeout' && form.eventDefinitionType !== 'null') {
      const body = create(modeler, 'bpmn:FormalExpression', { body: form.eventTimeDefinitions });
      // Timer definition ids end in a random 8-character suffix (spec §9).
      attrs.eventDefinitions = [
        create(modeler, 'bpmn:TimerEventDefinition', {
          id: `TimerEventDefinition_${randomSuffix(8)}`,
          [TIMER_PROPERTY[form.eventDefinitionType]]: body,
        }),
      ];
    }
  }
  return create(modeler, TYPE_OF[kind], attrs);
}

function useListenerTexts() {
  const { t } = useLingui();
  const problems: Record<ListenerProblem, string> = {
    event_required: t`Choose the event type`,
    type_required: t`Choose the listener type`,
    class_required: t`Fill in the Java class`,
    expression_required: t`Fill in the expression`,
    delegate_required: t`Fill in the delegate expression`,
    script_format_required: t`Fill in the script format`,
    script_type_required: t`Choose the script type`,
    script_value_required: t`Fill in the script content`,
    script_resource_required: t`Fill in the resource address`,
    id_required: t`Fill in the listener id`,
    timer_required: t`Fill in the timer settings`,
  };
  const fieldTexts: Record<FieldProblem, string> = {
    name_required: t`Fill in the field name`,
    type_required: t`Choose the field type`,
    string_required: t`Fill in the field value`,
    expression_required: t`Fill in the expression`,
  };
  const types: Record<ListenerType, string> = {
    class: t`Java class`,
    expression: t`Expression`,
    delegateExpression: t`Delegate expression`,
    script: t`Script`,
  };
  const events: Record<string, string> = {
    start: t`start`,
    end: t`end`,
    create: t`create`,
    assignment: t`assignment`,
    complete: t`complete`,
    delete: t`delete`,
    update: t`update`,
    timeout: t`timeout`,
  };
  return { problems, fieldTexts, types, events };
}

export function Listeners(props: GroupProps & { kind: Kind }) {
  const { t } = useLingui();
  const { modeler, element, kind } = props;
  const texts = useListenerTexts();
  const { dialog, ask } = useConfirm();
  const listeners = extensionsOf(element.businessObject, TYPE_OF[kind]);
  const [editing, setEditing] = useState<{ index: number; form: ListenerForm } | null>(null);

  const save = (items: ModdleElement[]) => setExtensions(modeler, element, TYPE_OF[kind], items);
  const submit = (form: ListenerForm) => {
    const listener = listenerOf(modeler, kind, form);
    const index = editing!.index;
    save(
      index < 0 ? [...listeners, listener] : listeners.map((l, i) => (i === index ? listener : l)),
    );
    setEditing(null);
  };
  const remove = (index: number) =>
    ask(t`Remove this listener?`, () => save(listeners.filter((_, i) => i !== index)));
  const prefix = `${kind}-listener`;

  return (
    <Stack gap="xs" data-testid={`${prefix}s`}>
      {listeners.length > 0 && (
        <Table withTableBorder fz="xs" data-testid={`${prefix}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t`Event`}</Table.Th>
              <Table.Th>{t`Listener type`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listeners.map((listener, index) => {
              const form = formOf(listener);
              return (
                <Table.Tr key={index} data-testid={`${prefix}-row`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{texts.events[form.event] ?? form.event}</Table.Td>
                  <Table.Td>{form.listenerType ? texts.types[form.listenerType] : ''}</Table.Td>
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <RowActions
                        onEdit={() => setEditing({ index, form })}
                        onRemove={() => remove(index)}
                        editTestId={`${prefix}-edit`}
                        removeTestId={`${prefix}-remove`}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => setEditing({ index: -1, form: emptyListenerForm() })}
        data-testid={`${prefix}-add`}
      >
        {t`Add listener`}
      </Button>
      {editing && (
        <ListenerDialog
          kind={kind}
          initial={editing.form}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog}
    </Stack>
  );
}

/** The listener's text settings, each asked for by one required input. */
type ListenerText =
  | 'id'
  | 'class'
  | 'expression'
  | 'delegateExpression'
  | 'scriptFormat'
  | 'resource'
  | 'eventTimeDefinitions';

function ListenerDialog(props: {
  kind: Kind;
  initial: ListenerForm;
  onSubmit(form: ListenerForm): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const texts = useListenerTexts();
  const { dialog, ask } = useConfirm();
  const [form, setForm] = useState(props.initial);
  const [errors, setErrors] = useState<ListenerProblem[]>([]);
  const [field, setField] = useState<{ index: number; value: ListenerField } | null>(null);
  const task = props.kind === 'task';
  const set = (patch: Partial<ListenerForm>) => setForm((f) => ({ ...f, ...patch }));
  const error = (code: ListenerProblem) =>
    errors.includes(code) ? texts.problems[code] : undefined;
  const events = task ? TASK_EVENTS : EXECUTION_EVENTS;
  const submit = () => {
    const problems = listenerProblems(form, task);
    setErrors(problems);
    if (problems.length === 0) props.onSubmit(form);
  };
  const input = (
    name: ListenerText,
    label: string,
    code: ListenerProblem,
    testId = `listener-${name}`,
  ) => (
    <RequiredTextInput
      label={label}
      value={form[name]}
      onChange={(value) => set({ [name]: value })}
      error={error(code)}
      testId={testId}
    />
  );

  return (
    <EditDialog
      title={task ? t`Task listener` : t`Execution listener`}
      size="lg"
      testId="listener-dialog"
      onClose={props.onClose}
      onSave={submit}
      saveTestId="listener-save"
      cancelTestId="listener-cancel"
      overlays={
        <>
          {field && (
            <FieldDialog
              initial={field.value}
              onClose={() => setField(null)}
              onSubmit={(value) => {
                const fields =
                  field.index < 0
                    ? [...form.fields, value]
                    : form.fields.map((f, i) => (i === field.index ? value : f));
                set({ fields });
                setField(null);
              }}
            />
          )}
          {dialog}
        </>
      }
    >
      <RequiredSelect
        label={t`Event`}
        data={events.map((e) => ({ value: e, label: texts.events[e] }))}
        value={form.event}
        onChange={(event) => set({ event })}
        error={error('event_required')}
        testId="listener-event"
      />
      {task && input('id', t`Listener id`, 'id_required')}
      <RequiredSelect
        label={t`Listener type`}
        data={LISTENER_TYPES.map((type) => ({ value: type, label: texts.types[type] }))}
        value={form.listenerType}
        onChange={(type) => set({ listenerType: type as ListenerType | '' })}
        error={error('type_required')}
        testId="listener-type"
      />
      {form.listenerType === 'class' && input('class', t`Java class`, 'class_required')}
      {form.listenerType === 'expression' &&
        input('expression', t`Expression`, 'expression_required')}
      {form.listenerType === 'delegateExpression' &&
        input('delegateExpression', t`Delegate expression`, 'delegate_required')}
      {form.listenerType === 'script' && (
        <>
          {input('scriptFormat', t`Script format`, 'script_format_required')}
          <RequiredSelect
            label={t`Script type`}
            data={[
              { value: 'inline', label: t`Inline script` },
              { value: 'external', label: t`External script` },
            ]}
            value={form.scriptType}
            onChange={(type) => set({ scriptType: type as ListenerForm['scriptType'] })}
            error={error('script_type_required')}
            testId="listener-scriptType"
          />
          {form.scriptType === 'inline' && (
            <Textarea
              size="xs"
              withAsterisk
              label={t`Script content`}
              value={form.value}
              onChange={(e) => set({ value: e.currentTarget.value })}
              error={error('script_value_required')}
              data-testid="listener-value"
            />
          )}
          {form.scriptType === 'external' &&
            input('resource', t`Resource address`, 'script_resource_required')}
        </>
      )}
      {task && form.event === 'timeout' && (
        <>
          <Select
            size="xs"
            label={t`Timer type`}
            data={[
              { value: 'date', label: t`Date` },
              { value: 'duration', label: t`Duration` },
              { value: 'cycle', label: t`Cycle` },
              { value: 'null', label: t`None` },
            ]}
            value={form.eventDefinitionType}
            onChange={(type) => set({ eventDefinitionType: (type ?? 'null') as TimerType })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="listener-timer-type"
          />
          {form.eventDefinitionType !== 'null' &&
            input('eventTimeDefinitions', t`Timer`, 'timer_required', 'listener-timer')}
        </>
      )}
      <Group justify="space-between" mt="xs">
        <Text size="xs" fw={500}>{t`Injected fields`}</Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          onClick={() =>
            setField({
              index: -1,
              value: { name: '', fieldType: '', string: '', expression: '' },
            })
          }
          data-testid="listener-field-add"
        >
          {t`Add field`}
        </Button>
      </Group>
      {form.fields.map((f, index) => (
        <Group key={index} gap="xs" wrap="nowrap" data-testid="listener-field-row">
          <Text size="xs" style={{ flex: 1 }}>
            {f.name} = {f.fieldType === 'expression' ? f.expression : f.string}
          </Text>
          <RowActions
            onEdit={() => setField({ index, value: f })}
            onRemove={() =>
              ask(t`Remove this field?`, () =>
                set({ fields: form.fields.filter((_, i) => i !== index) }),
              )
            }
            removeTestId="listener-field-remove"
          />
        </Group>
      ))}
    </EditDialog>
  );
}

function FieldDialog(props: {
  initial: ListenerField;
  onSubmit(field: ListenerField): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const texts = useListenerTexts();
  const [field, setFieldState] = useState(props.initial);
  const [errors, setErrors] = useState<FieldProblem[]>([]);
  const set = (patch: Partial<ListenerField>) => setFieldState((f) => ({ ...f, ...patch }));
  const error = (code: FieldProblem) =>
    errors.includes(code) ? texts.fieldTexts[code] : undefined;
  const submit = () => {
    const problems = fieldProblems(field);
    setErrors(problems);
    if (problems.length === 0) props.onSubmit(field);
  };
  return (
    <EditDialog
      title={t`Listener field`}
      size="md"
      testId="field-dialog"
      onClose={props.onClose}
      onSave={submit}
      saveTestId="field-save"
    >
      <RequiredTextInput
        label={t`Field name`}
        value={field.name}
        onChange={(name) => set({ name })}
        error={error('name_required')}
        testId="field-name"
      />
      <RequiredSelect
        label={t`Field type`}
        data={[
          { value: 'string', label: t`String` },
          { value: 'expression', label: t`Expression` },
        ]}
        value={field.fieldType}
        onChange={(type) => set({ fieldType: type as ListenerField['fieldType'] })}
        error={error('type_required')}
        testId="field-type"
      />
      {field.fieldType === 'string' && (
        <RequiredTextInput
          label={t`Field value`}
          value={field.string}
          onChange={(string) => set({ string })}
          error={error('string_required')}
          testId="field-string"
        />
      )}
      {field.fieldType === 'expression' && (
        <RequiredTextInput
          label={t`Expression`}
          value={field.expression}
          onChange={(expression) => set({ expression })}
          error={error('expression_required')}
          testId="field-expression"
        />
      )}
    </EditDialog>
  );
}
