// The Operaton engine of deploy/engine: build it with Maven (only when the jar is missing or older than its
// sources) and start it, waiting until its REST API answers with credentials.
//
//   node scripts/engine.mjs build            build if needed
//   node scripts/engine.mjs start            build if needed, start, wait, print the addresses; Ctrl+C stops it
//
// Environment: the process's, then `.env` at the repository root (as scripts/platform.mjs reads it).
// ENGINE_HOST, ENGINE_PORT, ENGINE_DB_URL, ENGINE_USER, ENGINE_PASSWORD, ENGINE_TOKEN, ENGINE_PROXY_SECRET
// and NODE_ENV go to the engine (see deploy/engine/README.md). ENGINE_JAVA_OPTS replaces the JVM options
// below; JAVA_HOME picks the Java; MVN the Maven command.
//
// Started as root (scripts/up.sh on a server), the JVM runs as the system user `operaton` (created when
// missing), through setpriv, with no capabilities and no way to gain privileges; it reads the jar and
// writes only its own temporary directory (its log is written by this process from its output).
// ENGINE_RUN_AS_ROOT=1 keeps root (not advised).
//
// Exported for scripts/platform.mjs: engineJar, needsBuild, buildEngine, startEngine, stopEngine,
// waitForEngine, engineAddresses, engineSignIn, hasJava, hasMaven, portInUse, loadDotEnv,
// ENGINE_SYSTEM_USER.
import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { ENGINE_CREDENTIALS_FILE, ensureEngineCredentials } from './engine-credentials.mjs';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const engineDir = join(root, 'deploy', 'engine');
const pom = join(engineDir, 'pom.xml');

/** The runnable jar Maven builds (pom.xml: finalName platform-engine). */
export const engineJar = join(engineDir, 'target', 'platform-engine.jar');

/**
 * JVM options for a 2-core machine shared with the Node services: a bounded heap and metaspace, the serial
 * collector (no parallel GC threads, the smallest footprint) and small thread stacks. The JIT is tiered up
 * to C2 (issue 31; it was C1 only, -XX:TieredStopAtLevel=1): C1 starts a little faster, but the engine is
 * the platform's largest CPU user under load and runs for days, so its steady state counts, which C2's code
 * reaches once warm (bench:engine with BENCH_ENGINES=operaton-before,operaton compares the two). Two
 * compiler threads, and code cache room for C2's code; memory stays bounded by the heap and metaspace.
 */
export const DEFAULT_JAVA_OPTS = [
  '-Xms64m',
  '-Xmx512m',
  '-XX:MaxMetaspaceSize=192m',
  '-XX:ReservedCodeCacheSize=128m',
  '-XX:+UseSerialGC',
  '-XX:CICompilerCount=2',
  '-Xss512k',
  '-XX:+ExitOnOutOfMemoryError',
];

/**
 * For an engine a test starts (its ENGINE_JAVA_OPTS): it lives a minute or two, most of it starting, so
 * C1 only, which takes 40 % less CPU to start (30 November 2026: 11 s against 19 s; the tests start
 * seven of them). The benches keep the defaults.
 */
export const TEST_JAVA_OPTS = [...DEFAULT_JAVA_OPTS, '-XX:TieredStopAtLevel=1'];

