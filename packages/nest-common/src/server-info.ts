import { statfs } from 'node:fs/promises';
import { cpus, freemem, hostname, loadavg, totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';

import type { ServerInfoView } from '@platform/contracts';

/** CPU share of this process over a short window (percent of one core). */
async function processCpuPercent(windowMs = 200): Promise<number> {
  const start = process.cpuUsage();
  const began = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const used = process.cpuUsage(start);
  const elapsedMicros = Number(process.hrtime.bigint() - began) / 1000;
  return Math.round(((used.user + used.system) / elapsedMicros) * 1000) / 10;
}

async function disk(path: string) {
  const stats = await statfs(path);
  const totalBytes = stats.blocks * stats.bsize;
  const freeBytes = stats.bavail * stats.bsize;
  return { path, totalBytes, freeBytes, usedBytes: totalBytes - freeBytes };
}

/** What the server monitor shows of one service process; each service answers it for itself. */
export async function serverInfo(
  service: string,
  paths: string[] = ['/'],
): Promise<ServerInfoView> {
  const memory = process.memoryUsage();
  const cores = cpus();
  return {
    service,
    status: 'UP',
    host: hostname(),
    pid: process.pid,
    nodeVersion: process.version,
    uptimeSeconds: Math.round(process.uptime()),
    cpu: {
      cores: cores.length,
      model: cores[0]?.model ?? '',
      loadAverage: loadavg().map((v) => Math.round(v * 100) / 100),
      processPercent: await processCpuPercent(),
    },
    memory: { totalBytes: totalmem(), freeBytes: freemem(), usedBytes: totalmem() - freemem() },
    heap: {
      usedBytes: memory.heapUsed,
      totalBytes: memory.heapTotal,
      rssBytes: memory.rss,
      limitBytes: getHeapStatistics().heap_size_limit,
    },
    disks: await Promise.all(paths.map(disk)),
  };
}
