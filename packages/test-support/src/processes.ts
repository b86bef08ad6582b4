import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

// A test run's child services each lead a process group of their own (`detached`), so one signal
// ends a service together with whatever it started. Being detached, they no longer get the
// terminal's Ctrl-C nor die with the run, so every group still running is ended when the run's
// process exits, is sent SIGINT, SIGTERM or SIGHUP, or (a forked worker) loses its parent: a killed
// run leaves no orphan service behind.

const running = new Set<ChildProcess>();
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let reaperInstalled = false;

/** Starts `command` as the leader of a new process group, ended with the run at the latest. */
export function spawnService(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  installReaper();
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Sends `signal` to the child's whole process group; nothing when the group is gone already. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child.pid || !running.has(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: every member has exited since.
  }
}

/** Ends the child's group with `signal` and resolves once the child has exited. */
export async function stopService(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, signal);
  await exited;
}

function signalEveryGroup(signal: NodeJS.Signals): void {
  for (const child of running) signalGroup(child, signal);
}

function installReaper(): void {
  if (reaperInstalled) return;
  reaperInstalled = true;
  // First in line: Vitest's own SIGTERM and 'exit' listeners call process.exit(), which ends the
  // process there and then when called during 'exit', so a listener after theirs never runs.
  // 'exit' listeners must be synchronous: process.kill is, and the services shut down on their own.
  process.prependListener('exit', () => signalEveryGroup('SIGTERM'));
  for (const signal of STOP_SIGNALS) {
    process.prependOnceListener(signal, () => {
      signalEveryGroup('SIGTERM');
      // Then end as the signal would have without this listener, unless another one handles it.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
  // A forked test worker (Vitest's pool 'forks') outlives its main process when that is killed,
  // and goes on running its file, starting services again: its IPC channel closing is the sign.
  // It ends itself at once: process.exit() would run the exit hooks of what it hosts, and a logger
  // flushing to the dead parent's pipe there spins for ever (seen with the agent worker's suite).
  if (process.connected) {
    process.once('disconnect', () => {
      signalEveryGroup('SIGTERM');
      process.kill(process.pid, 'SIGKILL');
    });
  }
}
