import {
  CamundaRestClient,
  engineAuthInterceptor,
  type EngineCredentials,
  type HistoricActivityInstanceDto,
  type HistoricProcessInstanceDto,
  parseCamundaDate,
  type QueryParams,
} from '@platform/engine-client';
import { Client, type Handler, type Interceptor } from 'camunda-external-task-client-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { fixture } from './support/engine-harness';
import { embeddedBuildProblem, type EngineProcess, engineProcess } from './support/engine-process';
import { operatonMissing } from './support/operaton';

// A burst of completes, the engine killed with SIGKILL in the middle of it and started again on the
// same database and port while the workers (the real camunda-external-task-client-js) keep polling
// and reconnect by themselves. Then the engine's history must show every completion a worker saw
// acknowledged (204), every instance completed and no activity of any instance completed twice.
// External tasks are delivered at least once: a handler whose complete was not acknowledged (the
// engine died under it) runs again once its lock expires. Such repeats are counted, not forbidden;
// a handler running again after its task's completion was acknowledged is forbidden.

/** Fixed credentials for both engines (Operaton's user names are letters and digits). */
const AUTH: EngineCredentials = {
  user: 'crash',
  password: 'Crash-password-0123456789-abcdefghijk',
  token: 'crash-token-abcdefghijklmnopqrstuvwxyz012',
};

