import { registerPages } from '../../lib/page-registry';

const agentPage = () =>
  import('./PlaygroundPage').then((m) => ({ default: m.AgentPlaygroundPage }));

/**
 * The playground: the menu entry "Playground" (`wujie/playground/index`, not shown to user 1) and
 * the app's own /playground/info (an agent) and /playground/mission (a workflow); one lazy chunk.
 */
export function registerPlaygroundPages(): void {
  registerPages({
    'wujie/playground/index': agentPage,
    'playground/info': agentPage,
    'playground/mission': () =>
      import('./PlaygroundPage').then((m) => ({ default: m.WorkflowPlaygroundPage })),
  });
}
