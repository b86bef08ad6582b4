// Engine benchmark (issues 18 and 16): the three-task process (three external tasks and an exclusive
// gateway) with 4 workers on both engines in one run: the embedded engine (packages/engine, as its
// own process: node dist/main.js) and Operaton (deploy/engine: the jar on its own database, a free
// loopback port and throwaway credentials; stopped and its database dropped after). The workers are
// the real camunda-external-task-client-js with HTTP basic auth, in this process.
//
// Per engine, a closed loop keeps BENCH_INFLIGHT instances running (one starts when one ends). After
// BENCH_WARMUP_S seconds (JIT, connection pools, caches) it measures for BENCH_SECONDS: completed
// instances a second, hand-off (the task's createTime in the engine -> the worker's handler called)
// p50/p99, and CPU per completed instance from /proc/<pid>/stat of the engine process (the Java
// process; the engine's Node process), of mysqld (shared with anything else using it) and of this
// process (workers and load). Then instances start at a steady BENCH_PACED_RATE a second for
// BENCH_PACED_S seconds: the hand-off of an engine that is not saturated.
//
// With taskset and 2+ CPUs the engine runs on CPU 1 and this process on CPU 0. mysqld is not pinned.
// The load average is printed at the start and the end: on a shared machine, read the figures with it.
//
// Usage: pnpm --filter @platform/engine... build && pnpm bench:engine   (Operaton: Java 17, and the
// jar or Maven to build it; without them that engine is skipped, saying why)
// BENCH_ENGINES=operaton-before,operaton compares Operaton with the settings it had before issue 31 (C1
// JIT only, history full, bench/lib/operaton-before.mjs) and today's (C2, history audit, ...), one row each
// (issue 31: the second row's instances a second at least twice the first's). C2 needs a warm-up long
// enough: on this 2-core machine its compiler threads still take 10-20 ms per instance of the engine's
// pinned core 60 s in, and nothing by 240 s (the (JIT) column); BENCH_WARMUP_S=240 shows the steady state.
// Env: BENCH_ENGINES (embedded,operaton; also operaton-before), BENCH_WORKERS (4), BENCH_INFLIGHT (32), BENCH_WARMUP_S (15),
// BENCH_SECONDS (30), BENCH_PACED_RATE (5), BENCH_PACED_S (10), TEST_MYSQL_* for MySQL.
// BENCH_OPERATON_ENV: a JSON object of environment variables for the `operaton` row only, to take one of
// issue 31's changes back at a time (docs/throughput.md), e.g. {"PLATFORM_ENGINE_CACHED_ENGINE_LOOKUP":"false"}.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { BasicAuthInterceptor, Client, Variables } from 'camunda-external-task-client-js';

import {
  buildEngine,
  hasJava,
  hasMaven,
  needsBuild,
  startEngine as startOperatonJar,
  stopEngine,
} from '../../scripts/engine.mjs';
import { OPERATON_BEFORE_ENV } from '../lib/operaton-before.mjs';
import { freePort } from '../lib/platform-env.mjs';
import {
  allCpus,
  canPin,
  cpuMs,
  jitCpuMs,
  loadLine,
  mysqldPid,
  percentile,
  pin,
  rssMb,
} from '../lib/proc.mjs';

const require = createRequire(import.meta.url);
const engineDir = dirname(require.resolve('@platform/engine/package.json'));
const { CamundaRestClient } = require('@platform/engine-client');
const mysql = require('mysql2/promise');

const num = (name, fallback) => Number(process.env[name] ?? fallback);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,operaton').split(',').map((e) => e.trim());
const WORKERS = num('BENCH_WORKERS', 4);
const INFLIGHT = num('BENCH_INFLIGHT', 32);
const WARMUP_S = num('BENCH_WARMUP_S', 15);
const MEASURE_S = num('BENCH_SECONDS', 30);
const PACED_RATE = num('BENCH_PACED_RATE', 5);
const PACED_S = num('BENCH_PACED_S', 10);
const OPERATON_ENV = JSON.parse(process.env.BENCH_OPERATON_ENV || '{}');
const db = {
  host: process.env.TEST_MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.TEST_MYSQL_PORT ?? 3306),
  user: process.env.TEST_MYSQL_USER ?? 'root',
  password: process.env.TEST_MYSQL_PASSWORD ?? '',
};
// The REST API of both engines always requires credentials: a throwaway password for this run.
const auth = { user: 'bench', password: randomBytes(32).toString('base64url') };

const BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="bench" targetNamespace="bench">
  <bpmn:process id="bench_three_tasks" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="prepare" />
    <bpmn:serviceTask id="prepare" camunda:type="external" camunda:topic="bench-prepare" />
    <bpmn:sequenceFlow id="f2" sourceRef="prepare" targetRef="score" />
    <bpmn:serviceTask id="score" camunda:type="external" camunda:topic="bench-score" />
    <bpmn:sequenceFlow id="f3" sourceRef="score" targetRef="decide" />
    <bpmn:exclusiveGateway id="decide" default="skip" />
    <bpmn:sequenceFlow id="keep" sourceRef="decide" targetRef="report">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${score &gt;= 0 &amp;&amp; status == 'OK'}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="skip" sourceRef="decide" targetRef="end" />
    <bpmn:serviceTask id="report" camunda:type="external" camunda:topic="bench-report" />
    <bpmn:sequenceFlow id="f4" sourceRef="report" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dropDatabase = async (name) => {
  const conn = await mysql.createConnection(db);
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
};

/** The embedded engine as its own process (node dist/main.js) on a throwaway database. */
async function startEmbedded() {
  const database = `bench_engine_${process.pid}`;
  await dropDatabase(database);
  const args = [join(engineDir, 'dist', 'main.js')];
  const child = spawn(
    ...(canPin ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args]),
    {
      env: {
        ...process.env,
        ENGINE_HOST: '127.0.0.1',
        ENGINE_PORT: '0',
        ENGINE_USER: auth.user,
        ENGINE_PASSWORD: auth.password,
        ENGINE_TOKEN: '',
        ENGINE_DB_HOST: db.host,
        ENGINE_DB_PORT: String(db.port),
        ENGINE_DB_USER: db.user,
        ENGINE_DB_PASSWORD: db.password,
        ENGINE_DB_NAME: database,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the embedded engine exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = /Camunda REST at (\S+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
  });
  // taskset execs node: the pid is the engine's Node process.
  return {
    label: 'embedded (node)',
    pid: child.pid,
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase(database);
    },
  };
}

/** Why Operaton cannot run here, or null. */
function operatonMissing() {
  if (!hasJava()) return 'no Java on this machine (Operaton needs Java 17)';
  if (needsBuild() && !hasMaven())
    return 'the jar is missing or stale and there is no Maven to build it';
  return null;
}

/**
 * Operaton from deploy/engine on a free port and its own database (scripts/engine.mjs); `before`:
 * with the settings it had before issue 31.
 */
async function startOperaton({ before = false } = {}) {
  buildEngine({ log: (line) => console.log(line) });
  const database = `bench_operaton_${process.pid}`;
  await dropDatabase(database);
  const port = await freePort();
  const logFile = join(tmpdir(), `bench-operaton-${process.pid}.log`);
  const credentials = db.password
    ? `${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}`
    : encodeURIComponent(db.user);
  let engine;
  try {
    engine = await startOperatonJar({
      build: false,
      logFile,
      log: () => undefined,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        JAVA_HOME: process.env.JAVA_HOME,
        ENGINE_JAVA_OPTS: process.env.ENGINE_JAVA_OPTS,
        TZ: 'UTC',
        NODE_ENV: 'test',
        ENGINE_HOST: '127.0.0.1',
        ENGINE_PORT: String(port),
        ENGINE_DB_URL: `mysql://${credentials}@${db.host}:${db.port}/${database}`,
        ENGINE_USER: auth.user,
        ENGINE_PASSWORD: auth.password,
        ...(before ? OPERATON_BEFORE_ENV : OPERATON_ENV),
      },
    });
  } catch (error) {
    await dropDatabase(database).catch(() => undefined);
    throw new Error(`${error.message} (Operaton's log: ${logFile})`);
  }
  // Started with every CPU (the JVM sizes its pools by them), then held to CPU 1 like the other engine.
  pin(engine.child.pid, '1');
  return {
    label: `operaton ${engine.version}${before ? ' (before)' : ''}`,
    pid: engine.child.pid,
    url: engine.rest,
    startMs: engine.startMs,
    async stop() {
      await stopEngine(engine.child);
      await dropDatabase(database);
      rmSync(logFile, { force: true });
    },
  };
}

