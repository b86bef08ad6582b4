import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Modal, Tabs, Text } from '@mantine/core';
import { MISSION_LOG_STATUS_DICT, type MissionLogView } from '@platform/contracts';
import { IconFileAnalytics } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { dictOptions, useDict } from '../../../hooks/useDict';
import { formatDuration, formatTime, formatTokens } from '../../../lib/format';
import { useRefreshOnAgentStatus } from '../agent-status';
import { NodeStatusTag } from '../components/MissionStatusTag';
import { slug } from '../results/downloads';
import { ResultView } from '../results/ResultView';

type Row = MissionLogView & Record<string, unknown>;

const TEST_ID = 'mission-log-page';

const nodeName = (row: MissionLogView, language: string) =>
  (language === 'en' && row.nodeNameEn) || row.nodeName || row.nodeId;

/**
 * wujie/missionlog/index, "Task log": every node run of the missions the user may see (all of them
 * for an administrator), newest first; a run's inputs and outputs open in a dialog.
 */
export function MissionLogPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const statuses = useDict(MISSION_LOG_STATUS_DICT);
  const [open, setOpen] = useState<Row | null>(null);
  useRefreshOnAgentStatus([TEST_ID]);
  const missionLink = (code: string) => `/mission/info?code=${encodeURIComponent(code)}`;
  return (
    <>
      <CrudPage<Row>
        config={{
          testId: TEST_ID,
          listUrl: '/wujie/missionLog/list',
          idKey: 'id',
          filters: [
            { name: 'missionCode', label: t`Mission code` },
            { name: 'nodeId', label: t`Node id` },
            {
              name: 'status',
              label: t`Status`,
              type: 'select',
              options: dictOptions(statuses),
            },
          ],
          columns: [
            {
              key: 'missionCode',
              title: t`Mission code`,
              render: (r) => (
                <Anchor
                  href={missionLink(r.missionCode)}
                  onClick={(e) => {
                    e.preventDefault();
                    router.history.push(missionLink(r.missionCode));
                  }}
                  ff="monospace"
                  size="sm"
                >
                  {r.missionCode}
                </Anchor>
              ),
            },
            {
              key: 'node',
              title: t`Node`,
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{nodeName(r, i18n.locale)}</Text>
                  <Text size="xs" c="dimmed">
                    {r.nodeId}
                  </Text>
                </Group>
              ),
            },
            { key: 'agent', title: t`Agent` },
            {
              key: 'status',
              title: t`Status`,
              render: (r) => <NodeStatusTag status={r.status} />,
            },
            { key: 'attempt', title: t`Attempt` },
            {
              key: 'startedAt',
              title: t`Started`,
              render: (r) => formatTime(r.startedAt, i18n.locale),
            },
            {
              key: 'duration',
              title: t`Duration`,
              render: (r) => formatDuration(r.startedAt, r.endedAt),
            },
            {
              key: 'tokens',
              title: t`Tokens`,
              render: (r) => (
                <Text
                  size="sm"
                  title={
                    formatTokens(r)
                      ? t`Prompt ${r.promptTokens} · completion ${r.completionTokens}`
                      : undefined
                  }
                  data-testid="run-tokens"
                >
                  {formatTokens(r, i18n.locale)}
                </Text>
              ),
            },
            {
              key: 'error',
              title: t`Error`,
              render: (r) => (
                <Text size="sm" c="red" lineClamp={2} maw={280}>
                  {r.error}
                </Text>
              ),
            },
          ],
          permissions: {},
          rowActions: (row) => (
            <IconButton
              label={t`Inputs and outputs`}
              variant="subtle"
              data-testid="open-run"
              onClick={() => setOpen(row)}
            >
              <IconFileAnalytics size={16} />
            </IconButton>
          ),
        }}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${nodeName(open, i18n.locale)} · ${open.missionCode}` : ''}
        size="80%"
      >
        {open ? (
          <Tabs defaultValue="outputs" keepMounted={false} data-testid="run-dialog">
            <Tabs.List>
              <Tabs.Tab value="outputs">
                <Trans>Outputs</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="inputs">
                <Trans>Inputs</Trans>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="outputs" pt="sm">
              <ResultView
                data={open.outputs}
                name={slug(`${open.missionCode} ${open.nodeId} outputs`, 'outputs')}
              />
            </Tabs.Panel>
            <Tabs.Panel value="inputs" pt="sm">
              <ResultView
                data={open.inputs}
                name={slug(`${open.missionCode} ${open.nodeId} inputs`, 'inputs')}
              />
            </Tabs.Panel>
          </Tabs>
        ) : null}
      </Modal>
    </>
  );
}
