// Engine benchmark: a process of three external tasks and one exclusive gateway, N instances,
// workers using the real camunda-external-task-client-js. Prints instances/s, task hand-off
// (task created -> handler called) and round-trip (handler called -> complete acknowledged)
// p50/p99 at 1, 4 and 16 workers, and the stored state size per instance.
//
// The engine runs as its own process (node dist/main.js), as in production, on a throwaway
// database. Usage: pnpm --filter @platform/engine build && pnpm bench:engine
// The last row starts instances at a steady 5/s (below saturation) to show the hand-off latency
// of an unloaded engine. CPU per instance is read from /proc for the engine process, mysqld (shared
// with anything else using it) and this process (the workers).
// Env: BENCH_INSTANCES (default 300), BENCH_WORKERS (default "1,4,16"), TEST_MYSQL_* for MySQL.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { BasicAuthInterceptor, Client, Variables } from 'camunda-external-task-client-js';

const require = createRequire(import.meta.url);
const engineDir = dirname(require.resolve('@platform/engine/package.json'));
const { CamundaRestClient } = require('@platform/engine');
// The engine's REST API always requires credentials: a throwaway password for this run.
const auth = { user: 'bench', password: randomBytes(32).toString('base64url') };
const mysql = require('mysql2/promise');

const N = Number(process.env.BENCH_INSTANCES ?? 300);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,4,16').split(',').map(Number);
const db = {
  host: process.env.TEST_MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.TEST_MYSQL_PORT ?? 3306),
  user: process.env.TEST_MYSQL_USER ?? 'root',
  password: process.env.TEST_MYSQL_PASSWORD ?? '',
};
const database = `bench_engine_${process.pid}`;

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

