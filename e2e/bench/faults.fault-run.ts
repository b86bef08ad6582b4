import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkIntegrity, type Integrity, signIn, startLoad } from '../src/fault-load';
import { type FaultPlatform, startFaultPlatform } from '../src/fault-platform';
import { ROOT } from '../src/stack';

// The fault suite (`pnpm bench:faults`, issue 19): the platform as scripts/platform.mjs runs it, on a
// Redis and a MariaDB of its own, under a bounded load of reads and writes; one fault at a time, and
// for each: the seconds until it serves again, the failed requests and their messages, and the
// integrity of the writes. FAULTS_ENGINE=operaton runs Operaton (built jar and Java needed) instead of
// the embedded engine, so that the engine's own process is killed too.

const OUTAGE_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  fault: string;
  /** From the moment the fault ends (or from a kill, for processes restarted by the supervisor). */
  servingAgainS: number;
  requests: number;
  failed: number;
  messages: string[];
  integrity: Integrity;
}

/** What the database said of the writes answered 503, looked up before any was sent again. */
function unavailableLine(integrity: Integrity): string {
  const answered = integrity.unavailable.length;
  if (!answered) return 'none answered 503';
  const present = integrity.unavailable.filter((write) => write.present);
  return `${answered} answered 503: ${integrity.unavailableAbsent} absent from the database${present.length ? `, PRESENT: ${present.map((write) => write.userName).join(' ')}` : ''}`;
}

describe('fault suite', () => {
  let platform: FaultPlatform;
  let token: string;
  const figures: Figures[] = [];

  beforeAll(async () => {
    const engine = process.env.FAULTS_ENGINE === 'operaton' ? 'operaton' : 'embedded';
    // The services' own RPC timeout (15 s), not the resilience test's 5 s: an answer that comes once
    // Redis is back (a 503 queued while it was away) must reach the client, as it does in production,
    // where the independent fault run saw a user created and answered 503 (issue 31).
    platform = await startFaultPlatform({ ENGINE: engine, RPC_TIMEOUT_MS: undefined });
    token = await signIn(platform.baseUrl);
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    const lines = figures.map(
      (f) =>
        `${f.fault.padEnd(34)} ${f.servingAgainS.toFixed(1).padStart(5)} s  ${String(f.failed).padStart(4)}/${String(f.requests).padEnd(5)} failed  writes: ${f.integrity.acknowledged} acknowledged (${f.integrity.acknowledgedComplete} present and complete), ${f.integrity.refused} refused (${f.integrity.refusedOnceAfterRetry} done once with their key${f.integrity.notReplayed ? `, ${f.integrity.notReplayed} of them without the first answer replayed` : ''}), ${unavailableLine(f.integrity)}, problems ${f.integrity.problems.length}${f.messages.length ? `\n${' '.repeat(36)}${f.messages.join(`\n${' '.repeat(36)}`)}` : ''}`,
    );
    console.log(
      `\nfault                              serving  failed requests  integrity\n${lines.join('\n')}\n`,
    );
    mkdirSync(join(ROOT, 'e2e', 'output'), { recursive: true });
    writeFileSync(join(ROOT, 'e2e', 'output', 'faults.json'), JSON.stringify(figures, null, 2));
  }, 120_000);

  /**
   * The load plus a user creation every 150 ms that does not wait for the earlier ones, as from many
   * users: the loops alone wait on the requests the outage left hanging and send nothing new during it,
   * while the independent fault run saw 17 creations answered 503 in a 5 s Redis kill (issue 31).
   */
  const arrivingWrites = () => startLoad(platform.baseUrl, token, { arrivalEveryMs: 150 });

  /** Load on, the fault, serving again, load off, the integrity check. */
  async function run(
    fault: string,
    inject: () => Promise<number>,
    load = startLoad(platform.baseUrl, token),
  ) {
    await sleep(1500);
    const servingAgainMs = await inject();
    await sleep(1500);
    const result = await load.stop();
    // A fresh token: a restarted Redis without the session would otherwise fail every later fault.
    token = await signIn(platform.baseUrl);
    const integrity = await checkIntegrity(platform, token, result.writes);
    figures.push({
      fault,
      servingAgainS: servingAgainMs / 1000,
      requests: result.total,
      failed: result.failed,
      messages: [...result.failures].map(([message, count]) => `${count} × ${message}`),
      integrity,
    });
    expect(integrity.problems, fault).toEqual([]);
  }

  it('SIGKILL of each service, restarted by the supervisor', async () => {
    for (const name of Object.keys(platform.pids())) {
      await run(`SIGKILL ${name}`, async () => {
        const pid = platform.pids()[name]!;
        const started = Date.now();
        process.kill(pid, 'SIGKILL');
        // Until the supervisor has a new process and the platform is healthy again.
        for (;;) {
          const now = platform.pids()[name];
          if (now && now !== pid) break;
          if (Date.now() - started > 60_000) throw new Error(`${name} was not restarted`);
          await sleep(100);
        }
        await platform.waitHealthy(120_000);
        return Date.now() - started;
      });
    }
  });

  it('Redis killed for 5 s and restarted', async () => {
    await run(
      'Redis killed 5 s, restarted',
      async () => {
        await platform.redis.kill();
        await sleep(OUTAGE_MS);
        await platform.redis.start();
        return platform.waitHealthy(60_000);
      },
      arrivingWrites(),
    );
  });

  it('Redis paused (SIGSTOP) for 5 s', async () => {
    await run('Redis paused 5 s (SIGSTOP)', async () => {
      platform.redis.pause();
      await sleep(OUTAGE_MS);
      platform.redis.resume();
      return platform.waitHealthy(60_000);
    });
  });

  it('MariaDB killed for 5 s and restarted', async () => {
    await run(
      'MariaDB killed 5 s, restarted',
      async () => {
        await platform.mariadb.kill();
        await sleep(OUTAGE_MS);
        await platform.mariadb.start();
        return platform.waitHealthy(60_000);
      },
      arrivingWrites(),
    );
  });

  it('the transport cut for 5 s', async () => {
    await run('transport (Redis link) cut 5 s', async () => {
      await platform.cutTransport(OUTAGE_MS);
      return platform.waitHealthy(60_000);
    });
  });
});