/** A whole number from the environment (so the burst can be made bigger by hand), else `fallback`. */
function setting(name: string, fallback: number): number {
  const text = process.env[name];
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number`);
  return value;
}

const BURST = {
  /** Process instances started before the workers start; each has three external tasks. */
  instances: setting('ENGINE_CRASH_INSTANCES', 200),
  workers: setting('ENGINE_CRASH_WORKERS', 3),
  /** The engine is killed once this share (%) of the burst's completions has been acknowledged. */
  killAtPercent: setting('ENGINE_CRASH_KILL_AT_PERCENT', 40),
  /** A task whose complete was lost stays locked this long before another fetch gets it. */
  lockMs: setting('ENGINE_CRASH_LOCK_MS', 5_000),
};

const PROCESS_KEY = 'crash_burst';
const TOPICS = ['crash-a', 'crash-b', 'crash-c'];
/** The activities of one instance in order (test/fixtures/crash-burst.bpmn). */
const ACTIVITIES = ['start', 'taskA', 'taskB', 'taskC', 'end'];
const TASK_ACTIVITIES = new Set(['taskA', 'taskB', 'taskC']);
const LONG_POLL_MS = 5_000;
/** Both engines stamp history with this machine's clock; an end later than the 204 by more is a loss. */
const CLOCK_SLACK_MS = 5;

/** One run of a task's handler, as the worker saw it. */
interface Execution {
  workerId: string;
  taskId: string;
  activityInstanceId: string;
  processInstanceId: string;
  activityId: string;
  /** Order of events in this process (handler starts, acknowledgements, the kill, the restart). */
  tick: number;
}

/** A complete the engine answered with a 2xx. */
interface Ack {
  execution: Execution;
  status: number | undefined;
  tick: number;
  /** When the worker read the answer (Date.now(); the engines' clock is this machine's too). */
  at: number;
}

interface Unacknowledged {
  execution: Execution;
  reason: string;
}

interface BurstRecord {
  definitionId: string;
  instanceIds: string[];
  executions: Execution[];
  acks: Ack[];
  unacknowledged: Unacknowledged[];
  killSignal: NodeJS.Signals | null;
  killTick: number;
  restartTick: number;
  restartMs: number;
  /** The engine's history once every instance finished (or the wait gave up). */
  instances: HistoricProcessInstanceDto[];
  activities: HistoricActivityInstanceDto[];
  openTasks: number;
  ms: number;
}

const OPERATON_MISSING = operatonMissing();
const EMBEDDED_MISSING = embeddedBuildProblem();

const ENGINES = [
  { name: 'embedded' as const, missing: EMBEDDED_MISSING },
  { name: 'operaton' as const, missing: OPERATON_MISSING },
];

describe.each(ENGINES)('SIGKILL during a burst of completes: $name engine', ({ name, missing }) => {
  if (missing) {
    it.skip(`skipped: ${missing}`, () => undefined);
    return;
  }
  let engine: EngineProcess;
  let record: BurstRecord;

  beforeAll(async () => {
    const { host, port, user, password } = inject('mysql');
    engine = await engineProcess(name, { host, port, user, password }, AUTH);
    const startMs = await engine.start();
    record = await runBurst(engine);
    console.log(`[crash] ${name}: up in ${startMs} ms; ${summary(record)}`);
  }, 300_000);

  afterAll(async () => {
    await engine?.dispose();
  }, 60_000);

  it('should kill the engine with SIGKILL in the middle of the burst and restart it on the same database and port', () => {
    const total = BURST.instances * TASK_ACTIVITIES.size;
    const before = record.acks.filter((a) => a.tick < record.killTick).length;
    const after = record.acks.filter((a) => a.tick > record.restartTick).length;
    expect(record.killSignal).toBe('SIGKILL');
    expect(before).toBeGreaterThanOrEqual(Math.ceil((total * BURST.killAtPercent) / 100));
    expect(before).toBeLessThan(total);
    expect(after, 'completions acknowledged by the restarted engine').toBeGreaterThan(0);
  });

  it('should keep every completion a worker saw acknowledged: the activity ended and its instance went on', () => {
    const byId = new Map(record.activities.map((a) => [a.id, a]));
    const lost: string[] = [];
    for (const { execution: e, status, at } of record.acks) {
      const row = byId.get(e.activityInstanceId);
      const next = record.activities.find(
        (a) =>
          a.processInstanceId === e.processInstanceId &&
          a.activityId === ACTIVITIES[ACTIVITIES.indexOf(e.activityId) + 1],
      );
      if (status !== 204) lost.push(`${e.taskId}: acknowledged with ${status}, not 204`);
      else if (!row || row.processInstanceId !== e.processInstanceId) {
        lost.push(`${e.activityInstanceId} (${e.processInstanceId}): not in the history`);
      } else if (!row.endTime || row.canceled) {
        lost.push(`${e.activityInstanceId}: ${row.canceled ? 'canceled' : 'not ended'}`);
      } else if (time(row.endTime) > at + CLOCK_SLACK_MS) {
        lost.push(`${e.activityInstanceId}: ended ${time(row.endTime) - at} ms after its 204`);
      } else if (!next || time(next.startTime) < time(row.endTime)) {
        lost.push(`${e.activityInstanceId}: the instance did not go on after it`);
      }
    }
    expect(lost).toEqual([]);
    const ackedTasks = record.acks.map((a) => a.execution.taskId);
    expect(new Set(ackedTasks).size, 'a task acknowledged twice').toBe(ackedTasks.length);
  });

  it('should complete every instance', () => {
    expect(record.instances.map((i) => i.id).sort()).toEqual([...record.instanceIds].sort());
    expect(record.instances.filter((i) => i.state !== 'COMPLETED')).toEqual([]);
    expect(record.openTasks).toBe(0);
  });

  it('should record no activity of any instance as completed twice', () => {
    const rows = new Map<string, HistoricActivityInstanceDto[]>();
    for (const a of record.activities) {
      rows.set(a.processInstanceId, [...(rows.get(a.processInstanceId) ?? []), a]);
    }
    const wrong: string[] = [];
    for (const id of record.instanceIds) {
      const ids = (rows.get(id) ?? [])
        .filter((a) => a.endTime && !a.canceled)
        .map((a) => a.activityId)
        .sort();
      const canceled = (rows.get(id) ?? []).filter((a) => a.canceled || !a.endTime).length;
      if (ids.join() !== [...ACTIVITIES].sort().join() || canceled) {
        wrong.push(`${id}: ended ${ids.join(', ')}; ${canceled} canceled or open`);
      }
    }
    expect(wrong).toEqual([]);
    expect(record.activities).toHaveLength(BURST.instances * ACTIVITIES.length);
  });

  it('should run a handler again only for a task whose completion was not acknowledged (at least once)', () => {
    // Every run of a handler ended in exactly one outcome.
    expect(record.acks.length + record.unacknowledged.length).toBe(record.executions.length);
    const acked = new Map<string, Ack[]>();
    for (const a of record.acks) {
      const id = a.execution.activityInstanceId;
      acked.set(id, [...(acked.get(id) ?? []), a]);
    }
    const runs = new Map<string, Execution[]>();
    for (const e of record.executions) {
      runs.set(e.activityInstanceId, [...(runs.get(e.activityInstanceId) ?? []), e]);
    }
    const wrong: string[] = [];
    for (const [activityInstanceId, executions] of runs) {
      const acks = acked.get(activityInstanceId) ?? [];
      const taskIds = new Set(executions.map((e) => e.taskId));
      if (taskIds.size > 1) wrong.push(`${activityInstanceId}: tasks ${[...taskIds].join(', ')}`);
      if (acks.length > 1)
        wrong.push(`${activityInstanceId}: ${acks.length} completions acknowledged`);
      const late = acks.length ? executions.filter((e) => e.tick > acks[0].tick) : [];
      if (late.length) {
        wrong.push(`${activityInstanceId}: ran again by ${late[0].workerId} after the 204`);
      }
    }
    expect(wrong).toEqual([]);
    // At least once: each repeat follows a run whose complete was not acknowledged.
    const repeats = record.executions.length - runs.size;
    expect(repeats).toBeLessThanOrEqual(record.unacknowledged.length);
    // The engine completed no task no handler had asked it to complete.
    const ended = record.activities.filter((a) => TASK_ACTIVITIES.has(a.activityId) && a.endTime);
    expect(ended.filter((a) => !runs.has(a.id))).toEqual([]);
  });
});

/** Deploys, starts the instances, runs the workers, kills and restarts the engine, waits, reads history. */
async function runBurst(engine: EngineProcess): Promise<BurstRecord> {
  const began = Date.now();
  const rest = new CamundaRestClient({ baseUrl: engine.url, auth: AUTH });
  const deployment = await rest.deploy({
    deploymentName: 'crash-burst',
    resources: [{ name: 'crash-burst.bpmn', content: fixture('crash-burst') }],
  });
  const definitionId = Object.keys(deployment.deployedProcessDefinitions ?? {})[0];
  const instanceIds = await inParallel(BURST.instances, 8, async () => {
    const started = await rest.startProcessInstanceByKey(PROCESS_KEY, {});
    return started.id;
  });

  const record: BurstRecord = {
    definitionId,
    instanceIds,
    executions: [],
    acks: [],
    unacknowledged: [],
    killSignal: null,
    killTick: -1,
    restartTick: -1,
    restartMs: 0,
    instances: [],
    activities: [],
    openTasks: -1,
    ms: 0,
  };
  let tick = 0;
  let stopped = false;
  let crash: Promise<void> | null = null;
  const killAfter = Math.ceil((BURST.instances * TASK_ACTIVITIES.size * BURST.killAtPercent) / 100);
  const crashAndRestart = async () => {
    record.killTick = tick++;
    record.killSignal = await engine.kill();
    record.restartMs = await engine.start();
    record.restartTick = tick++;
  };

  const workers = Array.from({ length: BURST.workers }, (_, i) => {
    const workerId = `crash-worker-${i + 1}`;
    // The status of each complete, as got saw it (the client only says whether it was a 2xx).
    const statuses = new Map<string, number>();
    const handler: Handler = async ({ task, taskService }) => {
      if (stopped) return;
      const execution: Execution = {
        workerId,
        taskId: task.id,
        activityInstanceId: task.activityInstanceId as string,
        processInstanceId: task.processInstanceId,
        activityId: task.activityId,
        tick: tick++,
      };
      record.executions.push(execution);
      try {
        await taskService.complete(task);
      } catch (error) {
        record.unacknowledged.push({ execution, reason: reasonOf(error) });
        return;
      }
      record.acks.push({ execution, status: statuses.get(task.id), tick: tick++, at: Date.now() });
      if (!crash && record.acks.length >= killAfter) crash = crashAndRestart();
    };
    const client = new Client({
      baseUrl: engine.url,
      workerId,
      maxTasks: 10,
      interval: 50,
      lockDuration: BURST.lockMs,
      asyncResponseTimeout: LONG_POLL_MS,
      autoPoll: false,
      interceptors: [
        engineAuthInterceptor(AUTH) as Interceptor,
        requestTimeout(LONG_POLL_MS + 30_000),
        completeStatus(statuses),
      ],
    });
    for (const topic of TOPICS) client.subscribe(topic, handler);
    client.start();
    return client;
  });

  try {
    await until(() => (crash ? true : undefined), 120_000, 'the burst never reached the kill');
    await crash;
    await until(
      async () => {
        const finished = await pages<HistoricProcessInstanceDto>((page) =>
          rest.historicProcessInstances({
            processDefinitionId: definitionId,
            finished: true,
            ...page,
          }),
        ).catch(() => []);
        return finished.length >= BURST.instances ? true : undefined;
      },
      120_000,
      'the instances did not all finish',
    ).catch((error: unknown) => console.warn(`[crash] ${(error as Error).message}`));
  } finally {
    stopped = true;
    for (const client of workers) client.stop();
  }
  record.instances = await pages((page) =>
    rest.historicProcessInstances({
      processDefinitionId: definitionId,
      sortBy: 'instanceId',
      sortOrder: 'asc',
      ...page,
    }),
  );
  record.activities = await pages((page) =>
    rest.historicActivityInstances({
      processDefinitionId: definitionId,
      sortBy: 'activityInstanceId',
      sortOrder: 'asc',
      ...page,
    }),
  );
  record.openTasks = (await rest.externalTasks({ processDefinitionId: definitionId })).length;
  record.ms = Date.now() - began;
  return record;
}

/** The platform's own request timeout for the client (agent-worker does the same): got sets none. */
function requestTimeout(ms: number): Interceptor {
  return ((config: object) => ({ ...config, timeout: { request: ms } })) as Interceptor;
}

/** A got afterResponse hook that keeps the status of every complete by task id. */
function completeStatus(statuses: Map<string, number>): Interceptor {
  const hook = (response: { statusCode: number; requestUrl: URL }) => {
    const match = /\/external-task\/([^/]+)\/complete$/.exec(response.requestUrl.pathname);
    if (match) statuses.set(decodeURIComponent(match[1]), response.statusCode);
    return response;
  };
  return ((config: object) => ({ ...config, hooks: { afterResponse: [hook] } })) as Interceptor;
}

function reasonOf(error: unknown): string {
  const e = error as { httpStatusCode?: number; type?: string; code?: string; message?: string };
  if (e.httpStatusCode) return `HTTP ${e.httpStatusCode} ${e.type ?? ''}`.trim();
  return e.code ?? e.message ?? String(error);
}

function time(date: string | null): number {
  return date ? (parseCamundaDate(date) ?? NaN) : NaN;
}

/** Every row of a history query, 500 at a time. */
async function pages<T>(query: (page: QueryParams) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let firstResult = 0; ; firstResult += 500) {
    const page = await query({ firstResult, maxResults: 500 });
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}

/** Runs `work` `count` times with at most `limit` at once; results in order. */
async function inParallel<T>(count: number, limit: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
  return results;
}

async function until(
  check: () => true | undefined | Promise<true | undefined>,
  timeoutMs: number,
  message: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await check()) !== true) {
    if (Date.now() > deadline) throw new Error(`${message} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The figures of one run, for the log. */
function summary(r: BurstRecord): string {
  const ackedInstances = new Set(r.acks.map((a) => a.execution.activityInstanceId));
  const ran = new Set(r.executions.map((e) => e.activityInstanceId));
  const ended = r.activities.filter((a) => TASK_ACTIVITIES.has(a.activityId) && a.endTime).length;
  const reasons = new Map<string, number>();
  for (const u of r.unacknowledged) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const before = r.acks.filter((a) => a.tick < r.killTick).length;
  const between = r.acks.filter((a) => a.tick > r.killTick && a.tick < r.restartTick).length;
  return [
    `${r.instanceIds.length} instances, ${BURST.workers} workers`,
    `${r.acks.length} completions acknowledged (${before} before the kill, ${between} sent before it and read after it, ${r.acks.length - before - between} by the restarted engine)`,
    `${ended - ackedInstances.size} committed without an acknowledgement`,
    `${r.executions.length} handler runs, ${r.executions.length - ran.size} repeated (at least once)`,
    `unacknowledged: ${[...reasons].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`,
    `restart ${r.restartMs} ms, burst to history ${r.ms} ms`,
  ].join('; ');
}
