import type {
  MissionInputs,
  NamedView,
  PlaygroundAgentRunView,
  PlaygroundWorkflowView,
} from '@platform/contracts';
import { PLAYGROUND_RUN_MS } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';

import { requestData } from '../../lib/request';

// The playground's calls (docs/api-assistant.md, "Playground"): what may be tried, and one agent's
// run. A workflow is tried by starting a mission on it (the mission screens' calls).

export const playgroundKeys = {
  agents: ['playground', 'agents'] as const,
  workflows: ['playground', 'workflows'] as const,
};

export const playgroundAgentsQuery = () =>
  queryOptions({
    queryKey: playgroundKeys.agents,
    queryFn: () => requestData<NamedView[]>('/wujie/playground/agents'),
  });

export const playgroundWorkflowsQuery = () =>
  queryOptions({
    queryKey: playgroundKeys.workflows,
    queryFn: () => requestData<PlaygroundWorkflowView[]>('/wujie/playground/workflows'),
  });

export const playgroundApi = {
  /** Runs the agent on the inputs; answers when it is done (at most PLAYGROUND_RUN_MS). */
  runAgent: (agentId: number, inputs: MissionInputs) =>
    requestData<PlaygroundAgentRunView>('/wujie/playground/agent/run', {
      method: 'POST',
      data: { agentId, inputs },
      repeatSubmit: false,
      timeout: PLAYGROUND_RUN_MS + 20_000,
    }),
};
