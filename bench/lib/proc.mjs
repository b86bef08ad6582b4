// What benchmarks read about processes and the machine (Linux /proc), and CPU pinning with taskset.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

let ticks = 100;
try {
  ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  // getconf missing: Linux's usual 100 ticks a second
}

/** CPU milliseconds (user + system) a process has used so far, from /proc/<pid>/stat; NaN if unreadable. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return NaN;
  }
}

/**
 * CPU milliseconds the JVM's JIT compiler threads (C1, C2) of `pid` have used so far, from
 * /proc/<pid>/task/<tid>/stat; 0 for a process without them, NaN if unreadable. A warming JVM spends
 * much of its CPU compiling: this tells that apart from the CPU its work costs.
 */
export function jitCpuMs(pid) {
  try {
    let total = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      if (!/^\d+ \(C[12] CompilerThre/.test(stat)) continue;
      const fields = stat.split(') ')[1].split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    }
    return (total * 1000) / ticks;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in MB (VmRSS), NaN if unreadable. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The oldest nats-server process (the --transport nats runs' broker, shared like mysqld), or null. */
export function natsPid() {
  try {
    return Number(execFileSync('pgrep', ['-o', '-x', 'nats-server']).toString().trim()) || null;
  } catch {
    return null;
  }
}

/** The oldest mysqld/mariadbd process (shared with everything else on the machine), or null. */
export function mysqldPid() {
  try {
    return Number(execFileSync('pgrep', ['-o', '-x', 'mariadbd|mysqld']).toString().trim()) || null;
  } catch {
    return null;
  }
}

/** "load average 1.23 / 2.34 / 3.45 (1/5/15 min) on N CPUs", for reading figures in context. */
export function loadLine() {
  const [one, five, fifteen] = loadavg().map((v) => v.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1/5/15 min) on ${cpus().length} CPUs`;
}

/** Value at percentile `p` (0–100) of `values`, NaN when empty. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** True when processes can be pinned to CPUs here (taskset and at least 2 CPUs). */
export const canPin = existsSync('/usr/bin/taskset') && cpus().length >= 2;

/** Pins every thread of `pid` to the CPUs `list` ("0", "1-3"); does nothing without canPin. */
export function pin(pid, list) {
  if (!canPin) return;
  execFileSync('taskset', ['-a', '-cp', list, String(pid)], { stdio: 'ignore' });
}

/** Every CPU of the machine, as a taskset list. */
export const allCpus = `0-${cpus().length - 1}`;
