// Benchmark of issue 14: ledger entries per second through LedgerService.post (account row locked
// FOR UPDATE, entry + account + credited event in one transaction) on the real MariaDB: all writers
// on ONE hot account, then spread over 1,000 accounts. Ends with the ledger check (balance = Σ
// entries for every account). Usage: pnpm bench:ledger [-- --seconds 10 --concurrency 16]
// Needs a build of services/billing (pnpm --filter @platform/billing run build) and MariaDB on loopback.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';

const require = createRequire(import.meta.url);
const billing = require('../../services/billing/dist/index.js');
const { checkLedger } = require('../../services/billing/dist/ledger/ledger-check.js');
const {
  dropDatabase,
  migrateServiceDatabase,
} = require('../../packages/nest-common/dist/index.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const concurrency = arg('concurrency', 16);
const accounts = arg('accounts', 1000);

const base = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const url = `${base}/bench_ledger_${process.pid}`;

/** Runs `concurrency` writers for `seconds`; each picks its user with `userOf(n)`. */
async function run(ledger, label, userOf) {
  let posted = 0;
  let seq = 0;
  const latencies = [];
  const until = Date.now() + seconds * 1000;
  const writer = async (w) => {
    while (Date.now() < until) {
      const n = seq++;
      const started = performance.now();
      await ledger.post({
        userId: userOf(n),
        points: 1,
        reason: 'adminAdd',
        idempotencyKey: `bench:${label}:${w}:${n}`,
        reference: { type: 'admin', id: String(n) },
        operator: 'bench',
      });
      latencies.push(performance.now() - started);
      posted += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => writer(w)));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  console.log(
    `${label.padEnd(22)} ${String(Math.round(posted / elapsed)).padStart(6)} entries/s   ` +
      `(${posted} in ${elapsed.toFixed(1)} s, ${concurrency} writers; ` +
      `p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms)`,
  );
}

await migrateServiceDatabase(url, billing.billingDataSource);
const db = await billing.billingDataSource(url).initialize();
try {
  const ledger = new billing.LedgerService(db);
  // Warm-up: create the accounts so both runs measure postings, not first inserts.
  for (let u = 1; u <= accounts; u += 1) {
    await ledger.post({
      userId: u,
      points: 1,
      reason: 'adminAdd',
      idempotencyKey: `bench:seed:${u}`,
      reference: { type: 'admin', id: 'seed' },
      operator: 'bench',
    });
  }
  console.log(
    `ledger bench: MariaDB at ${base}, ${seconds} s per run, pool of 10 connections, ` +
      `${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}`,
  );
  await run(ledger, 'one hot account', () => 1);
  await run(ledger, `${accounts} accounts`, (n) => 1 + ((n * 7919) % accounts));
  const check = await checkLedger(db);
  console.log(
    `ledger check: ${check.accounts} accounts, ${check.entries} entries, ${check.mismatches.length} mismatches`,
  );
  if (check.mismatches.length) process.exitCode = 1;
} finally {
  await db.destroy();
  await dropDatabase(url);
}
