import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { randomSuffix } from '@platform/bpmn';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useState } from 'react';

import { create, extensionsOf, type ModdleElement, setExtensions } from '../modeler/edit';
import type { GroupProps } from './PropertiesPanel';
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
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Edit`}
                        onClick={() => setEditing({ index, form })}
                        data-testid={`${prefix}-edit`}
                      >
                        <IconEdit size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove`}
                        onClick={() => remove(index)}
                        data-testid={`${prefix}-remove`}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
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
  const error = (...codes: ListenerProblem[]) => {
    const code = codes.find((c) => errors.includes(c));
    return code ? texts.problems[code] : undefined;
  };
  const events = task ? TASK_EVENTS : EXECUTION_EVENTS;
  const submit = () => {
    const problems = listenerProblems(form, task);
    setErrors(problems);
    if (problems.length === 0) props.onSubmit(form);
  };
  const input = (
    name: 'class' | 'expression' | 'delegateExpression',
    label: string,
    code: ListenerProblem,
  ) => (
    <TextInput
      size="xs"
      withAsterisk
      label={label}
      value={form[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value })}
      error={error(code)}
      data-testid={`listener-${name}`}
    />
  );

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={task ? t`Task listener` : t`Execution listener`}
      size="lg"
      data-testid="listener-dialog"
    >
      <Stack gap="xs">
        <Select
          size="xs"
          withAsterisk
          label={t`Event`}
          data={events.map((e) => ({ value: e, label: texts.events[e] }))}
          value={form.event || null}
          onChange={(event) => set({ event: event ?? '' })}
          error={error('event_required')}
          comboboxProps={{ withinPortal: true }}
          data-testid="listener-event"
        />
        {task && (
          <TextInput
            size="xs"
            withAsterisk
            label={t`Listener id`}
            value={form.id}
            onChange={(e) => set({ id: e.currentTarget.value })}
            error={error('id_required')}
            data-testid="listener-id"
          />
        )}
        <Select
          size="xs"
          withAsterisk
          label={t`Listener type`}
          data={LISTENER_TYPES.map((type) => ({ value: type, label: texts.types[type] }))}
          value={form.listenerType || null}
          onChange={(type) => set({ listenerType: (type ?? '') as ListenerType | '' })}
          error={error('type_required')}
          comboboxProps={{ withinPortal: true }}
          data-testid="listener-type"
        />
        {form.listenerType === 'class' && input('class', t`Java class`, 'class_required')}
        {form.listenerType === 'expression' &&
          input('expression', t`Expression`, 'expression_required')}
        {form.listenerType === 'delegateExpression' &&
          input('delegateExpression', t`Delegate expression`, 'delegate_required')}
        {form.listenerType === 'script' && (
          <>
            <TextInput
              size="xs"
              withAsterisk
              label={t`Script format`}
              value={form.scriptFormat}
              onChange={(e) => set({ scriptFormat: e.currentTarget.value })}
              error={error('script_format_required')}
              data-testid="listener-scriptFormat"
            />
            <Select
              size="xs"
              withAsterisk
              label={t`Script type`}
              data={[
                { value: 'inline', label: t`Inline script` },
                { value: 'external', label: t`External script` },
              ]}
              value={form.scriptType || null}
              onChange={(type) => set({ scriptType: (type ?? '') as ListenerForm['scriptType'] })}
              error={error('script_type_required')}
              comboboxProps={{ withinPortal: true }}
              data-testid="listener-scriptType"
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
            {form.scriptType === 'external' && (
              <TextInput
                size="xs"
                withAsterisk
                label={t`Resource address`}
                value={form.resource}
                onChange={(e) => set({ resource: e.currentTarget.value })}
                error={error('script_resource_required')}
                data-testid="listener-resource"
              />
            )}
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
            {form.eventDefinitionType !== 'null' && (
              <TextInput
                size="xs"
                withAsterisk
                label={t`Timer`}
                value={form.eventTimeDefinitions}
                onChange={(e) => set({ eventTimeDefinitions: e.currentTarget.value })}
                error={error('timer_required')}
                data-testid="listener-timer"
              />
            )}
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
            <ActionIcon
              variant="subtle"
              aria-label={t`Edit`}
              onClick={() => setField({ index, value: f })}
            >
              <IconEdit size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Remove`}
              onClick={() =>
                ask(t`Remove this field?`, () =>
                  set({ fields: form.fields.filter((_, i) => i !== index) }),
                )
              }
              data-testid="listener-field-remove"
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="xs" onClick={props.onClose} data-testid="listener-cancel">
            {t`Cancel`}
          </Button>
          <Button size="xs" onClick={submit} data-testid="listener-save">
            {t`Save`}
          </Button>
        </Group>
      </Stack>
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
    </Modal>
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
    <Modal
      opened
      onClose={props.onClose}
      title={t`Listener field`}
      size="md"
      data-testid="field-dialog"
    >
      <Stack gap="xs">
        <TextInput
          size="xs"
          withAsterisk
          label={t`Field name`}
          value={field.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={error('name_required')}
          data-testid="field-name"
        />
        <Select
          size="xs"
          withAsterisk
          label={t`Field type`}
          data={[
            { value: 'string', label: t`String` },
            { value: 'expression', label: t`Expression` },
          ]}
          value={field.fieldType || null}
          onChange={(type) => set({ fieldType: (type ?? '') as ListenerField['fieldType'] })}
          error={error('type_required')}
          comboboxProps={{ withinPortal: true }}
          data-testid="field-type"
        />
        {field.fieldType === 'string' && (
          <TextInput
            size="xs"
            withAsterisk
            label={t`Field value`}
            value={field.string}
            onChange={(e) => set({ string: e.currentTarget.value })}
            error={error('string_required')}
            data-testid="field-string"
          />
        )}
        {field.fieldType === 'expression' && (
          <TextInput
            size="xs"
            withAsterisk
            label={t`Expression`}
            value={field.expression}
            onChange={(e) => set({ expression: e.currentTarget.value })}
            error={error('expression_required')}
            data-testid="field-expression"
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="xs" onClick={props.onClose}>
            {t`Cancel`}
          </Button>
          <Button size="xs" onClick={submit} data-testid="field-save">
            {t`Save`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
