import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  PERMISSIONS as P,
  type WorkflowDiffView,
  type WorkflowVersionSummaryView,
  type WorkflowView,
} from '@platform/contracts';
import { IconArrowBackUp, IconEye, IconGitCompare } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { IconButton } from '../../../components/IconButton';
import { LoadState } from '../../../components/LoadState';
import { HasPermi } from '../../../components/Permission';
import { DictTag, useDict } from '../../../hooks/useDict';
import { notify } from '../../../lib/notify';
import { diffMarks } from '../diagram-marks';
import { WithNodeDetail } from '../viewer/NodeDetail';
import { ProcessViewer, type ShownElement } from '../viewer/ProcessViewer';
import { agentApi, workflowApi } from '../workflow.api';
import { formatTime, useNamedOptions } from './common';

const show = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** The versions tab of /bpm/info: list, look at one, compare two, restore one. */
export function VersionsPanel({ workflow }: { workflow: WorkflowView }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: ['workflow-versions', workflow.id, workflow.version, workflow.updateTime],
    queryFn: () => workflowApi.versions(workflow.id),
    // After a save or restore the list refreshes in place, keeping the open version or comparison.
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [compared, setCompared] = useState<{ from: number; to: number } | null>(null);

  const restore = async (version: number) => {
    const restored = await workflowApi.restore(workflow.id, version);
    notify('success', t`Version v${version} restored as v${restored.version}`);
    await queryClient.invalidateQueries({ queryKey: ['workflow', workflow.id] });
    void queryClient.invalidateQueries({ queryKey: ['workflows-page'] });
    void queryClient.invalidateQueries({ queryKey: ['workflow-tags'] });
  };

  const rows = versions.data ?? [];
  const options = rows.map((v) => ({ value: String(v.version), label: `v${v.version}` }));
  return (
    <LoadState
      loading={versions.isLoading}
      error={versions.error}
      onRetry={() => void versions.refetch()}
    >
      <Stack gap="md" data-testid="versions-panel">
        <Table striped withTableBorder data-testid="versions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Version</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Saved by</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Saved at</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Actions</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <VersionRow
                key={v.version}
                version={v}
                onView={() => setViewing(v.version)}
                onRestore={() => restore(v.version)}
              />
            ))}
          </Table.Tbody>
        </Table>
        {!rows.length ? (
          <Text c="dimmed" ta="center">
            <Trans>No data</Trans>
          </Text>
        ) : null}
        <Group align="flex-end">
          <Select
            label={t`From`}
            data={options}
            value={from}
            onChange={setFrom}
            w={120}
            data-testid="diff-from"
          />
          <Select
            label={t`To`}
            data={options}
            value={to}
            onChange={setTo}
            w={120}
            data-testid="diff-to"
          />
          <Button
            leftSection={<IconGitCompare size={16} />}
            disabled={!from || !to || from === to}
            data-testid="diff-compare"
            onClick={() => setCompared({ from: Number(from), to: Number(to) })}
          >
            <Trans>Compare</Trans>
          </Button>
        </Group>
        {/* Keyed, so a node shown from the previous pair or version does not stay beside the new one. */}
        {compared ? (
          <VersionDiff
            key={`${compared.from}-${compared.to}`}
            workflowId={workflow.id}
            {...compared}
          />
        ) : null}
        {viewing !== null ? (
          <VersionView key={viewing} workflowId={workflow.id} version={viewing} />
        ) : null}
      </Stack>
    </LoadState>
  );
}

