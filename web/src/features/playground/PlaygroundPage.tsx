import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import { PERMISSIONS as P } from '@platform/contracts';
import { IconHierarchy2, IconRobot } from '@tabler/icons-react';
import { useState } from 'react';

import { hasPermi, useSession } from '../../lib/auth';
import { AgentPlayground } from './components/AgentPlayground';
import { WorkflowPlayground } from './components/WorkflowPlayground';

export type PlaygroundTab = 'agent' | 'workflow';

/**
 * The playground (menu "Playground", /playground/info and /playground/mission): try one agent or one
 * workflow with free inputs and see each step. The agent tab needs wujie:playground:use; the
 * workflow tab that or wujie:playground:mission.
 */
export function PlaygroundPage({ initial }: { initial: PlaygroundTab }) {
  const { t } = useLingui();
  const permissions = useSession((state) => state.permissions);
  const canAgent = hasPermi(permissions, P.wujie.playground.use);
  const [tab, setTab] = useState<PlaygroundTab>(canAgent ? initial : 'workflow');
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as PlaygroundTab) ?? 'agent')}
      keepMounted
      data-testid="playground-page"
    >
      <Tabs.List mb="md">
        {canAgent ? (
          <Tabs.Tab
            value="agent"
            leftSection={<IconRobot size={16} />}
            data-testid="playground-tab-agent"
          >
            {t`Agent`}
          </Tabs.Tab>
        ) : null}
        <Tabs.Tab
          value="workflow"
          leftSection={<IconHierarchy2 size={16} />}
          data-testid="playground-tab-workflow"
        >
          {t`Workflow`}
        </Tabs.Tab>
      </Tabs.List>
      {canAgent ? (
        <Tabs.Panel value="agent">
          <AgentPlayground />
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="workflow">
        <WorkflowPlayground />
      </Tabs.Panel>
    </Tabs>
  );
}

/** /playground/info and the menu's "Playground": the agent tab first. */
export function AgentPlaygroundPage() {
  return <PlaygroundPage initial="agent" />;
}

/** /playground/mission: the workflow tab first. */
export function WorkflowPlaygroundPage() {
  return <PlaygroundPage initial="workflow" />;
}
