import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MISSION_PRICE_MAX,
  PERMISSIONS as P,
  WORKFLOW_STATUS,
  type WorkflowView,
} from '@platform/contracts';
import { IconCopy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';

import { LoadState } from '../../../components/LoadState';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, useDict } from '../../../hooks/useDict';
import { notify } from '../../../lib/notify';
import { workflowFormErrors, type WorkflowFormValues } from '../validation';
import { agentApi, workflowApi } from '../workflow.api';
import {
  DescriptionInputs,
  DesignButton,
  FormCard,
  NameInput,
  SaveButton,
  StatusSelect,
  TagsField,
  translatedErrors,
  useBusy,
  useIdParam,
  useNamedOptions,
} from './common';

const VersionsPanel = lazy(() =>
  import('./VersionsPanel').then((m) => ({ default: m.VersionsPanel })),
);
const WorkflowDiagram = lazy(() =>
  import('./WorkflowDiagram').then((m) => ({ default: m.WorkflowDiagram })),
);

const EMPTY: WorkflowFormValues = {
  name: '',
  description: '',
  descriptionEn: '',
  status: WORKFLOW_STATUS.development,
  agentIds: [],
  params: '',
  tags: [],
  price: '',
};

const valuesOf = (w: WorkflowView): WorkflowFormValues => ({
  name: w.name,
  description: w.description,
  descriptionEn: w.descriptionEn,
  status: w.status,
  agentIds: w.agentIds.map(String),
  params: w.params,
  tags: w.tags,
  price: w.price ?? '',
});

/** /bpm/info (?id=&tab=): add or edit a workflow; with an id also its flowchart and versions. */
export function WorkflowInfoPage() {
  const id = useIdParam();
  const search = useSearch({ strict: false }) as { tab?: string };
  // Another workflow or tab in the address starts the page afresh (same path, so no remount by the host).
  const tab = TABS.find((name) => name === search.tab) ?? 'info';
  return <WorkflowInfo key={`${id}-${tab}`} id={id} initialTab={tab} />;
}

const TABS = ['info', 'diagram', 'versions'] as const;

function WorkflowInfo({ id, initialTab }: { id: number | null | undefined; initialTab: string }) {
  const workflow = useQuery({
    queryKey: ['workflow', id],
    queryFn: () => workflowApi.get(id!),
    enabled: typeof id === 'number',
  });
  const [tab, setTab] = useState<string | null>(initialTab);
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <WorkflowForm initial={EMPTY} workflow={null} />;
  return (
    <LoadState
      loading={workflow.isLoading}
      error={workflow.error}
      onRetry={() => void workflow.refetch()}
    >
      {workflow.data ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="info" data-testid="tab-info">
              <Trans>Basic information</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="diagram" data-testid="tab-diagram">
              <Trans>Flowchart</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="versions" data-testid="tab-versions">
              <Trans>Versions</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="info">
            <WorkflowForm
              key={`${workflow.data.id}-${workflow.data.version}-${workflow.data.updateTime}`}
              initial={valuesOf(workflow.data)}
              workflow={workflow.data}
            />
          </Tabs.Panel>
          <Tabs.Panel value="diagram">
            <Suspense fallback={null}>
              <WorkflowDiagram workflow={workflow.data} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="versions">
            <Suspense fallback={null}>
              <VersionsPanel workflow={workflow.data} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </LoadState>
  );
}

function WorkflowForm({
  initial,
  workflow,
}: {
  initial: WorkflowFormValues;
  workflow: WorkflowView | null;
}) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const statuses = useDict('workflow_status');
  const agents = useNamedOptions('agents', agentApi.simple);
  const tags = useQuery({ queryKey: ['workflow-tags'], queryFn: workflowApi.allTags });
  const { busy, whileBusy } = useBusy();
  const { busy: copying, whileBusy: copyOnce } = useBusy();
  const form = useForm<WorkflowFormValues>({
    initialValues: initial,
    validate: (values) => translatedErrors(i18n, workflowFormErrors(values)),
  });

  const submit = async (values: WorkflowFormValues) => {
    await whileBusy(async () => {
      const body = {
        ...(workflow ? { id: workflow.id } : {}),
        ...values,
        name: values.name.trim(),
        agentIds: values.agentIds.map(Number),
        price: values.price === '' ? null : Number(values.price),
      };
      const saved = await workflowApi.save(body, !workflow);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['workflows-page'] });
      void queryClient.invalidateQueries({ queryKey: ['workflow-tags'] });
      if (workflow) await queryClient.invalidateQueries({ queryKey: ['workflow', workflow.id] });
      else router.history.push(`/bpm/info?id=${saved.id}`);
    });
  };

  const copy = async () => {
    const created = await workflowApi.copy(workflow!.id);
    notify('success', t`Copied as ${created.name}`);
    void queryClient.invalidateQueries({ queryKey: ['workflows-page'] });
    void queryClient.invalidateQueries({ queryKey: ['workflow-tags'] });
    router.history.push(`/bpm/info?id=${created.id}`);
  };

  return (
    <FormCard testId="workflow-form" maw={880} onSubmit={form.onSubmit(submit)}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {workflow ? t`Edit workflow` : t`Add workflow`}
        </Title>
        {workflow ? (
          <Text size="sm" c="dimmed" data-testid="workflow-version">
            <Trans>Current version v{workflow.version}</Trans>
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NameInput {...form.getInputProps('name')} />
        <StatusSelect data={dictOptions(statuses)} {...form.getInputProps('status')} />
      </SimpleGrid>
      <DescriptionInputs
        chinese={form.getInputProps('description')}
        english={form.getInputProps('descriptionEn')}
      />
      <MultiSelect
        label={t`Agents`}
        description={t`Agents this workflow uses (at least one)`}
        withAsterisk
        searchable
        data={agents.options}
        nothingFoundMessage={agents.loading ? t`Loading…` : t`No agents`}
        data-testid="field-agentIds"
        {...form.getInputProps('agentIds')}
      />
      <Textarea
        label={t`Parameters`}
        autosize
        minRows={2}
        data-testid="field-params"
        {...form.getInputProps('params')}
      />
      <NumberInput
        label={t`Price (points)`}
        description={t`Points a task on this workflow costs, frozen when it starts; empty: the system default (parameter wujie.mission.price)`}
        min={0}
        max={MISSION_PRICE_MAX}
        allowDecimal={false}
        allowNegative={false}
        data-testid="field-price"
        {...form.getInputProps('price')}
      />
      <TagsField
        value={form.values.tags}
        onChange={(value) => form.setFieldValue('tags', value)}
        suggestions={tags.data ?? []}
        error={form.errors.tags}
      />
      <Group justify="flex-end" mt="sm">
        {workflow ? (
          <>
            <HasPermi value={P.wujie.workflow.add}>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                data-testid="copy"
                loading={copying}
                onClick={() => void copyOnce(copy).catch(() => undefined)}
              >
                <Trans>Copy</Trans>
              </Button>
            </HasPermi>
            <DesignButton workflowId={workflow.id} />
          </>
        ) : null}
        <SaveButton busy={busy} />
      </Group>
    </FormCard>
  );
}
