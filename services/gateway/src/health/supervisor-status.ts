import { readFile } from 'node:fs/promises';

/** A supervised process as /prod-api/health shows it. */
export type SupervisedState = 'UP' | 'STARTING' | 'RESTARTING' | 'DOWN';

interface StatusFile {
  supervisor?: number;
  services?: Record<string, { state?: string; restarts?: number }>;
}

const STATES: Record<string, SupervisedState> = {
  up: 'UP',
  starting: 'STARTING',
  restarting: 'RESTARTING',
};

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The processes scripts/platform.mjs supervises and their state, from its status file; empty when the
 * gateway runs without it (tests, compose) or the supervisor is gone.
 */
export async function supervisedServices(file: string): Promise<Record<string, SupervisedState>> {
  if (!file) return {};
  let status: StatusFile;
  try {
    status = JSON.parse(await readFile(file, 'utf8')) as StatusFile;
  } catch {
    return {};
  }
  if (!alive(status.supervisor)) return {};
  const result: Record<string, SupervisedState> = {};
  for (const [name, entry] of Object.entries(status.services ?? {})) {
    result[name] = STATES[entry.state ?? ''] ?? 'DOWN';
  }
  return result;
}