/**
 * Runs the load on one engine: 4 workers (one client each, subscribed to the three topics), the
 * closed loop with its warm-up and measured window, then the paced phase.
 */
async function bench(engine) {
  const rest = new CamundaRestClient({ baseUrl: engine.url, auth });
  await rest.deploy({
    deploymentName: 'bench',
    resources: [{ name: 'bench.bpmn', content: BPMN }],
  });
  let handoffs = [];
  let completed = 0;
  const errors = { poll: 0, complete: 0, start: 0, first: {} };
  // Instances whose last task completed, and the loops waiting for one.
  const waiting = new Map();
  const ended = new Set();
  const settle = (id) => {
    const resolve = waiting.get(id);
    if (resolve) {
      waiting.delete(id);
      resolve();
    } else ended.add(id);
  };
  const endOf = (id) =>
    ended.delete(id) ? Promise.resolve() : new Promise((resolve) => waiting.set(id, resolve));

  const handler =
    (name) =>
    async ({ task, taskService }) => {
      handoffs.push(Date.now() - Date.parse(task.createTime));
      const vars = new Variables();
      if (name === 'score') vars.set('score', Math.random()).set('status', 'OK');
      await taskService.complete(task, vars);
      if (name === 'report') {
        completed += 1;
        settle(task.processInstanceId);
      }
    };
  const clients = [];
  for (let w = 0; w < WORKERS; w += 1) {
    const client = new Client({
      baseUrl: engine.url,
      workerId: `bench-${w}`,
      asyncResponseTimeout: 20_000,
      interval: 0,
      maxTasks: 10,
      lockDuration: 60_000,
      interceptors: new BasicAuthInterceptor({ username: auth.user, password: auth.password }),
    });
    const failed = (kind) => (error) => {
      errors[kind] += 1;
      if (errors[kind] === 1) errors.first[kind] = String(error?.message ?? error).slice(0, 200);
    };
    client.on('poll:error', failed('poll'));
    client.on('complete:error', failed('complete'));
    for (const name of ['prepare', 'score', 'report'])
      client.subscribe(`bench-${name}`, handler(name));
    clients.push(client);
  }
  const start = async () => {
    try {
      const instance = await rest.startProcessInstanceByKey('bench_three_tasks', {
        variables: { input: { value: 'x', type: 'String' } },
      });
      return instance.id;
    } catch (error) {
      errors.start += 1;
      if (errors.start === 1) errors.first.start = String(error.message).slice(0, 200);
      await sleep(100);
      return null;
    }
  };

  // Closed loop: INFLIGHT loops, each starts an instance and waits for its end.
  let looping = true;
  const loop = async () => {
    while (looping) {
      const id = await start();
      if (id) await endOf(id);
    }
  };
  const loops = Array.from({ length: INFLIGHT }, loop);
  await sleep(WARMUP_S * 1000);
  const mysqld = mysqldPid();
  const snapshot = () => ({
    at: Date.now(),
    completed,
    engine: cpuMs(engine.pid),
    jit: jitCpuMs(engine.pid),
    mysqld: mysqld ? cpuMs(mysqld) : NaN,
    workers: cpuMs(process.pid),
  });
  handoffs = [];
  const before = snapshot();
  await sleep(MEASURE_S * 1000);
  const after = snapshot();
  const saturated = handoffs;
  looping = false;
  await Promise.all(loops);

  // Paced: a steady rate well below saturation.
  handoffs = [];
  const paced = [];
  const pacedStart = Date.now();
  for (let i = 0; i < PACED_RATE * PACED_S; i += 1) {
    await sleep(Math.max(0, pacedStart + (i * 1000) / PACED_RATE - Date.now()));
    paced.push(start().then((id) => id && endOf(id)));
  }
  await Promise.all(paced);
  const unloaded = handoffs;
  // Before the stop: a stopped client's open long poll fails when the engine goes away.
  const errorsSeen = { ...errors };
  for (const client of clients) client.stop();

  const count = after.completed - before.completed;
  const per = (key) => (after[key] - before[key]) / count;
  return {
    rate: count / ((after.at - before.at) / 1000),
    count,
    saturated,
    unloaded,
    cpu: { engine: per('engine'), jit: per('jit'), mysqld: per('mysqld'), workers: per('workers') },
    rss: rssMb(engine.pid),
    errors: errorsSeen,
  };
}

