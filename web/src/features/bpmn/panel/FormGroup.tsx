import { useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import {
  create,
  extensionsOf,
  type ModdleElement,
  setExtensions,
  updateModdle,
  updateProperties,
} from '../modeler/edit';
import { EditDialog, RowActions } from './DialogParts';
import { CommitTextInput } from './fields';
import type { GroupProps } from './groups';
import { useConfirm } from './useConfirm';

// The form of a user task or start event (spec §3 Form): formKey, businessKey (one of the field ids
// or none) and fields with enum values, constraints and properties, in camunda:FormData.

export const FORM_FIELD_TYPES = ['long', 'string', 'boolean', 'date', 'enum', 'custom'] as const;

interface Pair {
  a: string;
  b: string;
}

export interface FormFieldDraft {
  id: string;
  /** One of FORM_FIELD_TYPES; `custom` takes its type name from typeType. */
  type: string;
  typeType: string;
  label: string;
  defaultValue: string;
  datePattern: string;
  values: Pair[];
  constraints: Pair[];
  properties: Pair[];
}

const get = (element: ModdleElement | undefined, name: string) =>
  (element?.get(name) as string | undefined) ?? '';

function draftOf(field: ModdleElement): FormFieldDraft {
  const type = get(field, 'type');
  const known = (FORM_FIELD_TYPES as readonly string[]).includes(type);
  const validation = field.get('validation') as ModdleElement | undefined;
  const properties = field.get('properties') as ModdleElement | undefined;
  const list = (owner: ModdleElement | undefined, name: string) =>
    (owner?.get(name) as ModdleElement[] | undefined) ?? [];
  return {
    id: get(field, 'id'),
    type: known || !type ? type : 'custom',
    typeType: known ? '' : type,
    label: get(field, 'label'),
    defaultValue: get(field, 'defaultValue'),
    datePattern: get(field, 'datePattern'),
    values: list(field, 'values').map((v) => ({ a: get(v, 'id'), b: get(v, 'name') })),
    constraints: list(validation, 'constraints').map((c) => ({
      a: get(c, 'name'),
      b: get(c, 'config'),
    })),
    properties: list(properties, 'values').map((p) => ({ a: get(p, 'id'), b: get(p, 'value') })),
  };
}

function fieldOf(modeler: Modeler, draft: FormFieldDraft): ModdleElement {
  const attrs: Record<string, unknown> = {
    id: draft.id,
    label: draft.label || undefined,
    type: draft.type === 'custom' ? draft.typeType : draft.type,
    defaultValue: draft.defaultValue || undefined,
  };
  if (draft.type === 'date' && draft.datePattern) attrs.datePattern = draft.datePattern;
  if (draft.type === 'enum' && draft.values.length) {
    attrs.values = draft.values.map((v) =>
      create(modeler, 'camunda:Value', { id: v.a, name: v.b }),
    );
  }
  if (draft.constraints.length) {
    attrs.validation = create(modeler, 'camunda:Validation', {
      constraints: draft.constraints.map((c) =>
        create(modeler, 'camunda:Constraint', { name: c.a, config: c.b }),
      ),
    });
  }
  if (draft.properties.length) {
    attrs.properties = create(modeler, 'camunda:Properties', {
      values: draft.properties.map((p) =>
        create(modeler, 'camunda:Property', { id: p.a, value: p.b }),
      ),
    });
  }
  return create(modeler, 'camunda:FormField', attrs);
}

export function FormGroup({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const { dialog, ask } = useConfirm();
  const bo = element.businessObject;
  const formData = extensionsOf(bo, 'camunda:FormData')[0];
  const fields = (formData?.get('fields') as ModdleElement[] | undefined) ?? [];
  const businessKey = get(formData, 'businessKey');
  const [editing, setEditing] = useState<{ index: number; draft: FormFieldDraft } | null>(null);

  const saveFields = (next: ModdleElement[], key = businessKey) => {
    const keyStillThere = next.some((f) => get(f, 'id') === key);
    const data = create(modeler, 'camunda:FormData', {
      fields: next,
      ...(key && keyStillThere ? { businessKey: key } : {}),
    });
    setExtensions(modeler, element, 'camunda:FormData', next.length ? [data] : []);
  };

  return (
    <Stack gap="xs" data-testid="form-group">
      <CommitTextInput
        label={t`Form key`}
        value={get(bo, 'camunda:formKey')}
        onCommit={(value) =>
          updateProperties(modeler, element, { 'camunda:formKey': value || undefined })
        }
        testId="form-key"
      />
      <Select
        size="xs"
        label={t`Business key`}
        data={[{ value: '', label: t`None` }, ...businessKeyOptions(fields)]}
        value={businessKey}
        onChange={(key) =>
          formData && updateModdle(modeler, element, formData, { businessKey: key || undefined })
        }
        disabled={!formData}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="form-business-key"
      />
      <Text size="xs" fw={500}>{t`Form fields`}</Text>
      {fields.map((field, index) => (
        <Group key={index} gap="xs" wrap="nowrap" data-testid="form-field-row">
          <Text size="xs" style={{ flex: 1 }}>
            {get(field, 'label') || get(field, 'id')} ({get(field, 'type')})
          </Text>
          <RowActions
            onEdit={() => setEditing({ index, draft: draftOf(field) })}
            onRemove={() =>
              ask(t`Remove this field?`, () => saveFields(fields.filter((_, i) => i !== index)))
            }
            removeTestId="form-field-remove"
          />
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          setEditing({
            index: -1,
            draft: {
              id: '',
              type: 'string',
              typeType: '',
              label: '',
              defaultValue: '',
              datePattern: '',
              values: [],
              constraints: [],
              properties: [],
            },
          })
        }
        data-testid="form-field-add"
      >
        {t`Add field`}
      </Button>
      {editing && (
        <FormFieldDialog
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSubmit={(draft) => {
            const field = fieldOf(modeler, draft);
            saveFields(
              editing.index < 0
                ? [...fields, field]
                : fields.map((f, i) => (i === editing.index ? field : f)),
            );
            setEditing(null);
          }}
        />
      )}
      {dialog}
    </Stack>
  );
}

function PairList(props: {
  title: string;
  labels: [string, string];
  pairs: Pair[];
  onChange(pairs: Pair[]): void;
  testId: string;
}) {
  const { t } = useLingui();
  const { pairs, onChange } = props;
  return (
    <Stack gap={4} data-testid={props.testId}>
      <Group justify="space-between">
        <Text size="xs" fw={500}>
          {props.title}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          onClick={() => onChange([...pairs, { a: '', b: '' }])}
          data-testid={`${props.testId}-add`}
        >
          {t`Add`}
        </Button>
      </Group>
      {pairs.map((pair, index) => (
        <Group key={index} gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            placeholder={props.labels[0]}
            value={pair.a}
            onChange={(e) =>
              onChange(pairs.map((p, i) => (i === index ? { ...p, a: e.currentTarget.value } : p)))
            }
          />
          <TextInput
            size="xs"
            placeholder={props.labels[1]}
            value={pair.b}
            onChange={(e) =>
              onChange(pairs.map((p, i) => (i === index ? { ...p, b: e.currentTarget.value } : p)))
            }
          />
          <IconButton
            label={t`Remove`}
            variant="subtle"
            color="red"

            onClick={() => onChange(pairs.filter((_, i) => i !== index))}
          >
            <IconTrash size={14} />
          </IconButton>
        </Group>
      ))}
    </Stack>
  );
}

function FormFieldDialog(props: {
  initial: FormFieldDraft;
  onSubmit(draft: FormFieldDraft): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(props.initial);
  const set = (patch: Partial<FormFieldDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (
    name: 'id' | 'label' | 'defaultValue' | 'datePattern' | 'typeType',
    label: string,
  ) => (
    <TextInput
      size="xs"
      label={label}
      value={draft[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value })}
      data-testid={`form-field-${name}`}
    />
  );
  return (
    <EditDialog
      title={t`Form field`}
      size="lg"
      testId="form-field-dialog"
      onClose={props.onClose}
      onSave={() => props.onSubmit(draft)}
      saveTestId="form-field-save"
    >
      {text('id', t`Field id`)}
      <Select
        size="xs"
        label={t`Type`}
        data={FORM_FIELD_TYPES.map((type) => ({ value: type, label: type }))}
        value={draft.type}
        onChange={(type) => set({ type: type ?? 'string' })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="form-field-type"
      />
      {draft.type === 'custom' && text('typeType', t`Custom type`)}
      {text('label', t`Label`)}
      {draft.type === 'date' && text('datePattern', t`Date pattern`)}
      {text('defaultValue', t`Default value`)}
      {draft.type === 'enum' && (
        <PairList
          title={t`Enum values`}
          labels={[t`Id`, t`Name`]}
          pairs={draft.values}
          onChange={(values) => set({ values })}
          testId="form-field-values"
        />
      )}
      <PairList
        title={t`Constraints`}
        labels={[t`Name`, t`Config`]}
        pairs={draft.constraints}
        onChange={(constraints) => set({ constraints })}
        testId="form-field-constraints"
      />
      <PairList
        title={t`Field properties`}
        labels={[t`Id`, t`Value`]}
        pairs={draft.properties}
        onChange={(properties) => set({ properties })}
        testId="form-field-properties"
      />
    </EditDialog>
  );
}

/**
 * The form fields a business key may name: those with an id, each id once (the form dialogs do not
 * validate, spec §5, and a choice list cannot hold one value twice).
 */
function businessKeyOptions(fields: readonly ModdleElement[]) {
  const options = new Map<string, string>();
  for (const field of fields) {
    const id = get(field, 'id');
    if (id && !options.has(id)) options.set(id, get(field, 'label') || id);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}
