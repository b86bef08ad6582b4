import { parentPort, workerData } from 'node:worker_threads';

import { runInQuickJs, type SandboxCall, type SandboxLimits } from './quickjs-runner';

// Worker thread of one sandboxed call: runs it, posts the outcome, ends.
const { call, limits } = workerData as { call: SandboxCall; limits: SandboxLimits };
runInQuickJs(call, limits).then(
  (outcome) => parentPort?.postMessage(outcome),
  (error: unknown) =>
    parentPort?.postMessage({
      status: 'error',
      error: `InternalError: ${error instanceof Error ? error.message : String(error)}`,
      logs: [],
      elapsedMs: 0,
    }),
);
