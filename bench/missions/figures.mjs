// What bench:missions measured on Operaton as each change of issue 31 went in, printed beside a run's own
// figures so that a run reads against them: the flat-out phase (24 missions in flight) on the project's
// 2-core machine, CPU milliseconds per completed mission by process (mysqld and redis are shared with
// whatever else ran, so the load average is given too). Each row is one run taken right after the change,
// with the same options; runs taken minutes apart on a loaded machine differ by 10-20 %, so a row's effect
// is the difference to the row before it, not a precise figure.

/** Issue 31's target for one machine: CPU per mission and missions a second, on Operaton. */
export const TARGET = { cpuMsPerMission: 60, missionsPerSecond: 25 };

/**
 * change: what was added in the run (cumulative); options: the bench's; load: the 1-minute load average
 * at the start of the run; cpu: ms per mission flat out.
 */
export const RECORDED = [
  {
    change: "the issue's figures, before issue 31 (a quieter machine)",
    options: 'defaults',
    load: null,
    missionsPerSecond: 11.7,
    cpu: { operaton: 32, 'mysqld*': 36, workflow: 20, 'agent-worker': 20, gateway: 7 },
    total: 123,
  },
  // 2026-11-29, --steady 10 --warmup 60 --seconds 30, other helpers' runs loading the machine.
  {
    change: 'before issue 31 again: C1, history full, 3 calls a node',
    options: '--engine operaton-before',
    load: '3.4-4.7',
    missionsPerSecond: 7.0,
    cpu: { operaton: 56.5, 'mysqld*': 65.9, workflow: 45.4, 'agent-worker': 40.9, gateway: 11.2 },
    total: 240,
  },
  {
    change: '+ node-begin, 6 worker statements a node, mission log group-committed',
    options: '--engine operaton-before',
    load: '7.9-3.9',
    missionsPerSecond: 8.3,
    cpu: { operaton: 47.3, 'mysqld*': 55.0, workflow: 36.9, 'agent-worker': 27.0, gateway: 9.4 },
    total: 196,
  },
  {
    change: '+ engine: C2, history audit, job executor 1-2 threads',
    options: '--engine operaton',
    load: '11.7-8.1',
    missionsPerSecond: 4.2,
    cpu: { operaton: 73.8, 'mysqld*': 69.5, workflow: 47.8, 'agent-worker': 37.8, gateway: 13.2 },
    total: 272,
  },
  // One run, --engine operaton-before,operaton: the new code on both engine settings, back to back.
  {
    change: 'new code, engine as before (C1, full), back to back with the next row',
    options: '--engine operaton-before,operaton',
    load: '10-8',
    missionsPerSecond: 3.1,
    cpu: { operaton: 59.0, 'mysqld*': 66.4, workflow: 47.6, 'agent-worker': 37.8, gateway: 13.2 },
    total: 257,
  },
  {
    change: 'new code, engine C2 and audit',
    options: '--engine operaton-before,operaton',
    load: '8-4.6',
    missionsPerSecond: 9.3,
    cpu: { operaton: 44.1, 'mysqld*': 42.1, workflow: 31.5, 'agent-worker': 23.0, gateway: 8.1 },
    total: 163,
  },
  {
    change: '+ AGENT_WORKER_MAX_TASKS 8 (bench --max-tasks 8; the service default stays 4)',
    options: '--engine operaton --max-tasks 8',
    load: '4.2-5.6',
    missionsPerSecond: 11.6,
    cpu: { operaton: 39.7, 'mysqld*': 42.7, workflow: 29.3, 'agent-worker': 20.0, gateway: 6.9 },
    total: 154,
  },
  // A quiet machine (no other bench or build), default 4 tasks at once, --warmup 60: C2 was still
  // compiling in part of the window (docs/throughput.md), as in every row above taken with C2.
  {
    change:
      "+ engine: service account's commands unchecked, engine lookup cached, server-side statements",
    options: '--engine operaton',
    load: '0.5-3.1',
    missionsPerSecond: 10.8,
    cpu: { operaton: 41.9, 'mysqld*': 36.0, workflow: 31.9, 'agent-worker': 19.9, gateway: 5.7 },
    total: 146,
  },
  // 2026-11-30, the same options, load 2.5-3.4 (another session's runs beside it): the code before and
  // after, back to back, the third of three such pairs (docs/throughput.md).
  {
    change: 'the code before the next row, back to back with it',
    options: '--engine operaton',
    load: '2.5-3.4',
    missionsPerSecond: 9.9,
    cpu: { operaton: 40.4, 'mysqld*': 37.5, workflow: 32.4, 'agent-worker': 21.6, gateway: 7.8 },
    total: 155,
  },
  {
    change: "+ tasks fetched with the mission's variables only, not the earlier nodes' outputs",
    options: '--engine operaton',
    load: '3.2-3.4',
    missionsPerSecond: 11.1,
    cpu: { operaton: 35.2, 'mysqld*': 32.5, workflow: 28.1, 'agent-worker': 19.0, gateway: 6.8 },
    total: 135,
  },
  // 2026-11-30, the same options: the new code on the engine as before and with the pool's connections
  // in autocommit off, back to back (the fifth pair of docs/throughput.md).
  {
    change: 'the same code and engine again, back to back with the next row',
    options: '--engine operaton',
    load: '1.0-3.9',
    missionsPerSecond: 9.6,
    cpu: { operaton: 39.5, 'mysqld*': 41.0, workflow: 34.9, 'agent-worker': 24.6, gateway: 8.9 },
    total: 165,
  },
  {
    change:
      "+ engine: the pool's connections start with autocommit off (no set autocommit a transaction)",
    options: '--engine operaton',
    load: '3.7-3.6',
    missionsPerSecond: 10.5,
    cpu: { operaton: 37.8, 'mysqld*': 35.0, workflow: 30.7, 'agent-worker': 21.0, gateway: 7.5 },
    total: 147,
  },
  // 2026-11-30 (a later session), the same options, nothing else running: the worker's tasks at
  // once fixed at 4 (--max-tasks 4, the default before) and adaptive up to 16, back to back; both
  // without mysql2's per-query stack capture.
  {
    change:
      'the same again, tasks at once fixed at 4 (--max-tasks 4), back to back with the next row',
    options: '--engine operaton --max-tasks 4',
    load: '2.1-3.2',
    missionsPerSecond: 8.8,
    cpu: { operaton: 47.7, 'mysqld*': 45.5, workflow: 39.7, 'agent-worker': 26.3, gateway: 8.5 },
    total: 182,
  },
  {
    change:
      "+ worker: tasks at once adapt to its event loop, from 4 up to 16 (the service's default)",
    options: '--engine operaton',
    load: '3.2-5.1',
    missionsPerSecond: 11.7,
    cpu: { operaton: 43.0, 'mysqld*': 42.3, workflow: 33.0, 'agent-worker': 20.5, gateway: 6.0 },
    total: 156,
  },
  // The same code with --steady 5 --warmup 240: C2 has compiled before the window (docs/throughput.md).
  {
    change: 'the same, 240 s warm-up (C2 done): the engine as it runs for days',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '0.1-5.1',
    missionsPerSecond: 19.2,
    cpu: { operaton: 15.3, 'mysqld*': 31.5, workflow: 22.3, 'agent-worker': 13.3, gateway: 4.1 },
    total: 94,
  },
  // 2026-11-30 (a third session), --steady 5 --warmup 240 --statements 10, back to back, nothing else
  // running: a slower machine than the row above (the same code ran at half its rate), so only the
  // pair compares. The statements (general log) are the firm figure: 184 -> 154 a mission.
  {
    change:
      "the code of the row above, on this day's slower machine, back to back with the next row",
    options: '--engine operaton --steady 5 --warmup 240',
    load: '1.9-6.4',
    missionsPerSecond: 9.6,
    cpu: { operaton: 45.2, 'mysqld*': 51.9, workflow: 43.4, 'agent-worker': 26.4, gateway: 7.6 },
    total: 189,
  },
  {
    change:
      '+ services: agents cached, mission reads grouped, one-statement inserts and moves (workflow 39 -> 19 statements, worker 18 -> 8)',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '6.0-5.0',
    missionsPerSecond: 11.1,
    cpu: { operaton: 37.5, 'mysqld*': 48.9, workflow: 34.1, 'agent-worker': 21.8, gateway: 7.8 },
    total: 165,
  },
  // 2026-11-30, --steady 5 --warmup 240 --seconds 30, back to back, nothing else running; a slower day.
  {
    change: "the code before the next row, back to back with it (this day's machine)",
    options: '--engine operaton --steady 5 --warmup 240',
    load: '1.7-6.6',
    missionsPerSecond: 12.0,
    cpu: { operaton: 29.7, 'mysqld*': 44.5, workflow: 32.1, 'agent-worker': 22.4, gateway: 8.0 },
    total: 150,
  },
  {
    change:
      '+ engine: no removal times written at the end; small inputs and outputs String (120 -> 88)',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '6.6-5.9',
    missionsPerSecond: 15.2,
    cpu: { operaton: 23.0, 'mysqld*': 34.2, workflow: 26.0, 'agent-worker': 17.7, gateway: 6.6 },
    total: 119,
  },
  // The same pair an hour later, the other way round (a faster hour: the code before ran at 121 ms);
  // listed before -> after like the others.
  {
    change: 'the code before it again, an hour later (118.5 Operaton statements; run second)',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '6.3-5.8',
    missionsPerSecond: 14.9,
    cpu: { operaton: 25.0, 'mysqld*': 37.0, workflow: 25.4, 'agent-worker': 16.6, gateway: 6.1 },
    total: 121,
  },
  {
    change: '+ the same change (run first, back to back with the row above)',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '1.8-6.3',
    missionsPerSecond: 16.7,
    cpu: { operaton: 20.7, 'mysqld*': 31.1, workflow: 24.2, 'agent-worker': 15.9, gateway: 5.7 },
    total: 108,
  },
  // 2026-11-30, a faster day (the code of the row above ran at 51 ms): back to back, nothing else
  // running. Totals are every process's (identity, billing, notification and redis included).
  {
    change: "the code before the next row, on this day's faster machine (87.8 Operaton statements)",
    options: '--engine operaton --steady 5 --warmup 240',
    load: '4.1-4.8',
    missionsPerSecond: 34.2,
    cpu: { operaton: 9.4, 'mysqld*': 15.6, workflow: 11.3, 'agent-worker': 7.2, gateway: 2.5 },
    total: 51,
  },
  {
    change:
      "+ engine: external tasks in their parent's execution, no child execution a node (-> 73.5)",
    options: '--engine operaton --steady 5 --warmup 240',
    load: '2.6-4.1',
    missionsPerSecond: 37.2,
    cpu: { operaton: 8.5, 'mysqld*': 14.1, workflow: 10.2, 'agent-worker': 6.8, gateway: 2.5 },
    total: 46,
  },
  // The code from before issue 31 (f297b98, its own jar and bench) on the same day, back to back with
  // the row after it: what the issue reported (123 ms, 11.7 a second), so the day's machine is the issue's.
  {
    change: 'before issue 31 (f297b98), the same day, back to back with the next row',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '1.6-2.2',
    missionsPerSecond: 11.4,
    cpu: { operaton: 33.1, 'mysqld*': 39.5, workflow: 24.0, 'agent-worker': 19.3, gateway: 4.6 },
    total: 128,
  },
  {
    change: 'all of issue 31 so far (488f400)',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '2.2-4.9',
    missionsPerSecond: 34.7,
    cpu: { operaton: 9.4, 'mysqld*': 15.2, workflow: 11.2, 'agent-worker': 7.2, gateway: 2.6 },
    total: 50,
  },
  // The same pair the other way round, right after.
  {
    change: 'all of issue 31 so far again, run first this time',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '4.1-5.9',
    missionsPerSecond: 35.8,
    cpu: { operaton: 8.9, 'mysqld*': 15.0, workflow: 10.5, 'agent-worker': 7.2, gateway: 2.6 },
    total: 48,
  },
  {
    change: 'before issue 31 (f297b98) again, run second',
    options: '--engine operaton --steady 5 --warmup 240',
    load: '5.9-3.6',
    missionsPerSecond: 11.2,
    cpu: { operaton: 34.5, 'mysqld*': 40.5, workflow: 24.8, 'agent-worker': 18.8, gateway: 5.0 },
    total: 131,
  },
];

