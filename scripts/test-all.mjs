// Runs the whole suite: build (typecheck), then lint, format and the other checks in two lanes side by
// side, then the Vitest suites: the packages' and web's beside the services', then the browser suite
// alone. Two lanes because the machine has two cores and much of a service suite is waiting.
// Each check counts as one test; each Vitest suite reports its own counts through its JSON reporter.
// Ends with the line `tests: N passed, N failed` and exits non-zero on any failure.
//
// Usage: node scripts/test-all.mjs [--only name[,name]] [--skip-checks]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const resultsDir = join(root, '.test-results');
const args = process.argv.slice(2);
const only = valueOf('--only')?.split(',');
const skipChecks = args.includes('--skip-checks');

function valueOf(flag) {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

const totals = { passed: 0, failed: 0 };
const failures = [];

/** Runs a command with its output shown as it comes (not blocking: setup jobs run beside it). */
function run(cmd, cmdArgs, cwd = root) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd, stdio: 'inherit', env: process.env });
    child.on('close', (code) =>
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    );
  });
}

async function check(name, cmd, cmdArgs) {
  console.log(`\n=== check: ${name}`);
  const { ok, seconds } = await run(cmd, cmdArgs);
  console.log(`=== check: ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds}s`);
  record(name, ok ? 1 : 0, ok ? 0 : 1);
}

/**
 * Runs a command with its output held back and printed whole when it ends, under `title`: what runs
 * side by side does not interleave its lines.
 */
