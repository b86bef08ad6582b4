import { EngineDatabase, MysqlOptions } from './db/engine-database';
import { migrate } from './db/migrations';
import { DefinitionCache } from './runtime/definition-cache';
import { DeploymentService } from './runtime/deployment.service';
import { DeploymentDeletion } from './runtime/deployment-deletion';
import { EngineQueries } from './runtime/engine-queries';
import { ExternalTaskService } from './runtime/external-task.service';
import { HotInstances } from './runtime/hot-instances';
import { InstanceReads } from './runtime/instance-reads';
import { CommandEffects } from './runtime/instance-store';
import { LongPollRegistry } from './runtime/long-poll';
import { MessageCorrelation } from './runtime/message-correlation';
import { ProcessEngine } from './runtime/process-engine';
import { UserTaskService } from './runtime/user-task.service';

export interface EngineOptions {
  mysql: MysqlOptions;
  /** How often the timer sweeper looks for due timers it was not told about (ms). */
  timerPollInterval?: number;
  /**
   * How many live instance engines to keep between commands (0 disables; default 200). One costs
   * about 0.7 MB of heap for a small process, and saves a recover + resume per command.
   */
  hotInstances?: number;
  /** Log sink for background failures; defaults to console.error. */
  onError?: (err: unknown) => void;
}

/** The embedded engine: MySQL state, commands, queries, long polling and the timer sweeper. */
export interface EmbeddedEngine {
  db: EngineDatabase;
  process: ProcessEngine;
  instances: InstanceReads;
  messages: MessageCorrelation;
  deployments: DeploymentService;
  deploymentDeletion: DeploymentDeletion;
  externalTasks: ExternalTaskService;
  longPoll: LongPollRegistry;
  queries: EngineQueries;
  userTasks: UserTaskService;
  close(): Promise<void>;
}

/**
 * Connects to MySQL, applies the engine's migrations and starts the timer sweeper. Every
 * instance, lock and timer lives in MySQL, so a new engine resumes where a stopped one left off.
 */
export async function createEngine(options: EngineOptions): Promise<EmbeddedEngine> {
  const db = await EngineDatabase.connect(options.mysql);
  await migrate(db);
  const onError = options.onError ?? ((err: unknown) => console.error('[engine]', err));
  const timers = new TimerSweeper(options.timerPollInterval ?? 5_000, onError);
  let longPoll: LongPollRegistry | null = null;
  const notifier = {
    afterCommit(effects: CommandEffects) {
      if (effects.topics.size) longPoll?.notify(effects.topics);
      if (effects.nextTimer !== null) timers.wakeAt(effects.nextTimer);
    },
  };
  const definitions = new DefinitionCache(db);
  const hot = new HotInstances(options.hotInstances ?? 200);
  const process = new ProcessEngine(db, definitions, notifier, hot);
  const externalTasks = new ExternalTaskService(db, process, (topics, at) => {
    if (topics.length && (at === undefined || at <= Date.now())) {
      longPoll?.notify(new Map(topics.map((t) => [t, 1])));
    } else if (at !== undefined) longPoll?.wakeAtTime(at);
  });
  longPoll = new LongPollRegistry(
    (dto) => externalTasks.tryFetchAndLock(dto),
    () => nextLockExpiry(db),
    async (tasks) => {
      for (const task of tasks) await externalTasks.unlock(task.id);
    },
  );
  timers.start(
    () => process.runDueTimers(),
    () => nextTimerDue(db),
  );
  const registry = longPoll;
  return {
    db,
    process,
    instances: new InstanceReads(db),
    messages: new MessageCorrelation(process, notifier),
    deployments: new DeploymentService(db),
    deploymentDeletion: new DeploymentDeletion(db, definitions, hot),
    externalTasks,
    longPoll: registry,
    queries: new EngineQueries(db),
    userTasks: new UserTaskService(db),
    async close() {
      timers.stop();
      registry.close();
      await db.close();
    },
  };
}

async function nextLockExpiry(db: EngineDatabase): Promise<number | null> {
  const [rows] = await db.pool.query(
    'SELECT MIN(lock_expiration) AS t FROM eng_external_task WHERE lock_expiration > ? AND (retries IS NULL OR retries > 0)',
    [Date.now()],
  );
  const t = (rows as { t: number | null }[])[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

async function nextTimerDue(db: EngineDatabase): Promise<number | null> {
  const [rows] = await db.pool.query('SELECT MIN(due_at) AS t FROM eng_timer_job');
  const t = (rows as { t: number | null }[])[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/**
 * Fires BPMN timers: one in-process timeout for the earliest known due date, plus a slow poll
 * for timers written by another replica or before a restart.
 */
class TimerSweeper {
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private running = false;
  private stopped = false;
  private sweep: () => Promise<number> = async () => 0;
  private next: () => Promise<number | null> = async () => null;

  constructor(
    private readonly interval: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(sweep: () => Promise<number>, next: () => Promise<number | null>): void {
    this.sweep = sweep;
    this.next = next;
    this.poll = setInterval(() => void this.run(), this.interval);
    void this.run();
  }

  wakeAt(at: number): void {
    if (this.stopped || at >= this.dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    // setTimeout cannot wait longer than 2^31-1 ms; the poll covers far-away timers.
    const delay = Math.min(Math.max(0, at - Date.now()) + 5, 2_000_000_000);
    this.timer = setTimeout(() => void this.run(), delay);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poll) clearInterval(this.poll);
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.timer = null;
    this.dueAt = Infinity;
    try {
      // A full batch means more may be due; a bounded number of batches keeps one run short.
      let swept = await this.sweep();
      for (let i = 0; swept >= 100 && i < 10 && !this.stopped; i++) swept = await this.sweep();
      const next = this.stopped ? null : await this.next();
      if (next !== null) this.wakeAt(next);
    } catch (err) {
      if (!this.stopped) this.onError(err);
    } finally {
      this.running = false;
    }
  }
}