function printRow(label, r) {
  const p = (values) => `${percentile(values, 50)} / ${percentile(values, 99)}`;
  const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : '–');
  console.log(
    `${label.padEnd(24)} ${f(r.rate).padStart(11)} ${p(r.saturated).padStart(18)} ${p(r.unloaded).padStart(18)}` +
      `   ${f(r.cpu.engine).padStart(6)} ${f(r.cpu.jit).padStart(5)} ${f(r.cpu.mysqld).padStart(6)} ${f(r.cpu.workers).padStart(7)}` +
      ` ${f(r.rss).padStart(7)} ${f(1000 / r.cpu.engine).padStart(13)}`,
  );
  const errs = Object.entries(r.errors).filter(([k, n]) => k !== 'first' && n > 0);
  if (errs.length) {
    console.log(`${''.padEnd(24)} errors: ${errs.map(([k, n]) => `${k} ${n}`).join(', ')}`);
    for (const [kind, message] of Object.entries(r.errors.first)) {
      console.log(`${''.padEnd(24)} first ${kind} error: ${message}`);
    }
  }
}

async function main() {
  console.log(`engine bench: ${loadLine()} at start`);
  console.log(
    `three external tasks + one exclusive gateway; ${WORKERS} workers (camunda-external-task-client-js, ` +
      `basic auth), ${INFLIGHT} instances in flight; ${WARMUP_S} s warm-up, ${MEASURE_S} s measured; ` +
      `then ${PACED_RATE}/s for ${PACED_S} s`,
  );
  console.log(
    canPin
      ? 'engine on CPU 1, workers and load on CPU 0 (taskset); mysqld not pinned'
      : 'no CPU pinning (no taskset or a single CPU)',
  );
  const results = [];
  for (const kind of ENGINES) {
    if (kind === 'operaton' || kind === 'operaton-before') {
      const missing = operatonMissing();
      if (missing) {
        console.log(`operaton: skipped (${missing})`);
        continue;
      }
    } else if (kind !== 'embedded') throw new Error(`BENCH_ENGINES: unknown engine '${kind}'`);
    // Engines start with every CPU; the load runs pinned to CPU 0.
    pin(process.pid, allCpus);
    const engine =
      kind === 'embedded'
        ? await startEmbedded()
        : await startOperaton({ before: kind === 'operaton-before' });
    if (engine.startMs)
      console.log(`${engine.label}: up in ${(engine.startMs / 1000).toFixed(1)} s`);
    pin(process.pid, '0');
    try {
      results.push([engine.label, await bench(engine)]);
    } finally {
      await engine.stop();
    }
  }
  console.log(
    `\n${'engine'.padEnd(24)} ${'instances/s'.padStart(11)} ${'hand-off p50/p99'.padStart(18)} ` +
      `${`at ${PACED_RATE}/s p50/p99`.padStart(18)}   CPU ms/instance: engine (JIT) mysqld workers  RSS MB  1 core: max/s`,
  );
  for (const [label, r] of results) printRow(label, r);
  const before = results.find(([label]) => label.endsWith('(before)'))?.[1];
  const after = results.find(
    ([label]) => label.startsWith('operaton') && !label.endsWith('(before)'),
  )?.[1];
  if (before && after) {
    console.log(
      `operaton, today's settings against those before issue 31 (C1, history full): ` +
        `${(after.rate / before.rate).toFixed(2)}× the instances a second (target ≥ 2), ` +
        `engine CPU per instance ${(after.cpu.engine / before.cpu.engine).toFixed(2)}×, ` +
        `mysqld's ${(after.cpu.mysqld / before.cpu.mysqld).toFixed(2)}×`,
    );
  }
  console.log(
    'hand-off: ms from the task\'s createTime in the engine to the worker\'s handler; "at N/s": instances started at a steady rate',
  );
  console.log(
    '1 core: max/s = 1000 / engine CPU ms per instance, the rate one free core for the engine alone would allow (mysqld and workers elsewhere)',
  );
  console.log(
    "(JIT): the part of the engine's CPU its JIT compiler threads used in the measured window (C2 still compiles a minute in)",
  );
  console.log(`engine bench: ${loadLine()} at end`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
