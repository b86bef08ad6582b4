// Starts every service of the platform from its build, waits until the gateway reports healthy, and
// prints where to go. Logs go to .run/<service>.log; lines a service prints for the operator (not JSON,
// such as the first admin password) also go to the console.
//
// Environment: read from the process, then from `.env` at the repository root if present.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { ensureEngineCredentials } from './engine-credentials.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const runDir = join(root, '.run');
mkdirSync(runDir, { recursive: true });

function loadDotEnv() {
  const file = join(root, '.env');
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      return [
        line.slice(0, at).trim(),
        line
          .slice(at + 1)
          .trim()
          .replace(/^['"]|['"]$/g, ''),
      ];
    });
  return Object.fromEntries(entries);
}

const env = { ...loadDotEnv(), ...process.env };
env.WEB_DIST ??= join(root, 'web', 'dist');
env.UPLOAD_DIR ??= join(root, 'data', 'uploads');
// The engine REST API's password, shared by every service started here (data/engine.env).
const engineCredentialsFile = ensureEngineCredentials(root, env);
const port = env.GATEWAY_PORT ?? '8080';
const host = env.GATEWAY_HOST ?? '127.0.0.1';

/** Services in start order; the gateway last, once the services it forwards to are listening. */
const services = [
  { name: 'identity', dir: 'services/identity' },
  { name: 'workflow', dir: 'services/workflow' },
  { name: 'gateway', dir: 'services/gateway' },
].filter((service) => existsSync(join(root, service.dir, 'dist', 'main.js')));

const children = [];

function start({ name, dir }) {
  const log = createWriteStream(join(runDir, `${name}.log`), { flags: 'a' });
  // PLATFORM_NODE_ARGS passes Node flags to every service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (env.PLATFORM_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: join(root, dir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      if (line.trim() && !line.startsWith('{')) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    console.error(`[platform] ${name} stopped (${signal ?? `exit ${code}`}); see .run/${name}.log`);
    shutdown(1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForHealth(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const url = `http://${host}:${port}/prod-api/health`;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      const body = await res.json();
      if (body?.data?.status === 'UP') return body.data;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the gateway did not become healthy at ${url}`);
}

/** The process engine's REST API: ENGINE_URL, or the one the workflow service embeds. */
function engineUrl() {
  if (env.ENGINE_URL) return env.ENGINE_URL;
  return `http://${env.ENGINE_HOST ?? '127.0.0.1'}:${env.ENGINE_PORT ?? '8085'}/engine-rest`;
}

/** How to sign in to the engine's REST API (never the secret itself). */
function engineSignIn() {
  const user = env.ENGINE_USER ?? 'platform';
  if (engineCredentialsFile) return `basic as ${user}, password in ${engineCredentialsFile}`;
  if (env.ENGINE_PASSWORD) return `basic as ${user} with ENGINE_PASSWORD`;
  return 'bearer ENGINE_TOKEN';
}

for (const service of services) start(service);
try {
  const health = await waitForHealth();
  const web = existsSync(join(env.WEB_DIST, 'index.html'));
  console.log(`
[platform] up: ${JSON.stringify(health.checks)}
  API        http://${host}:${port}/prod-api   (OpenAPI: /prod-api/v3/api-docs, as admin)
  Web app    ${web ? `http://${host}:${port}/` : '(not built)'}
  Engine     ${engineUrl()}   (Camunda 7 REST for agent workers; ${engineSignIn()})
  Sign in    user name "admin"; the password is ADMIN_PASSWORD, or the one printed above at the first start
  Logs       .run/<service>.log        Stop: Ctrl+C
`);
} catch (error) {
  console.error(`[platform] ${error.message}`);
  shutdown(1);
}
