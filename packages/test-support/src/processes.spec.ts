import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { spawnService, stopService } from './processes';

const DIST = join(__dirname, '..', 'dist', 'index.js');

// A service that starts a helper of its own (both in the service's group) and prints both ids.
const SERVICE = `
  const helper = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  console.log(JSON.stringify([process.pid, helper.pid]));
  setInterval(() => {}, 1000);
`;

// A stand-in for a test run: starts the service through spawnService, passes its line on, then
// waits to be killed (or exits by itself when told to).
const RUNNER = `
  if (process.argv[1] === 'vitest') {
    // What Vitest's main process does: exit on SIGTERM, and exit again from an 'exit' listener
    // (which ends the process before any later 'exit' listener runs).
    const onExit = () => process.exit();
    process.once('SIGTERM', onExit);
    process.once('exit', onExit);
  }
  const { spawnService } = require(${JSON.stringify(DIST)});
  const service = spawnService(process.execPath, ['-e', ${JSON.stringify(SERVICE)}], { stdio: ['ignore', 'pipe', 'inherit'] });
  service.stdout.once('data', (line) => process.stdout.write(line));
  // An exit of the run's own (its tests done, say), not a signal's: SIGUSR2 only says when.
  if (process.argv[1] === 'exit') process.on('SIGUSR2', () => process.exit(0));
  setInterval(() => {}, 1000);
`;

/** Alive and not a zombie (a process whose parent died is reaped by whoever adopts it, or not). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function firstLine(child: ChildProcess): Promise<number[]> {
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString('utf8'))));
    child.once('exit', () => reject(new Error('exited before its service started')));
  });
}

async function gone(pids: number[]): Promise<boolean> {
  for (const until = Date.now() + 5000; Date.now() < until;) {
    if (!pids.some(alive)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function startRunner(mode = 'wait') {
  const runner = spawn(process.execPath, ['-e', RUNNER, mode], {
    stdio: ['ignore', 'pipe', 'inherit', ...(mode === 'fork' ? (['ipc'] as const) : [])],
  });
  const exited = new Promise((resolve) => runner.once('exit', resolve));
  const pids = await firstLine(runner);
  expect(pids.every(alive)).toBe(true);
  return { runner, exited, pids };
}

describe('services of a test run', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'should leave no service nor its helper behind when the run is killed with %s',
    async (signal) => {
      const { runner, exited, pids } = await startRunner();
      runner.kill(signal);
      expect(await exited).toBe(null);
      expect(runner.signalCode).toBe(signal);
      expect(await gone(pids)).toBe(true);
    },
  );

  it("should leave none behind when the run exits through listeners like Vitest's", async () => {
    const { runner, exited, pids } = await startRunner('vitest');
    runner.kill('SIGTERM');
    await exited;
    expect(await gone(pids)).toBe(true);
  });

  it('should leave none behind when the run exits without stopping them', async () => {
    const { runner, exited, pids } = await startRunner('exit');
    runner.kill('SIGUSR2');
    expect(await exited).toBe(0);
    expect(await gone(pids)).toBe(true);
  });

  it('should leave none behind when a forked run loses its parent (a killed Vitest main)', async () => {
    const { runner, exited, pids } = await startRunner('fork');
    runner.disconnect();
    await exited;
    expect(runner.signalCode).toBe('SIGKILL');
    expect(await gone(pids)).toBe(true);
  });

  it('should stop a service together with what it started', async () => {
    const service = spawnService(process.execPath, ['-e', SERVICE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pids = await firstLine(service);
    await stopService(service);
    expect(service.signalCode).toBe('SIGTERM');
    expect(await gone(pids)).toBe(true);
  });
});
