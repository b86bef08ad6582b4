// The process engine's REST API always requires credentials (ENGINE_USER + ENGINE_PASSWORD for HTTP
// basic, or ENGINE_TOKEN for bearer). On a development machine with neither password nor token set,
// a strong random password is made once and kept in data/engine.env (gitignored, readable by its
// owner only), so that every local process (the workflow service, an engine started here, agent
// workers) uses the same one. Production never gets a made-up secret: there the services refuse to
// start without a strong one.
//
// `node scripts/engine-credentials.mjs` makes sure the file exists and prints its path (never the
// secret); a shell can then `set -a; . data/engine.env; set +a`.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generated password lives, relative to the repository root. */
export const ENGINE_CREDENTIALS_FILE = join('data', 'engine.env');

/**
 * Sets `env.ENGINE_PASSWORD` from data/engine.env (making the file on first use) unless `env`
 * already has a password or a token, or is production. Returns the file it used, or null.
 */
export function ensureEngineCredentials(root, env) {
  if (env.ENGINE_PASSWORD || env.ENGINE_TOKEN || env.NODE_ENV === 'production') return null;
  const file = join(root, ENGINE_CREDENTIALS_FILE);
  let password = existsSync(file)
    ? /^ENGINE_PASSWORD=(\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1]
    : undefined;
  if (!password) {
    password = randomBytes(32).toString('base64url');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `# The engine REST API's password on this machine, made by scripts/engine-credentials.mjs.\nENGINE_PASSWORD=${password}\n`,
      { mode: 0o600 },
    );
    chmodSync(file, 0o600);
  }
  env.ENGINE_PASSWORD = password;
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  const file = ensureEngineCredentials(root, { ...process.env });
  console.log(file ?? 'ENGINE_PASSWORD or ENGINE_TOKEN is set (or NODE_ENV=production): no file');
}
