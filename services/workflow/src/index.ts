// What other packages (the gateway's tests, the platform launcher, the agent worker) use.
import { loadWorkflowEnv } from './config/env';
import { startWorkflow } from './main';

export { loadWorkflowEnv, WORKFLOW_ENV, type WorkflowEnv } from './config/env';
export {
  runInSandbox,
  type SandboxCall,
  type SandboxLimits,
  type SandboxOutcome,
} from './functions/sandbox';
export { prepareDatabase, startWorkflow } from './main';

/** The workflow service in a test stack (`startStack([identityStarter, workflowStarter])`). */
export const workflowStarter = {
  name: 'workflow',
  databaseEnv: 'WORKFLOW_DB_URL',
  // A free port for the embedded engine's REST API: stacks run side by side in one test run.
  start: (env: Record<string, string>) =>
    startWorkflow(loadWorkflowEnv({ ENGINE_PORT: '0', ...env })),
};
