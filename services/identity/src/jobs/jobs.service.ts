import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  type JobLogView,
  type JobView,
  MISFIRE_POLICIES,
  type MisfirePolicy,
} from '@platform/contracts';
import type { JobBody, JobLogQuery, JobQuery, JobStatusBody } from '@platform/contracts/dto';
import { registerQueueDepth } from '@platform/nest-common';
import { type Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import {
  found,
  inList,
  isDuplicate,
  iso,
  orderBy,
  type Page,
  pagedQuery,
  Where,
} from '../common/sql';
import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { REDIS } from '../infra/infra.module';
import { nextRun, normalizeCron, shortestInterval } from './cron';
import { JobRegistry } from './job-registry';

interface JobRow {
  job_id: number;
  job_name: string;
  job_group: string;
  handler: string;
  params: string;
  cron_expression: string;
  misfire_policy: MisfirePolicy;
  concurrent: '0' | '1';
  status: '0' | '1';
  create_time: Date;
  remark: string | null;
}

interface JobLogRow {
  job_log_id: number;
  job_id: number;
  job_name: string;
  job_group: string;
  handler: string;
  params: string;
  job_message: string;
  status: '0' | '1' | '2';
  exception_info: string;
  start_time: Date;
  stop_time: Date | null;
  create_time: Date;
}

interface RunData {
  jobId: number;
  /** A run asked for from the screen ("run once"), not by the schedule. */
  manual?: boolean;
}

const QUEUE = 'sys-jobs';
const schedulerId = (jobId: number) => `sys-job-${jobId}`;
const RUNNING_KEY = (jobId: number) => `job_running:${jobId}`;

function jobViewOf(r: JobRow): JobView {
  return {
    jobId: Number(r.job_id),
    jobName: r.job_name,
    jobGroup: r.job_group,
    handler: r.handler,
    params: r.params,
    cronExpression: r.cron_expression,
    misfirePolicy: r.misfire_policy,
    concurrent: r.concurrent,
    status: r.status,
    nextValidTime: r.status === '0' ? iso(nextRun(r.cron_expression)) : null,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

function jobLogViewOf(r: JobLogRow): JobLogView {
  return {
    jobLogId: Number(r.job_log_id),
    jobId: Number(r.job_id),
    jobName: r.job_name,
    jobGroup: r.job_group,
    handler: r.handler,
    params: r.params,
    jobMessage: r.job_message,
    status: r.status,
    exceptionInfo: r.exception_info,
    startTime: iso(r.start_time) ?? '',
    stopTime: iso(r.stop_time),
    createTime: iso(r.create_time) ?? '',
  };
}

/**
 * Whether a scheduled run that starts `latenessMs` after it was due still runs. Runs asked for by
 * hand always run; on time (within the threshold) always runs.
 */
export function shouldRun(
  policy: MisfirePolicy,
  latenessMs: number,
  thresholdMs: number,
  manual: boolean,
): boolean {
  if (manual || latenessMs <= thresholdMs) return true;
  return policy !== MISFIRE_POLICIES.doNothing;
}

/**
 * Scheduled jobs on BullMQ: each enabled job is a job scheduler (repeatable by cron) on one queue,
 * worked by this service. The database row is the truth; schedulers follow it at start and on change.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobsService.name);
  private connection!: Redis;
  private queue!: Queue<RunData>;
  private worker!: Worker<RunData>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    private readonly registry: JobRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // BullMQ needs a connection without ioredis' keyPrefix; its own `prefix` keeps the namespace.
    this.connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    const prefix = `${this.env.NAMESPACE}:bull`;
    this.queue = new Queue<RunData>(QUEUE, { connection: this.connection, prefix });
    registerQueueDepth(this.queue);
    this.worker = new Worker<RunData>(QUEUE, (job) => this.process(job), {
      connection: this.connection.duplicate(),
      prefix,
      concurrency: this.env.JOB_CONCURRENCY,
    });
    this.worker.on('error', (error) => this.logger.error(error.message));
    await this.syncAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
    await this.connection?.quit().catch(() => undefined);
  }

  handlers() {
    return this.registry.list();
  }

  list(query: JobQuery): Promise<Page<JobView>> {
    const where = new Where()
      .like(query.jobName, 'j.job_name')
      .when(query.jobGroup, 'j.job_group = ?')
      .when(query.status, 'j.status = ?');
    return pagedQuery(
      this.db,
      'SELECT j.* FROM sys_job j',
      'SELECT COUNT(*) AS n FROM sys_job j',
      where,
      orderBy(
        query,
        { jobId: 'j.job_id', jobName: 'j.job_name', createTime: 'j.create_time' },
        'j.job_id',
      ),
      query,
      jobViewOf,
    );
  }

  async get(jobId: number): Promise<JobView> {
    return jobViewOf(await this.row(jobId));
  }

  async create(body: JobBody, by: string): Promise<{ jobId: number }> {
    const cron = this.check(body);
    const result = (await this.db
      .query(
        `INSERT INTO sys_job (job_name, job_group, handler, params, cron_expression, misfire_policy, concurrent,
           status, remark, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...this.values(body, cron), by],
      )
      .catch(nameTaken)) as { insertId: number };
    const jobId = Number(result.insertId);
    await this.sync(await this.row(jobId));
    return { jobId };
  }

  async update(body: JobBody, by: string): Promise<void> {
    await this.row(body.jobId!);
    const cron = this.check(body);
    await this.db
      .query(
        `UPDATE sys_job SET job_name = ?, job_group = ?, handler = ?, params = ?, cron_expression = ?,
           misfire_policy = ?, concurrent = ?, status = ?, remark = ?, update_by = ? WHERE job_id = ?`,
        [...this.values(body, cron), by, body.jobId],
      )
      .catch(nameTaken);
    await this.sync(await this.row(body.jobId!));
  }

  async remove(ids: number[]): Promise<void> {
    for (const id of ids) await this.queue.removeJobScheduler(schedulerId(id));
    await this.db.query(`DELETE FROM sys_job WHERE job_id IN (${inList(ids)})`, ids);
  }

  /** Pause ('1') removes the scheduler; resume ('0') adds it again (policy 2 also runs it once now). */
  async changeStatus(body: JobStatusBody, by: string): Promise<void> {
    const before = await this.row(body.jobId);
    await this.db.query('UPDATE sys_job SET status = ?, update_by = ? WHERE job_id = ?', [
      body.status,
      by,
      body.jobId,
    ]);
    await this.sync(await this.row(body.jobId));
    if (
      before.status === '1' &&
      body.status === '0' &&
      before.misfire_policy === MISFIRE_POLICIES.fireOnce
    )
      await this.runOnce(body.jobId);
  }

  async runOnce(jobId: number): Promise<void> {
    await this.row(jobId);
    await this.queue.add(
      'run',
      { jobId, manual: true },
      { removeOnComplete: 100, removeOnFail: 100 },
    );
  }

  /** Ids of the jobs that have a scheduler on the queue (what is really scheduled). */
  async scheduledIds(): Promise<number[]> {
    const schedulers = await this.queue.getJobSchedulers();
    return schedulers
      .map((s) => Number(String(s.key).replace('sys-job-', '')))
      .sort((a, b) => a - b);
  }

  listLogs(query: JobLogQuery): Promise<Page<JobLogView>> {
    const where = new Where()
      .when(query.jobId, 'l.job_id = ?')
      .like(query.jobName, 'l.job_name')
      .when(query.jobGroup, 'l.job_group = ?')
      .when(query.status, 'l.status = ?')
      .range(query.beginTime, query.endTime, 'l.create_time');
    return pagedQuery(
      this.db,
      'SELECT l.* FROM sys_job_log l',
      'SELECT COUNT(*) AS n FROM sys_job_log l',
      where,
      orderBy(
        query,
        { jobLogId: 'l.job_log_id', createTime: 'l.create_time' },
        'l.job_log_id DESC',
      ),
      query,
      jobLogViewOf,
    );
  }

  async removeLogs(ids: number[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_job_log WHERE job_log_id IN (${inList(ids)})`, ids);
  }

  async cleanLogs(): Promise<void> {
    await this.db.query('DELETE FROM sys_job_log');
  }

  private check(body: JobBody): string {
    if (!this.registry.get(body.handler)) throw new DomainError('job.unknown_handler');
    const cron = normalizeCron(body.cronExpression);
    if (!cron) throw new DomainError('job.cron_invalid');
    const seconds = this.env.JOB_MIN_INTERVAL_SECONDS;
    if (shortestInterval(cron) < seconds)
      throw new DomainError('job.interval_too_short', { seconds });
    return cron;
  }

  private values(body: JobBody, cron: string): unknown[] {
    return [
      body.jobName,
      body.jobGroup,
      body.handler,
      body.params ?? '',
      cron,
      body.misfirePolicy ?? MISFIRE_POLICIES.fireNow,
      body.concurrent ?? '1',
      body.status ?? '1',
      body.remark ?? null,
    ];
  }

  private async syncAll(): Promise<void> {
    const rows: JobRow[] = await this.db.query('SELECT * FROM sys_job');
    const live = new Set(rows.map((r) => schedulerId(Number(r.job_id))));
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (!live.has(String(scheduler.key)))
        await this.queue.removeJobScheduler(String(scheduler.key));
    }
    for (const row of rows) await this.sync(row);
  }

  private async sync(row: JobRow): Promise<void> {
    const id = schedulerId(Number(row.job_id));
    if (row.status !== '0') {
      await this.queue.removeJobScheduler(id);
      return;
    }
    await this.queue.upsertJobScheduler(
      id,
      { pattern: normalizeCron(row.cron_expression) ?? row.cron_expression },
      {
        name: 'run',
        data: { jobId: Number(row.job_id) },
        opts: { removeOnComplete: 100, removeOnFail: 100 },
      },
    );
  }

  /** One run: misfire and concurrency rules first, then the handler, then a job-log row. */
  private async process(job: Job<RunData>): Promise<void> {
    const [row] = (await this.db.query('SELECT * FROM sys_job WHERE job_id = ?', [
      job.data.jobId,
    ])) as JobRow[];
    if (!row) return;
    const started = new Date();
    const due = job.timestamp + (job.opts.delay ?? 0);
    const manual = job.data.manual === true;
    if (
      !shouldRun(
        row.misfire_policy,
        started.getTime() - due,
        this.env.JOB_MISFIRE_THRESHOLD_MS,
        manual,
      )
    ) {
      await this.log(row, started, '2', 'skipped: misfired run (policy: do nothing)', '');
      return;
    }
    const exclusive = row.concurrent === '1';
    if (exclusive) {
      const acquired = await this.redis.set(RUNNING_KEY(row.job_id), '1', 'PX', 3_600_000, 'NX');
      if (acquired !== 'OK') {
        await this.log(row, started, '2', 'skipped: the previous run is still running', '');
        return;
      }
    }
    try {
      const handler = this.registry.get(row.handler);
      if (!handler) throw new Error(`unknown handler ${row.handler}`);
      const message = await handler.run(row.params);
      await this.log(row, started, '0', message, '');
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await this.log(row, started, '1', 'failed', text);
    } finally {
      if (exclusive) await this.redis.del(RUNNING_KEY(row.job_id));
    }
  }

  private async log(
    row: JobRow,
    started: Date,
    status: '0' | '1' | '2',
    message: string,
    exception: string,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO sys_job_log (job_id, job_name, job_group, handler, params, job_message, status, exception_info,
         start_time, stop_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NOW(3))`,
      [
        row.job_id,
        row.job_name,
        row.job_group,
        row.handler,
        row.params,
        message.slice(0, 500),
        status,
        exception.slice(0, 2000),
        started,
      ],
    );
  }

  private async row(jobId: number): Promise<JobRow> {
    const [row] = (await this.db.query('SELECT * FROM sys_job WHERE job_id = ?', [
      jobId,
    ])) as JobRow[];
    return found(row, 'job.not_found');
  }
}

function nameTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('validation.invalid', { field: 'jobName' }) : error;
}
