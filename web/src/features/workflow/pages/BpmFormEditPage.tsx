import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type BpmFormView, type FormSchema, schemaOfForm } from '@platform/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';

import { LoadState } from '../../../components/LoadState';
import { dictOptions, useDict } from '../../../hooks/useDict';
import { notify } from '../../../lib/notify';
import { FormJsEditor, type FormJsEditorHandle } from '../../formjs';
import { bpmApi } from '../workflow.api';
import { FORMS_TAB_PATH } from './bpmShared';
import { NameInput, StatusSelect, useBusy, useIdParam, useNameRule } from './common';

const FORM_ID = 'bpm-form-fields';

interface FormValues {
  name: string;
  status: '0' | '1';
  remark: string;
  conf: string;
}

/**
 * /bpm/manager/form/edit (?id=): a process form's name, settings and its fields in the form-js
 * builder. A form kept as an old field list opens converted (schemaOfForm) and is saved as a schema;
 * its field list stays as it was on the server.
 */
export function BpmFormEditPage() {
  const id = useIdParam();
  const form = useQuery({
    queryKey: ['bpm-form', id],
    queryFn: () => bpmApi.form(id!),
    enabled: typeof id === 'number',
  });
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <FormEditor id={null} stored={null} />;
  return (
    <LoadState loading={form.isLoading} error={form.error} onRetry={() => void form.refetch()}>
      {form.data ? (
        <FormEditor key={`${id}-${form.data.updateTime}`} id={id} stored={form.data} />
      ) : null}
    </LoadState>
  );
}

function FormEditor({ id, stored }: { id: number | null; stored: BpmFormView | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const statuses = useDict('sys_normal_disable');
  const { busy, whileBusy } = useBusy();
  const nameRule = useNameRule();
  const builder = useRef<FormJsEditorHandle>(null);
  const schema = useMemo<FormSchema>(() => schemaOfForm(stored ?? {}), [stored]);
  const form = useForm<FormValues>({
    initialValues: {
      name: stored?.name ?? '',
      status: stored?.status ?? '0',
      remark: stored?.remark ?? '',
      conf: stored?.conf ?? '',
    },
    validate: { name: nameRule },
  });
  const submit = async (values: FormValues) => {
    const current = builder.current?.saveSchema();
    if (!current) {
      notify('error', t`The form builder has not loaded yet`);
      return;
    }
    await whileBusy(async () => {
      await bpmApi.saveForm({ ...(id ? { id } : {}), ...values, schema: current }, id === null);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['bpm-forms'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'bpm-forms'] });
      void queryClient.invalidateQueries({ queryKey: ['bpm-form'] });
      router.history.push(FORMS_TAB_PATH);
    });
  };
  // The builder sits outside the <form>: form-js's own buttons (palette, properties panel) would
  // otherwise submit it. Save reaches the form through its `form` attribute.
  return (
    <Card withBorder data-testid="bpm-form-editor">
      <Stack gap="sm">
        <form id={FORM_ID} onSubmit={form.onSubmit(submit)}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {id ? t`Edit form` : t`Add form`}
            </Title>
            <Group grow align="flex-start">
              <NameInput {...form.getInputProps('name')} />
              <StatusSelect data={dictOptions(statuses)} {...form.getInputProps('status')} />
            </Group>
            <Textarea
              label={t`Form settings (JSON)`}
              autosize
              minRows={1}
              styles={{ input: { fontFamily: 'monospace' } }}
              {...form.getInputProps('conf')}
            />
            <Textarea label={t`Remark`} autosize minRows={1} {...form.getInputProps('remark')} />
          </Stack>
        </form>
        <FormBuilderHint />
        <FormJsEditor ref={builder} schema={schema} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => router.history.push(FORMS_TAB_PATH)}>
            <Trans>Back</Trans>
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={busy}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="form-submit"
          >
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** How a builder's field gets its English label and its dictionary (form-schema.ts). */
export function FormBuilderHint() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>
        Drag fields from the palette. A field's label is its Chinese text; under Custom properties,
        the key labelEn holds its English label, and on a select, radio or checklist the key
        dictType names the dictionary whose entries become its options.
      </Trans>
    </Text>
  );
}
