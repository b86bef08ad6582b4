// Runs the whole suite: build (typecheck), lint, format, then every package's Vitest suite in turn
// (one at a time: the machine has two cores and the suites share MySQL and Redis).
// Each check counts as one test; each Vitest suite reports its own counts through its JSON reporter.
// Ends with the line `tests: N passed, N failed` and exits non-zero on any failure.
//
// Usage: node scripts/test-all.mjs [--only name[,name]] [--skip-checks]
import { spawnSync } from 'node:child_process';
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

function run(cmd, cmdArgs, cwd = root) {
  const started = Date.now();
  const result = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env: process.env });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, cmdArgs) {
  console.log(`\n=== check: ${name}`);
  const { ok, seconds } = run(cmd, cmdArgs);
  console.log(`=== check: ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds}s`);
  record(name, ok ? 1 : 0, ok ? 0 : 1);
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

function runSuite({ name, dir }) {
  const outFile = join(resultsDir, `${name.replace(/[@/]/g, '_')}.json`);
  rmSync(outFile, { force: true });
  console.log(`\n=== suite: ${name} (${dir})`);
  const { ok, seconds } = run(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outFile}`,
    ],
    join(root, dir),
  );
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

mkdirSync(resultsDir, { recursive: true });
if (!skipChecks) {
  // Sources first, then the test files' typecheck (typecheck:spec): tests of one service start
  // others (billing's start the gateway, the gateway's start billing), so they typecheck only once
  // every package's declarations are built.
  check('build and typecheck', 'sh', [
    '-c',
    'pnpm -r --workspace-concurrency=1 run build && pnpm -r --workspace-concurrency=1 --if-present run typecheck:spec',
  ]);
  check('lint (eslint)', 'pnpm', ['run', 'lint']);
  check('format (prettier)', 'pnpm', ['run', 'format']);
  // No import cycles between modules (type-only imports count: they tie the files' designs together).
  check('import cycles (madge)', 'pnpm', ['run', 'cycles']);
  // The Operaton engine's own unit tests (deploy/engine: the expression manager and the condition
  // grammar of issue 25; no Spring context, a few seconds), where Java and Maven are installed.
  if (hasCommand('java', ['-version']) && hasCommand('mvn', ['-v'])) {
    check('engine unit tests (mvn test)', 'mvn', [
      '-q',
      '-B',
      '-f',
      'deploy/engine/pom.xml',
      'test',
    ]);
  } else {
    console.log('\n=== check: engine unit tests skipped (no Java or Maven here)');
  }
  // Every UI string extracted, and every one of them translated into Chinese.
  check('translations (lingui extract, zh complete)', 'pnpm', [
    '--filter',
    '@platform/web',
    'run',
    'extract',
  ]);
}
for (const pkg of workspacePackages()) runSuite(pkg);

if (failures.length) console.log(`\nfailures:\n  ${failures.join('\n  ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