/** `.env` at the repository root as key → value (the same rules as scripts/platform.mjs). */
export function loadDotEnv(file = join(root, '.env')) {
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      const value = line
        .slice(at + 1)
        .trim()
        .replace(/^['"]|['"]$/g, '');
      return [line.slice(0, at).trim(), value];
    });
  return Object.fromEntries(entries);
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the jar is missing or older than pom.xml or anything under src/. */
export function needsBuild() {
  if (!existsSync(engineJar)) return true;
  const sources = Math.max(newestMtime(pom), newestMtime(join(engineDir, 'src')));
  return statSync(engineJar).mtimeMs < sources;
}

/** True when `java` (JAVA_HOME's, else the PATH's) runs here. */
export function hasJava(env = process.env) {
  return spawnSync(javaCommand(env), ['-version'], { stdio: 'ignore' }).status === 0;
}

/** True when Maven (MVN, else `mvn`) runs here; needed only while the jar must be built. */
export function hasMaven(env = process.env) {
  return spawnSync(env.MVN ?? 'mvn', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** True when something already listens on host:port. */
export function portInUse(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function javaCommand(env) {
  return env.JAVA_HOME ? join(env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** The unprivileged account Operaton runs under when it is started by root. */
export const ENGINE_SYSTEM_USER = 'operaton';

/** uid and gid of `user`, creating it as a system user (no home, no shell) when missing. */
function systemUser(user) {
  const ids = () => {
    const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : null;
  };
  if (ids()) return ids();
  const account = ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent'];
  spawnSync('useradd', [...account, '--shell', '/usr/sbin/nologin', user], { stdio: 'ignore' });
  return ids();
}

/**
 * How to run the JVM with least privilege: as root, through setpriv as ENGINE_SYSTEM_USER with a
 * temporary directory of its own; otherwise as the current user. Returns { prefix, javaOpts, env,
 * cleanup, user } or, when root cannot drop (no setpriv, no useradd, or the jar is not readable by
 * the user), the reason in `keptRoot`.
 */
function leastPrivilege(env) {
  const asIs = { prefix: [], javaOpts: [], env: {}, cleanup: () => undefined, user: null };
  if (process.getuid?.() !== 0 || env.ENGINE_RUN_AS_ROOT === '1') return asIs;
  const ids =
    spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0
      ? systemUser(ENGINE_SYSTEM_USER)
      : null;
  if (!ids) return { ...asIs, keptRoot: 'setpriv or useradd is missing' };
  const prefix = [
    'setpriv',
    `--reuid=${ids.uid}`,
    `--regid=${ids.gid}`,
    '--init-groups',
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--',
  ];
  const readable = spawnSync(prefix[0], [...prefix.slice(1), 'test', '-r', engineJar]);
  if (readable.status !== 0) {
    return { ...asIs, keptRoot: `${ENGINE_SYSTEM_USER} cannot read ${engineJar}` };
  }
  // Tomcat's work files and the JVM's temporary files; nothing else is the engine's to write.
  const tmp = mkdtempSync(join(tmpdir(), 'operaton-'));
  chownSync(tmp, ids.uid, ids.gid);
  return {
    prefix,
    javaOpts: [`-Djava.io.tmpdir=${tmp}`, `-Duser.home=${tmp}`],
    env: { HOME: tmp, TMPDIR: tmp },
    cleanup: () => rmSync(tmp, { recursive: true, force: true }),
    user: ENGINE_SYSTEM_USER,
  };
}

/**
 * Builds the jar with Maven when needsBuild(); reuses ~/.m2, so only the first build downloads.
 * Returns { built, ms }. Throws when Maven fails (its output is on the console).
 */
export function buildEngine({ env = process.env, force = false, log = console.log } = {}) {
  if (!force && !needsBuild()) return { built: false, ms: 0 };
  const mvn = env.MVN ?? 'mvn';
  const started = Date.now();
  log(
    `[engine] building ${engineJar.slice(root.length + 1)} with Maven (the first build downloads dependencies)`,
  );
  const result = spawnSync(mvn, ['-q', '-B', '-f', pom, '-DskipTests', 'package'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.error) throw new Error(`[engine] cannot run ${mvn}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`[engine] the Maven build failed (exit ${result.status})`);
  // Maven leaves the jar untouched when its content did not change; mark it as built now.
  const now = new Date();
  utimesSync(engineJar, now, now);
  const ms = Date.now() - started;
  log(`[engine] built in ${(ms / 1000).toFixed(1)} s`);
  return { built: true, ms };
}

/** Where the engine answers, from the same variables the engine reads. */
export function engineAddresses(env = process.env) {
  const host = env.ENGINE_HOST || '127.0.0.1';
  const port = env.ENGINE_PORT || '8085';
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const base = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  return { base, rest: `${base}/engine-rest`, cockpit: `${base}/operaton/app/cockpit/default/` };
}

function authorization(env) {
  if (env.ENGINE_PASSWORD) {
    const user = env.ENGINE_USER || 'platform';
    return `Basic ${Buffer.from(`${user}:${env.ENGINE_PASSWORD}`).toString('base64')}`;
  }
  if (env.ENGINE_TOKEN) return `Bearer ${env.ENGINE_TOKEN}`;
  return undefined;
}

/**
 * Polls GET /engine-rest/version with the credentials until it answers 200. Rejects on timeout, on 401
 * (wrong credentials) or when `child` exits first. Returns the engine's version.
 */
export async function waitForEngine({ env = process.env, timeoutMs = 180_000, child } = {}) {
  const { rest } = engineAddresses(env);
  const headers = { authorization: authorization(env) };
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once('exit', (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`[engine] the engine stopped while starting (${exited})`);
    try {
      const res = await fetch(`${rest}/version`, { headers, signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return (await res.json()).version;
      if (res.status === 401)
        throw new Error(
          `[engine] ${rest} refused the credentials (401): check ENGINE_USER/ENGINE_PASSWORD/ENGINE_TOKEN`,
        );
    } catch (error) {
      if (error.message.startsWith('[engine]')) throw error;
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`[engine] no answer from ${rest}/version within ${timeoutMs / 1000} s`);
}

/**
 * Starts the jar (building it first when needed, unless `build` is false) and waits for its REST API.
 * The credentials are the caller's (ENGINE_PASSWORD and/or ENGINE_TOKEN); in development without either,
 * the machine's password from data/engine.env (scripts/engine-credentials.mjs), the one every local
 * process uses. Logs go to `logFile` (.run/engine.log; lines that are not Spring log lines, such as
 * configuration errors, also to `log`). Returns { child, version, startMs, env, ...engineAddresses }.
 */
export async function startEngine({
  env: baseEnv = { ...loadDotEnv(), ...process.env },
  timeoutMs = 180_000,
  log = console.log,
  build = true,
  logFile = join(root, '.run', 'engine.log'),
} = {}) {
  if (build) buildEngine({ env: baseEnv, log });
  else if (!existsSync(engineJar))
    throw new Error(`[engine] ${engineJar} is missing: build it first`);
  const env = { ...baseEnv };
  ensureEngineCredentials(root, env);
  const { base } = engineAddresses(env);
  const { hostname, port } = new URL(base);
  if (await portInUse(hostname.replace(/^\[|\]$/g, ''), port)) {
    throw new Error(
      `[engine] ${hostname}:${port} is already in use (another engine?); set ENGINE_PORT`,
    );
  }
  const javaOpts = env.ENGINE_JAVA_OPTS
    ? env.ENGINE_JAVA_OPTS.split(/\s+/).filter(Boolean)
    : DEFAULT_JAVA_OPTS;
  mkdirSync(dirname(logFile), { recursive: true });
  const logStream = createWriteStream(logFile, { flags: 'a' });

  const privilege = leastPrivilege(env);
  if (privilege.keptRoot) log(`[engine] running as root: ${privilege.keptRoot}`);
  const java = [javaCommand(env), ...javaOpts, ...privilege.javaOpts, '-jar', engineJar];
  const [command, ...args] = [...privilege.prefix, ...java];
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: engineDir,
    env: { ...env, ...privilege.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('exit', () => privilege.cleanup());
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      logStream.write(`${line}\n`);
      // Spring's lines start with a timestamp and stack traces with "at"; the rest (the engine's own
      // configuration errors) is for the operator.
      if (line.trim() && !/^\d{4}-\d\d-\d\dT|^\s+at |^\s*\.\.\. \d+ more|^Caused by/.test(line)) {
        log(line.startsWith('[engine]') ? line : `[engine] ${line}`);
      }
    });
  }
  child.on('exit', () => logStream.end());
  try {
    const version = await waitForEngine({ env, timeoutMs, child });
    return {
      child,
      version,
      startMs: Date.now() - started,
      env,
      user: privilege.user,
      ...engineAddresses(env),
    };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

/** Stops a started engine (SIGTERM: graceful shutdown), SIGKILL after `graceMs`. */
export function stopEngine(child, graceMs = 15_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * How to sign in to Cockpit (and the REST API) with these settings, never the secret itself;
 * `credentialsFile` is what ensureEngineCredentials returned.
 */
export function engineSignIn(env, credentialsFile) {
  const user = env.ENGINE_USER || 'platform';
  if (credentialsFile) return `user "${user}", password in ${ENGINE_CREDENTIALS_FILE}`;
  if (env.ENGINE_PASSWORD) return `user "${user}", password ENGINE_PASSWORD`;
  return `no ENGINE_PASSWORD: the REST API takes bearer ENGINE_TOKEN; Cockpit only through the gateway`;
}

async function main(command) {
  if (command === 'build') {
    const { built } = buildEngine({ env: { ...loadDotEnv(), ...process.env } });
    if (!built) console.log(`[engine] ${engineJar.slice(root.length + 1)} is up to date`);
    return;
  }
  if (command === 'start') {
    const env = { ...loadDotEnv(), ...process.env };
    const credentialsFile = ensureEngineCredentials(root, env);
    const engine = await startEngine({ env });
    console.log(`
[engine] Operaton ${engine.version} up in ${(engine.startMs / 1000).toFixed(1)} s (pid ${engine.child.pid})
  REST API   ${engine.rest}   (HTTP basic or bearer ENGINE_TOKEN)
  Cockpit    ${engine.cockpit}
  Sign in    ${engineSignIn(env, credentialsFile)}
  Logs       .run/engine.log        Stop: Ctrl+C
`);
    let stopping = false;
    const stop = () => {
      stopping = true;
      stopEngine(engine.child).then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    engine.child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[engine] stopped (${signal ?? `exit ${code}`}); see .run/engine.log`);
      process.exit(code ?? 1);
    });
    return;
  }
  console.error('usage: node scripts/engine.mjs build|start');
  process.exit(2);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv[2]).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