function runQuietly(title, cmd, cmdArgs, cwd = root) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${title}`);
      const printed = Buffer.concat(output);
      process.stdout.write(printed);
      // Maven's quiet mode ends on colour codes without a newline: the result line starts its own.
      if (printed.length && printed.at(-1) !== 0x0a) process.stdout.write('\n');
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

async function checkQuietly(name, cmd, cmdArgs) {
  const { ok, seconds } = await runQuietly(`check: ${name}`, cmd, cmdArgs);
  console.log(`=== check: ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds}s`);
  record(name, ok ? 1 : 0, ok ? 0 : 1);
}

/** Runs the lanes side by side, each lane's checks one after another. */
async function checkLanes(lanes) {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [name, cmd, cmdArgs] of lane) await checkQuietly(name, cmd, cmdArgs);
    }),
  );
}

function hasCommand(cmd, cmdArgs) {
  return spawnSync(cmd, cmdArgs, { stdio: 'ignore' }).status === 0;
}

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  if (failed > 0) failures.push(`${name}: ${failed} failed`);
}

function workspacePackages() {
  const out = spawnSync('pnpm', ['-r', 'ls', '--json', '--depth', '-1'], {
    cwd: root,
    encoding: 'utf8',
  });
  const list = JSON.parse(out.stdout || '[]');
  const order = (dir) =>
    dir.startsWith('packages/') ? 0 : dir.startsWith('services/') ? 1 : dir === 'web' ? 2 : 3;
  return list
    .map((p) => ({ name: p.name, dir: relative(root, p.path) }))
    .filter((p) => p.dir !== '')
    .filter((p) => {
      const pkg = JSON.parse(readFileSync(join(root, p.dir, 'package.json'), 'utf8'));
      return Boolean(pkg.scripts?.test);
    })
    .filter((p) => !only || only.some((o) => p.name.includes(o) || p.dir.includes(o)))
    .sort((a, b) => order(a.dir) - order(b.dir) || a.dir.localeCompare(b.dir));
}

async function runSuite({ name, dir }, { quiet }) {
  const outFile = join(resultsDir, `${name.replace(/[@/]/g, '_')}.json`);
  rmSync(outFile, { force: true });
  const vitest = [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ];
  const title = `suite: ${name} (${dir})`;
  if (!quiet) console.log(`\n=== ${title}`);
  const { ok, seconds } = quiet
    ? await runQuietly(title, 'pnpm', vitest, join(root, dir))
    : await run('pnpm', vitest, join(root, dir));
  if (!existsSync(outFile)) {
    console.log(`=== suite: ${name} produced no report (crashed) in ${seconds}s`);
    record(name, 0, 1);
    return;
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  // A file that fails to load has no tests in it; count it as a failure so it cannot pass silently.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  const unexplained = ok || report.numFailedTests || brokenFiles ? 0 : 1; // e.g. globalSetup threw
  const failed = report.numFailedTests + brokenFiles + unexplained;
  console.log(
    `=== suite: ${name}: ${report.numPassedTests} passed, ${failed} failed in ${seconds}s`,
  );
  record(name, report.numPassedTests, failed);
  failures.push(...failedTests(report));
}

// CI shows only the end of the output: name each failed test there, with its message's first line.
function failedTests(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const firstLine = (test.failureMessages[0] ?? '').split('\n')[0].slice(0, 300);
        return `  × ${relative(root, file.name)} > ${test.fullName}: ${firstLine}`;
      }),
  );
}

/**
 * A setup step of scripts/lib.sh, run beside the build: it needs nothing the build makes, and spends
 * much of its time waiting for the network (on a fresh machine Maven and apt download). A failure
 * fails the run.
 */
function setupInBackground(title, functions) {
  const script = `source scripts/lib.sh && ${functions.join(' && ')}`;
  return runQuietly(`setup: ${title}`, 'bash', ['-c', script]).then(({ ok, seconds }) => {
    console.log(`=== setup: ${title} ${ok ? 'done' : 'FAILED'} in ${seconds}s`);
    if (!ok) record(`setup: ${title}`, 0, 1);
  });
}

mkdirSync(resultsDir, { recursive: true });
const suites = workspacePackages();
const selected = (dir) => suites.some((p) => p.dir === dir);
// The Operaton jar for the engine's unit tests (the checks) and the suites that start Operaton; Chromium
// for the browser suite and docker-compose for the deployment's (deploy) suite, each only when its
// suite runs (`--only deploy` does not wait for Chromium).
const engineJarReady = setupInBackground('Operaton jar (Maven)', ['ensure_engine_jar']);
const debianPackages = [
  ...(selected('e2e') ? ['ensure_chromium'] : []),
  ...(selected('deploy') ? ['ensure_compose'] : []),
];
const debianPackagesReady = debianPackages.length
  ? setupInBackground('Chromium and docker-compose (Debian)', debianPackages)
  : Promise.resolve();
if (!skipChecks) {
  // Sources first, then the test files' typecheck (typecheck:spec): tests of one service start
  // others (billing's start the gateway, the gateway's start billing), so they typecheck only once
  // every package's declarations are built. One package at a time: the web app built beside the
  // others was no faster (30 November 2026: 233 s against 237 s; the build keeps both cores busy).
  await check('build and typecheck', 'sh', [
    '-c',
    'pnpm -r --workspace-concurrency=1 run build && pnpm -r --workspace-concurrency=1 --if-present run typecheck:spec',
  ]);
  // The rest in two lanes side by side (the machine has two cores), about a minute and a half each;
  // Maven's unit tests build in deploy/engine/target, where the jar is built.
  await engineJarReady;
  const engineTests = hasCommand('java', ['-version']) && hasCommand('mvn', ['-v']);
  if (!engineTests) console.log('\n=== check: engine unit tests skipped (no Java or Maven here)');
  await checkLanes([
    [
      ['lint (eslint)', 'pnpm', ['run', 'lint']],
      // Every UI string extracted, and every one of them translated into Chinese.
      [
        'translations (lingui extract, zh complete)',
        'pnpm',
        ['--filter', '@platform/web', 'run', 'extract'],
      ],
    ],
    [
      ['format (prettier)', 'pnpm', ['run', 'format']],
      // No import cycles between modules (type-only imports count: they tie the files' designs together).
      ['import cycles (madge)', 'pnpm', ['run', 'cycles']],
      // The Operaton engine's own unit tests (deploy/engine: the expression manager and the condition
      // grammar of issue 25; no Spring context, a few seconds), where Java and Maven are installed.
      ...(engineTests
        ? [
            [
              'engine unit tests (mvn test)',
              'mvn',
              ['-q', '-B', '-f', 'deploy/engine/pom.xml', 'test'],
            ],
          ]
        : []),
    ],
  ]);
}
// The suites in two lanes side by side (each run has its own databases and its own NAMESPACE for
// Redis keys and transport subjects): the packages', the web app's and the workflow service's in
// one, the other services' in the other, about eight minutes each here (30 November 2026: 472 and
// 488 s; gateway 250 s, engine 162 s, workflow 133 s, agent-worker 110 s, web 73 s); then the
// browser suite (e2e) alone, about eighteen minutes: it starts the whole stack and a Chromium a file.
await Promise.all([engineJarReady, debianPackagesReady]);
const inFirstLane = (p) =>
  p.dir.startsWith('packages/') || p.dir === 'web' || p.dir === 'services/workflow';
const lanes = [
  suites.filter(inFirstLane),
  suites.filter((p) => !inFirstLane(p) && p.dir.startsWith('services/')),
];
await Promise.all(
  lanes.map(async (lane) => {
    for (const pkg of lane) await runSuite(pkg, { quiet: true });
  }),
);
const laned = new Set(lanes.flat());
for (const pkg of suites.filter((p) => !laned.has(p))) await runSuite(pkg, { quiet: false });

if (failures.length) console.log(`\nfailures:\n  ${failures.join('\n  ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
