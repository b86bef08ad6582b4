import { jobErrorOf } from './toolkit.errors';
import { type Job, runJob } from './toolkit.jobs';

// The toolkit's worker: numbering a batch, humanizing or designing a library of 1,000 variants takes
// from tens of milliseconds to seconds, which must not freeze the page.

export interface WorkerRequest {
  id: number;
  job: Job;
}

export type WorkerReply =
  { id: number; result: unknown } | { id: number; error: ReturnType<typeof jobErrorOf> };

// The app's TypeScript lib is DOM, whose `self` is a Window; in a dedicated worker it is this scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

scope.onmessage = (event) => {
  const { id, job } = event.data;
  try {
    scope.postMessage({ id, result: runJob(job) });
  } catch (error) {
    scope.postMessage({ id, error: jobErrorOf(error) });
  }
};
