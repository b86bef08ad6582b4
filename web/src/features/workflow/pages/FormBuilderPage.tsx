import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormSchema, PERMISSIONS as P, schemaOfFields } from '@platform/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';

import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { FormJsEditor, type FormJsEditorHandle } from '../../formjs';
import { bpmApi } from '../workflow.api';
import { FormBuilderHint } from './BpmFormEditPage';
import { NameInput, useBusy, useNameRule } from './common';

/**
 * tool/build: the form builder on a blank form (RuoYi's "form build" page). What is built here is kept as a
 * process form, then edited at /bpm/manager/form/edit like any other.
 */
export function FormBuilderPage() {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const builder = useRef<FormJsEditorHandle>(null);
  const blank = useMemo<FormSchema>(() => schemaOfFields([]), []);
  const { busy, whileBusy } = useBusy();
  const form = useForm({ initialValues: { name: '' }, validate: { name: useNameRule() } });
  const save = async ({ name }: { name: string }) => {
    const schema = builder.current?.saveSchema();
    if (!schema) {
      notify('error', t`The form builder has not loaded yet`);
      return;
    }
    await whileBusy(async () => {
      const saved = await bpmApi.saveForm({ name, schema }, true);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['bpm-forms'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'bpm-forms'] });
      if (saved?.id) router.history.push(`/bpm/manager/form/edit?id=${saved.id}`);
    });
  };
  return (
    <Card withBorder data-testid="form-builder">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Form builder</Trans>
        </Title>
        <FormBuilderHint />
        <FormJsEditor ref={builder} schema={blank} />
        <HasPermi value={P.bpm.form.edit}>
          {/* Outside the builder: form-js's own buttons must not submit this form. */}
          <form onSubmit={form.onSubmit(save)}>
            <Group align="flex-end">
              <NameInput w={320} {...form.getInputProps('name')} />
              <Button
                type="submit"
                loading={busy}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="form-submit"
              >
                <Trans>Save as a process form</Trans>
              </Button>
            </Group>
          </form>
        </HasPermi>
      </Stack>
    </Card>
  );
}
