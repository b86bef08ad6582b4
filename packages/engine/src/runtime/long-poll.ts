import type { FetchAndLockDto, LockedExternalTaskDto } from '@platform/engine-client';

type Attempt = (dto: FetchAndLockDto) => Promise<LockedExternalTaskDto[]>;

interface Waiter {
  dto: FetchAndLockDto;
  topics: Set<string>;
  resolve: (tasks: LockedExternalTaskDto[]) => void;
  timer: NodeJS.Timeout;
  busy: boolean;
  again: boolean;
  /** Wake-ups to pass on if this waiter ends up finding nothing. */
  onEmpty: (() => void)[];
}

/**
 * Long polling for fetchAndLock: a request that finds nothing waits up to its
 * `asyncResponseTimeout` and is retried at once when a task of one of its topics is created,
 * unlocked, or its lock/retry timeout passes. Waiters live in this process only; several
 * replicas would need a shared notification channel.
 */
export class LongPollRegistry {
  private readonly waiters = new Set<Waiter>();
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;

  constructor(
    private readonly attempt: Attempt,
    private readonly nextExpiry: () => Promise<number | null>,
    private readonly release: (tasks: LockedExternalTaskDto[]) => Promise<void>,
  ) {}

  get size(): number {
    return this.waiters.size;
  }

  async fetch(
    dto: FetchAndLockDto,
    onCancel: (cancel: () => void) => void,
  ): Promise<LockedExternalTaskDto[]> {
    const first = await this.attempt(dto);
    const timeout = Math.min(dto.asyncResponseTimeout ?? 0, 1_800_000);
    if (first.length || timeout <= 0) return first;
    return new Promise((resolve) => {
      const waiter: Waiter = {
        dto,
        topics: new Set(dto.topics.map((t) => t.topicName)),
        resolve: (tasks) => {
          clearTimeout(waiter.timer);
          this.waiters.delete(waiter);
          resolve(tasks);
        },
        timer: setTimeout(() => waiter.resolve([]), timeout),
        busy: false,
        again: false,
        onEmpty: [],
      };
      this.waiters.add(waiter);
      onCancel(() => waiter.resolve([]));
      // A task created between the first attempt and this registration must not be missed.
      void this.retry(waiter);
      void this.scheduleFromStore();
    });
  }

  /**
   * `count` tasks of a topic became fetchable: wake that many waiters of the topic, oldest first,
   * instead of all of them (16 workers racing for one task cost 15 empty transactions).
   */
  notify(counts: ReadonlyMap<string, number>): void {
    for (const [topic, count] of counts) {
      const tried = new Set<Waiter>();
      for (let i = 0; i < count; i++) this.wakeOne(topic, tried);
    }
  }

  /** Locks or retry timeouts passed: every waiter tries again. */
  notifyAll(): void {
    for (const waiter of this.waiters) void this.retry(waiter);
  }

  private wakeOne(topic: string, tried: Set<Waiter>): void {
    const candidates = [...this.waiters].filter((w) => !tried.has(w) && w.topics.has(topic));
    // Prefer a waiter that is not already locking; a busy one may take fewer tasks than are new.
    const waiter = candidates.find((w) => !w.busy) ?? candidates[0];
    if (!waiter) return;
    tried.add(waiter);
    // A waiter that finds nothing (its filters did not match) passes the wake-up on.
    void this.retry(waiter, () => this.wakeOne(topic, tried));
  }

  /** A lock or retry timeout passes at `at`: wake the waiters then. */
  wakeAtTime(at: number): void {
    if (at >= this.wakeAt) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => this.onWake(), Math.max(0, at - Date.now()) + 5);
  }

  /** Answers the pending long polls of one worker with no tasks (e.g. a worker that shut down). */
  cancelWorker(workerId: string): void {
    for (const waiter of [...this.waiters])
      if (waiter.dto.workerId === workerId) waiter.resolve([]);
  }

  close(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    for (const waiter of [...this.waiters]) waiter.resolve([]);
  }

  private onWake(): void {
    this.wakeTimer = null;
    this.wakeAt = Infinity;
    this.notifyAll();
    void this.scheduleFromStore();
  }

  private async scheduleFromStore(): Promise<void> {
    if (!this.waiters.size) return;
    const next = await this.nextExpiry().catch(() => null);
    if (next !== null) this.wakeAtTime(next);
  }

  private async retry(waiter: Waiter, onEmpty?: () => void): Promise<void> {
    if (onEmpty) waiter.onEmpty.push(onEmpty);
    if (waiter.busy) {
      waiter.again = true;
      return;
    }
    waiter.busy = true;
    try {
      do {
        waiter.again = false;
        if (!this.waiters.has(waiter)) break;
        const tasks = await this.attempt(waiter.dto).catch(() => []);
        if (tasks.length) {
          // Wake-ups beyond the first stand for other new tasks: pass them on.
          for (const pass of waiter.onEmpty.splice(0).slice(1)) pass();
          // The request may have gone away while locking: hand the tasks back at once.
          if (this.waiters.has(waiter)) waiter.resolve(tasks);
          else await this.release(tasks).catch(() => undefined);
          return;
        }
      } while (waiter.again);
      for (const pass of waiter.onEmpty.splice(0)) pass();
    } finally {
      waiter.busy = false;
    }
  }
}
