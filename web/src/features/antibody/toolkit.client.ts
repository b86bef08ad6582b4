import { type JobError, ToolkitJobError, unexpectedError } from './toolkit.errors';
import type { Job, JobResult } from './toolkit.jobs';
import type { WorkerReply, WorkerRequest } from './toolkit.worker';

// Runs toolkit jobs in one module worker (created on the first job, so the germline index it builds
// is reused by later jobs); where there is no Worker (tests, very old browsers) in this thread.

interface Pending {
  resolve: (value: unknown) => void;
  reject: (reason: ToolkitJobError) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: JobError): void {
  for (const { reject } of pending.values()) reject(new ToolkitJobError(error));
  pending.clear();
}

function toolkitWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  if (worker) return worker;
  worker = new Worker(new URL('./toolkit.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new ToolkitJobError(reply.error));
    else waiting.resolve(reply.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(unexpectedError(event.message));
    stopToolkitWorker();
  };
  return worker;
}

/** Runs a job off the main thread; rejects with ToolkitJobError carrying the zh/en message. */
export async function runToolkitJob<J extends Job>(job: J): Promise<JobResult<J>> {
  const target = toolkitWorker();
  if (!target) {
    const { runJob } = await import('./toolkit.jobs');
    return runJob(job);
  }
  const id = ++nextId;
  return new Promise<JobResult<J>>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ id, job } satisfies WorkerRequest);
  });
}

/** Ends the worker (when the toolkit screen closes); jobs still running are dropped. */
export function stopToolkitWorker(): void {
  worker?.terminate();
  worker = undefined;
  pending.clear();
}