function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function startEngine() {
  const nodeArgs = process.env.BENCH_ENGINE_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_ENGINE_PROFILE]
    : [];
  const child = spawn(process.execPath, [...nodeArgs, join(engineDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
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
  });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`engine exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = /Camunda REST at (\S+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
  });
  return { child, url };
}

// Each round gets its own process key and topics: a stopped client still has one long poll open,
// which must not take the next round's tasks.
const roundBpmn = (round) =>
  BPMN.replace('bench_three_tasks', `bench_${round}`).replace(
    /camunda:topic="bench-(\w+)"/g,
    `camunda:topic="bench-$1-${round}"`,
  );

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

async function runRound(url, rest, workers, options = {}) {
  const round = options.round ?? `w${workers}`;
  const count = options.count ?? N;
  await rest.deploy({
    deploymentName: round,
    resources: [{ name: `${round}.bpmn`, content: roundBpmn(round) }],
  });
  const handoff = [];
  const roundTrip = [];
  let done = 0;
  let resolveDone;
  const allDone = new Promise((r) => (resolveDone = r));
  const clients = [];
  const handler =
    (topic) =>
    async ({ task, taskService }) => {
      const called = Date.now();
      handoff.push(called - Date.parse(task.createTime));
      const vars = new Variables();
      if (topic === `bench-score-${round}`) vars.set('score', Math.random()).set('status', 'OK');
      await taskService.complete(task, vars);
      roundTrip.push(Date.now() - called);
      if (topic === `bench-report-${round}` && ++done === count) resolveDone();
    };
  for (let w = 0; w < workers; w++) {
    const client = new Client({
      baseUrl: url,
      workerId: `bench-${workers}-${w}`,
      asyncResponseTimeout: 20_000,
      interval: 0,
      maxTasks: 10,
      lockDuration: 60_000,
      interceptors: new BasicAuthInterceptor({ username: auth.user, password: auth.password }),
    });
    for (const name of ['prepare', 'score', 'report']) {
      const topic = `bench-${name}-${round}`;
      client.subscribe(topic, handler(topic));
    }
    clients.push(client);
  }
  const started = Date.now();
  let next = 0;
  const starter = async () => {
    while (next < count) {
      next++;
      if (options.ratePerSecond)
        await sleep(Math.max(0, started + (next * 1000) / options.ratePerSecond - Date.now()));
      await rest.startProcessInstanceByKey(`bench_${round}`, {
        variables: { input: { value: 'x', type: 'String' } },
      });
    }
  };
  await Promise.all(Array.from({ length: options.ratePerSecond ? 1 : 4 }, starter));
  await allDone;
  const seconds = (Date.now() - started) / 1000;
  for (const client of clients) client.stop();
  return { seconds, handoff, roundTrip };
}

async function stateSize(rest, conn) {
  const parked = 50;
  for (let i = 0; i < parked; i++) await rest.startProcessInstanceByKey('bench_three_tasks', {});
  const [[runtime]] = await conn.query(
    'SELECT AVG(LENGTH(state)) AS state, AVG(LENGTH(variables) + LENGTH(waits)) AS rest FROM eng_process_instance',
  );
  await conn.query('ANALYZE TABLE eng_hist_activity_instance, eng_hist_process_instance');
  const [[tables]] = await conn.query(
    `SELECT SUM(CASE WHEN table_name = 'eng_hist_activity_instance' THEN data_length + index_length END) AS act,
            SUM(CASE WHEN table_name = 'eng_hist_process_instance' THEN data_length + index_length END) AS proc
       FROM information_schema.tables WHERE table_schema = ?`,
    [database],
  );
  const [[counts]] = await conn.query('SELECT COUNT(*) AS n FROM eng_hist_process_instance');
  return { runtime, tables, histInstances: Number(counts.n) };
}

async function main() {
  const admin = await mysql.createConnection(db);
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  const { child, url } = await startEngine();
  const conn = await mysql.createConnection({ ...db, database });
  try {
    const rest = new CamundaRestClient({ baseUrl: url, auth });
    await rest.deploy({
      deploymentName: 'bench',
      resources: [{ name: 'bench.bpmn', content: BPMN }],
    });
    console.log(
      `engine bench: ${N} instances per round, 3 external tasks + 1 exclusive gateway, engine at ${url}`,
    );
    console.log(
      'workers  instances/s  hand-off p50/p99 ms  round-trip p50/p99 ms  CPU ms/instance: engine mysqld workers',
    );
    const mysqld = Number(execFileSync('pgrep', ['-o', '-x', 'mariadbd|mysqld']).toString().trim());
    const cpuNow = () => ({
      engine: cpuMs(child.pid),
      mysqld: cpuMs(mysqld),
      workers: cpuMs(process.pid),
    });
    const row = (label, r, count, before) => {
      const after = cpuNow();
      const per = (k) => ((after[k] - before[k]) / count).toFixed(1);
      console.log(
        `${label.padStart(7)}  ${(count / r.seconds).toFixed(1).padStart(11)}  ` +
          `${percentile(r.handoff, 50)} / ${percentile(r.handoff, 99)}`.padStart(19) +
          `  ${percentile(r.roundTrip, 50)} / ${percentile(r.roundTrip, 99)}`.padStart(21) +
          `  ${per('engine').padStart(22)} ${per('mysqld').padStart(7)} ${per('workers').padStart(7)}`,
      );
    };
    for (const workers of WORKER_COUNTS) {
      const before = cpuNow();
      const r = await runRound(url, rest, workers);
      row(String(workers), r, N, before);
    }
    // Hand-off when the engine is not saturated: instances started at a steady 5 per second.
    const paced = 50;
    const before = cpuNow();
    const light = await runRound(url, rest, 4, { round: 'paced', count: paced, ratePerSecond: 5 });
    row('4@5/s', light, paced, before);
    const size = await stateSize(rest, conn);
    console.log(
      `state per active instance (waiting at its first task): ${Math.round(size.runtime.state)} B engine state + ` +
        `${Math.round(size.runtime.rest)} B variables/waits`,
    );
    console.log(
      `history per instance (InnoDB data+index / ${size.histInstances} instances): ` +
        `${Math.round((Number(size.tables.act) + Number(size.tables.proc)) / size.histInstances)} B`,
    );
  } finally {
    child.kill('SIGTERM');
    await conn.end();
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
