import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import type { SandboxCall, SandboxLimits, SandboxOutcome } from './quickjs-runner';

export type { SandboxCall, SandboxLimits, SandboxOutcome } from './quickjs-runner';

// The sandbox of user-authored function code (DESIGN: "Nothing a user authors runs with the
// platform's privileges"). QuickJS/WebAssembly (quickjs-runner.ts) confines the code; this puts
// each call in its own worker thread, so the service stays responsive while code runs, and ends
// the thread when the interpreter overruns its deadline (one native operation, such as joining a
// huge array, can run past QuickJS's interrupt checks).

/** How long past the time limit a worker may take (start-up, WebAssembly compile) before it is ended. */
const GRACE_MS = 2000;

// The compiled worker; tests run the sources, so they use the build (vitest's global setup runs it).
const here = __dirname.replace(/([\\/])src([\\/]functions)$/, '$1dist$2');
const WORKER_FILE = join(here, 'sandbox.worker.js');

export async function runInSandbox(
  call: SandboxCall,
  limits: SandboxLimits,
): Promise<SandboxOutcome> {
  if (!existsSync(WORKER_FILE)) throw new Error(`sandbox worker not built: ${WORKER_FILE}`);
  const started = performance.now();
  const elapsedMs = () => Math.round(performance.now() - started);
  const worker = new Worker(WORKER_FILE, {
    workerData: { call, limits },
    // The interpreter's heap is WebAssembly memory (capped by QuickJS); these cap the thread's own.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  return new Promise<SandboxOutcome>((resolve) => {
    const finish = (outcome: SandboxOutcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ status: 'timeout', error: 'interrupted', logs: [], elapsedMs: elapsedMs() }),
      limits.timeoutMs + GRACE_MS,
    );
    worker.once('message', (outcome: SandboxOutcome) => finish(outcome));
    worker.once('error', (error: Error & { code?: string }) =>
      finish({
        status: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'error',
        error: `InternalError: ${error.message}`,
        logs: [],
        elapsedMs: elapsedMs(),
      }),
    );
    worker.once('exit', () =>
      finish({
        status: 'error',
        error: 'InternalError: the sandbox ended',
        logs: [],
        elapsedMs: elapsedMs(),
      }),
    );
  });
}
