import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Select, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

import { IconButton } from '../../../components/IconButton';
import { LoadState } from '../../../components/LoadState';
import { notify } from '../../../lib/notify';
import { dictOptions, useDict } from '../../admin/useDict';
import { bpmApi } from '../workflow.api';
import { FORMS_TAB_PATH } from './bpmShared';
import {
  FormCard,
  FormFooter,
  ListHeader,
  NameInput,
  StatusSelect,
  useBusy,
  useIdParam,
  useNameRule,
} from './common';

/** Form field types of spec §3 (Form field). */
const FIELD_TYPES = ['string', 'long', 'boolean', 'date', 'enum', 'custom'];

interface FormField {
  id: string;
  label: string;
  type: string;
  required: boolean;
}

interface FormValues {
  name: string;
  status: '0' | '1';
  remark: string;
  conf: string;
  fields: FormField[];
}

const fieldOf = (value: unknown): FormField => {
  const v = (value ?? {}) as Partial<FormField>;
  return {
    id: String(v.id ?? ''),
    label: String(v.label ?? ''),
    type: String(v.type ?? 'string'),
    required: Boolean(v.required),
  };
};

/** /bpm/manager/form/edit (?id=): a process form's name, fields and settings. */
export function BpmFormEditPage() {
  const id = useIdParam();
  const form = useQuery({
    queryKey: ['bpm-form', id],
    queryFn: () => bpmApi.form(id!),
    enabled: typeof id === 'number',
  });
  const empty: FormValues = { name: '', status: '0', remark: '', conf: '', fields: [] };
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <FormEditor id={null} initial={empty} />;
  return (
    <LoadState loading={form.isLoading} error={form.error} onRetry={() => void form.refetch()}>
      {form.data ? (
        <FormEditor
          key={`${id}-${form.data.updateTime}`}
          id={id}
          initial={{
            name: form.data.name,
            status: form.data.status,
            remark: form.data.remark,
            conf: form.data.conf,
            fields: form.data.fields.map(fieldOf),
          }}
        />
      ) : null}
    </LoadState>
  );
}

function FormEditor({ id, initial }: { id: number | null; initial: FormValues }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const statuses = useDict('sys_normal_disable');
  const { busy, whileBusy } = useBusy();
  const nameRule = useNameRule();
  const form = useForm<FormValues>({
    initialValues: initial,
    validate: {
      name: nameRule,
      fields: {
        id: (v) => (v.trim() ? null : t`Field id cannot be empty`),
      },
    },
  });
  const submit = async (values: FormValues) => {
    await whileBusy(async () => {
      await bpmApi.saveForm({ ...(id ? { id } : {}), ...values }, id === null);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['bpm-forms'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'bpm-forms'] });
      router.history.push(FORMS_TAB_PATH);
    });
  };
  return (
    <FormCard testId="bpm-form-editor" maw={880} onSubmit={form.onSubmit(submit)}>
      <Title order={2} size="h4">
        {id ? t`Edit form` : t`Add form`}
      </Title>
      <Group grow align="flex-start">
        <NameInput {...form.getInputProps('name')} />
        <StatusSelect data={dictOptions(statuses)} {...form.getInputProps('status')} />
      </Group>
      <ListHeader
        title={<Trans>Fields</Trans>}
        addLabel={<Trans>Add field</Trans>}
        addTestId="add-field"
        onAdd={() =>
          form.insertListItem('fields', { id: '', label: '', type: 'string', required: false })
        }
      />
      {form.values.fields.map((_, index) => (
        <Group key={index} gap="xs" align="flex-start" data-testid={`form-field-${index}`}>
          <TextInput
            placeholder={t`Field id`}
            aria-label={t`Field id`}
            w={160}
            data-testid="form-field-id"
            {...form.getInputProps(`fields.${index}.id`)}
          />
          <TextInput
            placeholder={t`Label`}
            aria-label={t`Label`}
            style={{ flex: 1 }}
            data-testid="form-field-label"
            {...form.getInputProps(`fields.${index}.label`)}
          />
          <Select
            aria-label={t`Type`}
            data={FIELD_TYPES}
            allowDeselect={false}
            w={120}
            {...form.getInputProps(`fields.${index}.type`)}
          />
          <Checkbox
            label={t`Required`}
            mt={8}
            {...form.getInputProps(`fields.${index}.required`, { type: 'checkbox' })}
          />
          <IconButton
            label={t`Remove field`}
            variant="subtle"
            color="red"
            mt={4}

            onClick={() => form.removeListItem('fields', index)}
          >
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ))}
      <Textarea
        label={t`Form settings (JSON)`}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('conf')}
      />
      <Textarea label={t`Remark`} autosize minRows={2} {...form.getInputProps('remark')} />
      <FormFooter busy={busy} back={<Trans>Back</Trans>} backTo={FORMS_TAB_PATH} />
    </FormCard>
  );
}
