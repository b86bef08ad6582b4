import type { Task, TaskService } from 'camunda-external-task-client-js';

/** HTTP status of a failed engine call (the client's EngineError), if it had one. */
export function engineStatus(error: unknown): number | undefined {
  const status = (error as { httpStatusCode?: unknown } | null)?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Keeps a task locked while its agent runs: extends the lock by the full lock duration every third
 * of it. When the engine refuses (the task is gone, e.g. the mission was stopped, or another worker
 * holds it after an expiry), the signal aborts, so the run's result is not reported.
 */
export class LockKeeper {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private extending: Promise<void> = Promise.resolve();

  constructor(
    private readonly taskService: TaskService,
    private readonly task: Task,
    private readonly lockMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => this.extend(), Math.max(200, Math.floor(lockMs / 3)));
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the task was taken away while it ran. */
  get lost(): boolean {
    return this.controller.signal.aborted;
  }

  private extend(): void {
    this.extending = this.extending.then(async () => {
      if (this.lost) return;
      try {
        await this.taskService.extendLock(this.task, this.lockMs);
      } catch (error) {
        const status = engineStatus(error);
        if (status === 400 || status === 404) this.controller.abort();
        else this.onError(error);
      }
    });
  }

  /** Stops extending at once (the lock then expires). */
  halt(): void {
    clearInterval(this.timer);
  }

  async stop(): Promise<void> {
    this.halt();
    await this.extending;
  }
}
