import { performance } from 'node:perf_hooks';

/** The share of wall time the event loop spent running code since the last call (0 to 1). */
export type BusyMeter = () => number;

/** The event loop's utilisation (Node's `performance.eventLoopUtilization`) since the last call. */
export function eventLoopBusyMeter(): BusyMeter {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
}

export interface AdaptiveLimitOptions {
  /** The most tasks at once (AGENT_WORKER_MAX_TASKS). */
  ceiling: number;
  /** Where the limit starts. */
  initial: number;
  /** At or above this event-loop utilisation over a window the limit halves. */
  busy?: number;
  /** Below it the limit may grow by one, when there is work waiting. */
  idle?: number;
  /**
   * The shortest window the utilisation is judged over (ms); a poll comes every 50 ms. A second:
   * over a quarter of one, a collection or a burst of answers read as busy, and the limit halved
   * every few seconds on the missions bench (a saw between 5 and 16).
   */
  windowMs?: number;
  now?: () => number;
}

/**
 * How many agent tasks this worker takes at once, between 1 and AGENT_WORKER_MAX_TASKS, by
 * additive increase and multiplicative decrease (as TCP's congestion window, Jacobson 1988) on
 * its event loop's utilisation:
 *
 * - most agent tasks wait: on a language model, the workflow service, the engine. A worker that
 *   takes few of them idles while tasks queue in the engine (bench:missions, trivial agents, back
 *   to back: a fixed 4 at once 8.8 missions a second and 182 ms of CPU a mission, this 11.7 and
 *   156 ms; docs/throughput.md). While its loop
 *   is idle and there is more work (the last fetch came back full, or every slot is taken) the
 *   limit grows by one a window;
 * - the toolkit's own computations (the template modeller, design) run on the worker's thread for
 *   0.5 s and more each: taking many of them only queues them behind one another in this worker
 *   while another worker could run them, and holds their locks. While the loop is busy the limit
 *   halves, down to one task.
 *
 * The external-task client asks each fetch for the limit less the tasks running, so a lower limit
 * takes effect as running tasks finish; nothing running is touched.
 */
export class AdaptiveLimit {
  private limit: number;
  private judgedAt: number;
  private workWaiting = false;
  private readonly busy: number;
  private readonly idle: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly meter: BusyMeter,
    private readonly options: AdaptiveLimitOptions,
  ) {
    this.limit = clamp(options.initial, 1, options.ceiling);
    this.busy = options.busy ?? 0.9;
    this.idle = options.idle ?? 0.6;
    this.windowMs = options.windowMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.judgedAt = this.now();
    meter();
  }

  get current(): number {
    return this.limit;
  }

  /** A fetch asked for `asked` tasks and got `got`: a full answer means more may be waiting. */
  fetched(asked: number, got: number): void {
    if (asked > 0 && got >= asked) this.workWaiting = true;
  }

  /** Before a fetch, with the tasks running now: the limit for it (judged once a window). */
  next(active: number): number {
    if (active >= this.limit) this.workWaiting = true;
    const now = this.now();
    if (now - this.judgedAt < this.windowMs) return this.limit;
    const utilisation = this.meter();
    this.judgedAt = now;
    if (utilisation >= this.busy) this.limit = Math.max(1, Math.floor(this.limit / 2));
    else if (utilisation < this.idle && this.workWaiting) {
      this.limit = Math.min(this.options.ceiling, this.limit + 1);
    }
    this.workWaiting = false;
    return this.limit;
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
