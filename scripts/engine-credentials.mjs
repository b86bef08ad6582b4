// The process engine's secrets on a development machine. The engine's REST API always requires
// credentials (ENGINE_USER + ENGINE_PASSWORD for HTTP basic, or ENGINE_TOKEN for bearer), and the
// gateway vouches for its users to Cockpit with ENGINE_PROXY_SECRET. Where neither password nor token
// is set, a strong random password is made once and kept in data/engine.env (gitignored, readable by
// its owner only), and likewise the proxy secret, so that every local process (Operaton, the workflow
// service, the gateway, agent workers) uses the same ones. Production never gets a made-up secret:
// there the engine and the services refuse to start without strong ones.
//
// `node scripts/engine-credentials.mjs` makes sure the file exists and prints its path (never a
// secret); a shell can then `set -a; . data/engine.env; set +a`.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generated secrets live, relative to the repository root. */
export const ENGINE_CREDENTIALS_FILE = join('data', 'engine.env');

const SECRETS = ['ENGINE_PASSWORD', 'ENGINE_PROXY_SECRET'];

function readSecrets(file) {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  return Object.fromEntries(
    SECRETS.map((name) => [name, new RegExp(`^${name}=(\\S+)$`, 'm').exec(text)?.[1]]).filter(
      ([, value]) => value,
    ),
  );
}

/**
 * Outside production, sets `env.ENGINE_PASSWORD` (unless `env` has a password or a token) and
 * `env.ENGINE_PROXY_SECRET` (unless set) from data/engine.env, making the file or the missing secret
 * on first use. Returns the file when the password came from it, else null.
 */
export function ensureEngineCredentials(root, env) {
  if (env.NODE_ENV === 'production') return null;
  const needPassword = !env.ENGINE_PASSWORD && !env.ENGINE_TOKEN;
  const needProxySecret = !env.ENGINE_PROXY_SECRET;
  if (!needPassword && !needProxySecret) return null;
  const file = join(root, ENGINE_CREDENTIALS_FILE);
  const stored = readSecrets(file);
  if (SECRETS.some((name) => !stored[name])) {
    for (const name of SECRETS) stored[name] ??= randomBytes(32).toString('base64url');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `# The process engine's secrets on this machine, made by scripts/engine-credentials.mjs.\n${SECRETS.map((name) => `${name}=${stored[name]}\n`).join('')}`,
      { mode: 0o600 },
    );
    chmodSync(file, 0o600);
  }
  if (needPassword) env.ENGINE_PASSWORD = stored.ENGINE_PASSWORD;
  if (needProxySecret) env.ENGINE_PROXY_SECRET = stored.ENGINE_PROXY_SECRET;
  return needPassword ? file : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  const env = { ...process.env };
  const file = ensureEngineCredentials(root, env);
  console.log(
    file ??
      (env.NODE_ENV === 'production'
        ? 'NODE_ENV=production: no file (set the secrets in the environment)'
        : `ENGINE_PASSWORD or ENGINE_TOKEN is set; ENGINE_PROXY_SECRET from ${ENGINE_CREDENTIALS_FILE} unless set`),
  );
}
