import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { parse } from 'yaml';

/** One service of docker-compose.yml, with merge keys applied and variables interpolated. */
export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  env_file?: string | string[];
  ports?: unknown[];
  expose?: unknown[];
  volumes?: (string | { target?: string; source?: string })[];
  secrets?: (string | { source: string; target?: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: unknown;
  stop_grace_period?: string;
  profiles?: string[];
  deploy?: { resources?: { limits?: { cpus?: string | number; memory?: string } } };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string }>;
  volumes?: Record<string, unknown>;
}

/**
 * Compose's variable interpolation (`${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
 * `$$`), so the check reads the file as compose would. A `:?` variable missing from `shell` is an error,
 * as in compose.
 */
export function interpolate(text: string, shell: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name: string | undefined, operator: string | undefined, argument: string) => {
      if (whole === '$$') return '$';
      const value = shell[name!];
      const unsetOrEmpty = value === undefined || (operator?.startsWith(':') && value === '');
      if (!unsetOrEmpty) return value!;
      if (operator?.endsWith('?')) throw new Error(`${name}: ${argument || 'required'}`);
      return operator ? argument : '';
    },
  );
}

/** The file as compose reads it: YAML first (merge keys applied), then every string interpolated. */
export function readCompose(file: string, shell: Record<string, string | undefined>): ComposeFile {
  const raw: unknown = parse(readFileSync(file, 'utf8'), { merge: true });
  return interpolateAll(raw, shell) as ComposeFile;
}

function interpolateAll(value: unknown, shell: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, shell);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, shell));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, interpolateAll(item, shell)]),
  );
}

/** `KEY=value` lines of an env file (compose's format: no quotes processing beyond the plain value). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at > 0) out[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return out;
}

function listOf<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment;
  if (!Array.isArray(env)) return { ...(env ?? {}) };
  return Object.fromEntries(
    env.map((entry) => [entry.split('=', 1)[0]!, entry.slice(entry.indexOf('=') + 1)]),
  );
}

/**
 * What a service's process sees: its env files (read through `readEnvFile`, since the real ones are
 * the operator's), then `environment`, then each `NAME_FILE` replaced by NAME with the secret file's
 * content, as deploy/docker-entrypoint.sh does.
 */
export function processEnvOf(
  compose: ComposeFile,
  service: ComposeService,
  readEnvFile: (path: string) => string,
  secretsDir: string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const file of listOf(service.env_file)) Object.assign(env, parseEnvFile(readEnvFile(file)));
  Object.assign(env, environmentOf(service));
  for (const [name, value] of Object.entries(env)) {
    if (!name.endsWith('_FILE') || !value.startsWith('/run/secrets/')) continue;
    const secret = value.slice('/run/secrets/'.length);
    const source = compose.secrets?.[secret]?.file;
    if (!source) throw new Error(`${name} names secret ${secret}, which the file does not declare`);
    env[name.slice(0, -'_FILE'.length)] = readFileSync(join(secretsDir, secret), 'utf8');
    delete env[name];
  }
  return env;
}

/** Seconds of a compose duration (`30s`, `1m30s`, `1h`); compose's default grace period is 10 s. */
export function durationSeconds(value: string | undefined): number {
  if (!value) return 10;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(amount) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
}

export function composeDir(file: string): string {
  return dirname(resolve(file));
}
