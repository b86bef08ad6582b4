import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import type { IdentityEnv } from '../config/env';
import { LEGACY_DEVELOPMENT_FIELD_KEY } from './field-cipher';

// Outside production, a machine without FIELD_ENCRYPTION_KEY gets a key of its own, made once and
// kept in FIELD_KEY_FILE (data/field.env, gitignored, readable by its owner only), as
// scripts/engine-credentials.mjs does for the engine's secrets: no key is ever written in the code,
// so one development database's real-name rows cannot be opened with another's source checkout.

const ENTRY = /^FIELD_ENCRYPTION_KEY=(\S+)$/m;

/** The key kept in `file`, made (32 random bytes) and written there on first use. */
export function machineFieldKey(file: string): string {
  const kept = existsSync(file) ? ENTRY.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
  if (kept) return kept;
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  const text = `# This machine's key for personal data at rest (identity, src/realname/field-key.ts).\nFIELD_ENCRYPTION_KEY=${key}\n`;
  try {
    // 'wx': two processes starting at once (test workers) end up with the one key written first.
    writeFileSync(file, text, { mode: 0o600, flag: existsSync(file) ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return machineFieldKey(file);
  }
  chmodSync(file, 0o600);
  return key;
}

/**
 * The current key and the older ones that still open rows: production's come from the environment
 * only (its loader refused a missing or weak key); elsewhere the machine's key is current unless one
 * is set, and the legacy development key opens rows written before machines had their own.
 */
export function fieldKeys(
  env: Pick<
    IdentityEnv,
    'NODE_ENV' | 'FIELD_ENCRYPTION_KEY' | 'FIELD_ENCRYPTION_PREVIOUS_KEYS' | 'FIELD_KEY_FILE'
  >,
): { current: string; previous: string[] } {
  if (env.NODE_ENV === 'production') {
    if (!env.FIELD_ENCRYPTION_KEY)
      throw new Error('FIELD_ENCRYPTION_KEY is required in production');
    return { current: env.FIELD_ENCRYPTION_KEY, previous: env.FIELD_ENCRYPTION_PREVIOUS_KEYS };
  }
  return {
    current: env.FIELD_ENCRYPTION_KEY ?? machineFieldKey(env.FIELD_KEY_FILE),
    previous: [...env.FIELD_ENCRYPTION_PREVIOUS_KEYS, LEGACY_DEVELOPMENT_FIELD_KEY],
  };
}