function VersionRow({
  version: v,
  onView,
  onRestore,
}: {
  version: WorkflowVersionSummaryView;
  onView: () => void;
  onRestore: () => Promise<void>;
}) {
  const { t } = useLingui();
  return (
    <Table.Tr data-testid={`version-${v.version}`}>
      <Table.Td>
        <Group gap={6}>
          <Text fw={500}>v{v.version}</Text>
          {v.current ? (
            <Badge size="sm" color="green" data-testid="current-version">
              <Trans>Current</Trans>
            </Badge>
          ) : null}
          {v.restoredFrom ? (
            <Badge size="sm" variant="outline" tt="none" data-testid="restored-from">
              <Trans>Restored from v{v.restoredFrom}</Trans>
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{v.name}</Table.Td>
      <Table.Td>
        <DictTag type="workflow_status" value={v.status} />
      </Table.Td>
      <Table.Td>{v.createBy}</Table.Td>
      <Table.Td>{formatTime(v.createTime)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <IconButton label={t`View`} variant="subtle" data-testid="view-version" onClick={onView}>
            <IconEye size={16} />
          </IconButton>
          {!v.current ? (
            <HasPermi value={P.wujie.workflow.edit}>
              <ConfirmButton
                icon={<IconArrowBackUp size={16} />}
                label={t`Restore`}
                testId="restore-version"
                message={t`Restore version v${v.version}? It becomes the current content.`}
                onConfirm={onRestore}
              />
            </HasPermi>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** One version's content and diagram, read-only. */
function VersionView({ workflowId, version }: { workflowId: number; version: number }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<ShownElement | null>(null);
  const query = useQuery({
    queryKey: ['workflow-version', workflowId, version],
    queryFn: () => workflowApi.version(workflowId, version),
  });
  const v = query.data;
  return (
    <LoadState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      {v ? (
        <Card withBorder data-testid="version-view">
          <Stack gap="xs">
            <Title order={2} size="h5">
              <Trans>
                Version v{v.version}: {v.name}
              </Trans>
            </Title>
            <Text size="sm">{v.description}</Text>
            <Text size="sm" c="dimmed">
              {t`Tags`}: {v.tags.join(', ')}
            </Text>
            {v.workflow.trim() ? (
              <WithNodeDetail shown={shown}>
                <ProcessViewer xml={v.workflow} onShow={setShown} height={400} />
              </WithNodeDetail>
            ) : (
              <Text c="dimmed">
                <Trans>This version has no flowchart.</Trans>
              </Text>
            )}
          </Stack>
        </Card>
      ) : null}
    </LoadState>
  );
}

/** What changed from one version to another, with the newer diagram marked: added and changed nodes. */
function VersionDiff({ workflowId, from, to }: { workflowId: number; from: number; to: number }) {
  const { t } = useLingui();
  const statuses = useDict('workflow_status');
  const agents = useNamedOptions('agents', agentApi.simple);
  const labels: Record<string, string> = {
    name: t`Name`,
    status: t`Status`,
    description: t`Description (Chinese)`,
    descriptionEn: t`Description (English)`,
    agentIds: t`Agents`,
    params: t`Parameters`,
    tags: t`Tags`,
  };
  const fieldLabel = (field: string) => labels[field] ?? field;
  // Statuses and agents by their names; other values as the server sent them.
  const fieldValue = (field: string, value: unknown): string => {
    if (field === 'status')
      return statuses.find((e) => e.dictValue === value)?.dictLabel ?? show(value);
    if (field === 'agentIds' && Array.isArray(value)) {
      return value
        .map((id) => agents.options.find((o) => o.value === String(id))?.label ?? `#${String(id)}`)
        .join(', ');
    }
    if (field === 'tags' && Array.isArray(value)) return value.join(', ');
    return show(value);
  };
  const [shown, setShown] = useState<ShownElement | null>(null);
  const diff = useQuery({
    queryKey: ['workflow-diff', workflowId, from, to],
    queryFn: () => workflowApi.diff(workflowId, from, to),
  });
  const target = useQuery({
    queryKey: ['workflow-version', workflowId, to],
    queryFn: () => workflowApi.version(workflowId, to),
  });
  const d: WorkflowDiffView | undefined = diff.data;
  return (
    <LoadState loading={diff.isLoading} error={diff.error} onRetry={() => void diff.refetch()}>
      {d ? (
        <Card withBorder data-testid="version-diff">
          <Stack gap="sm">
            <Title order={2} size="h5">
              <Trans>
                Changes from v{d.from} to v{d.to}
              </Trans>
            </Title>
            {!d.fields.length && !d.xmlChanged && !d.agents.length ? (
              <Text c="dimmed" data-testid="diff-none">
                <Trans>No differences</Trans>
              </Text>
            ) : null}
            {d.fields.length ? (
              <Table withTableBorder data-testid="diff-fields">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Field</Trans>
                    </Table.Th>
                    <Table.Th>v{d.from}</Table.Th>
                    <Table.Th>v{d.to}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.fields.map((change) => (
                    <Table.Tr key={change.field} data-testid={`diff-field-${change.field}`}>
                      <Table.Td>{fieldLabel(change.field)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                        {fieldValue(change.field, change.from)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                        {fieldValue(change.field, change.to)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {d.agents.length ? (
              <Table withTableBorder data-testid="diff-agents">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Node</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Change</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Settings</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.agents.map((change) => (
                    <Table.Tr key={change.id} data-testid={`diff-agent-${change.id}`}>
                      <Table.Td>
                        {change.name} ({change.id})
                      </Table.Td>
                      <Table.Td>
                        {change.change === 'added'
                          ? t`Added`
                          : change.change === 'removed'
                            ? t`Removed`
                            : t`Changed`}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                        {change.fields
                          .map((f) => `${f.field}: ${show(f.from)} → ${show(f.to)}`)
                          .join('\n')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {d.xmlChanged ? (
              <>
                <Alert color="blue" p="xs">
                  <Trans>The flowchart XML changed.</Trans>
                </Alert>
                <ScrollArea.Autosize mah={320}>
                  <Code block data-testid="diff-xml">
                    {d.xml}
                  </Code>
                </ScrollArea.Autosize>
              </>
            ) : null}
            {target.data?.workflow.trim() ? (
              <WithNodeDetail shown={shown}>
                <ProcessViewer
                  xml={target.data.workflow}
                  activityData={diffMarks(d)}
                  onShow={setShown}
                  height={400}
                />
              </WithNodeDetail>
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </LoadState>
  );
}
