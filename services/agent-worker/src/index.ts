// What other packages (the platform launcher, tests, benchmarks) use.
import { loadAgentWorkerEnv } from './config/env';
import { startAgentWorker } from './main';

export { AGENT_WORKER_ENV, type AgentWorkerEnv, loadAgentWorkerEnv } from './config/env';
export { prepareDatabase, startAgentWorker } from './main';
export { ANTIBODY_TOOLS } from './tools/antibody-tools';
export { AgentWorkerService, type DeliveryOutcome } from './worker/agent-worker.service';

/** The agent worker in a test stack (`startStack([..., agentWorkerStarter])`). */
export const agentWorkerStarter = {
  name: 'agent',
  databaseEnv: 'AGENT_DB_URL',
  start: (env: Record<string, string>) => startAgentWorker(loadAgentWorkerEnv(env)),
};