const SHOWN = ['operaton', 'mysqld*', 'workflow', 'agent-worker', 'gateway'];

/** CPU per mission of every process but the bench's own (the platform, mysqld and redis). */
export function totalCpu(cpu) {
  return Object.entries(cpu)
    .filter(([name, ms]) => name !== 'bench' && Number.isFinite(ms))
    .reduce((sum, [, ms]) => sum + ms, 0);
}

const f0 = (v) => (Number.isFinite(v) ? v.toFixed(0) : '–');
const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '–');

/**
 * The recorded rows, then this run's Operaton platforms (`runs`: { label, rate, cpu, load: the
 * 1-minute load average at its start and end }; with
 * --engine operaton-before,operaton both), and whether the last meets issue 31's target.
 */
export function printAgainstRecorded(runs) {
  console.log(
    `\n  ${'issue 31, change by change (Operaton, flat out)'.padEnd(96)} ${'missions/s'.padStart(10)}` +
      ` ${'CPU ms/mission'.padStart(14)} ${SHOWN.map((n) => n.replace('agent-', '').padStart(9)).join('')}`,
  );
  const row = (label, r) =>
    console.log(
      `  ${label.slice(0, 96).padEnd(96)} ${f1(r.missionsPerSecond).padStart(10)} ${f0(r.total).padStart(14)}` +
        SHOWN.map((n) => f0(r.cpu[n]).padStart(9)).join(''),
    );
  for (const r of RECORDED) row(`${r.change}${r.load != null ? ` [load ${r.load}]` : ''}`, r);
  for (const r of runs) {
    row(`this run: ${r.label} [load ${r.load}]`, {
      missionsPerSecond: r.rate,
      total: totalCpu(r.cpu),
      cpu: r.cpu,
    });
  }
  const last = runs.at(-1);
  if (!last) return;
  const total = totalCpu(last.cpu);
  console.log(
    `  target (issue 31), ${last.label}: CPU per mission ≤ ${TARGET.cpuMsPerMission} ms: ${f0(total)} ` +
      `(${total <= TARGET.cpuMsPerMission ? 'met' : 'not met'}); ≥ ${TARGET.missionsPerSecond} missions/s: ` +
      `${f1(last.rate)} (${last.rate >= TARGET.missionsPerSecond ? 'met' : 'not met'}). Figures of a loaded ` +
      `machine are higher: read them with the load average.`,
  );
}
