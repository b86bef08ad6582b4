import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import type { MissionLogView, MissionView } from '@platform/contracts';

import { currentRunLogs, ResultView } from '../../mission';

/** The successful node runs of the mission's current run, each node's latest attempt, in run order. */
export function finishedSteps(mission: MissionView, logs: readonly MissionLogView[]) {
  const latest = new Map<string, MissionLogView>();
  for (const row of currentRunLogs(logs, mission.currentRunId)) latest.set(row.nodeId, row);
  return [...latest.values()].filter((row) => row.status === 'success');
}

/**
 * A completed mission's results as the mission screens render them: the mission's result first (what
 * its last step produced), and what each step produced one tab away — humanization, for one, keeps
 * the humanized chains in its second step and checks them in its last. Its own chunk, with the
 * renderers, loaded with the first completed card.
 */
export function MissionResults({
  mission,
  logs,
  tab,
  onTab,
}: {
  mission: MissionView;
  logs: readonly MissionLogView[];
  /** The open tab ('result' or a node id), kept by the card so a re-render does not close it. */
  tab: string;
  onTab: (tab: string) => void;
}) {
  const { t, i18n } = useLingui();
  const steps = finishedSteps(mission, logs);
  const label = (row: MissionLogView) =>
    (i18n.locale === 'en' ? row.nodeNameEn || row.nodeName : row.nodeName || row.nodeNameEn) ||
    row.nodeId;
  return (
    <Tabs
      value={tab}
      onChange={(value) => onTab(value ?? 'result')}
      keepMounted={false}
      data-testid="mission-results"
    >
      <Tabs.List>
        <Tabs.Tab value="result" data-testid="result-tab-mission">
          {t`Result`}
        </Tabs.Tab>
        {steps.map((row) => (
          <Tabs.Tab key={row.nodeId} value={row.nodeId} data-testid={`result-tab-${row.nodeId}`}>
            {label(row)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="result" pt="xs">
        <ResultView data={mission.result} name={mission.code} />
      </Tabs.Panel>
      {steps.map((row) => (
        <Tabs.Panel key={row.nodeId} value={row.nodeId} pt="xs">
          <ResultView data={row.outputs} name={`${mission.code}_${row.nodeId}`} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
