import { randomBytes } from 'node:crypto';

import {
  createRedis,
  dropDatabase,
  ensureDatabase,
  runMigrationsLocked,
} from '@platform/nest-common';
import { eventually } from '@platform/test-support';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { WorkflowEnv } from '../config/env';
import { workflowDataSource } from '../database/data-source';
import { Skill } from '../skills/skill.entity';
import { Agent } from './agent.entity';
import { AgentCatalog, agentCatalogChannel } from './agent-catalog';

// Two workflow instances (each its own connection pool and catalog, as two processes have) on one
// database and one Redis: what either writes to agents or skills is what both read next, and a
// load that raced a write is not kept.

const url = `mysql://${process.env.TEST_MYSQL_USER ?? 'root'}:${process.env.TEST_MYSQL_PASSWORD ?? ''}@${
  process.env.TEST_MYSQL_HOST ?? '127.0.0.1'
}:${process.env.TEST_MYSQL_PORT ?? '3306'}/t_wf_catalog_${randomBytes(4).toString('hex')}`;

const env = {
  NAMESPACE: `tcat${randomBytes(3).toString('hex')}`,
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
} as WorkflowEnv;

interface Instance {
  db: DataSource;
  catalog: AgentCatalog;
}

async function instance(): Promise<Instance> {
  const db = await workflowDataSource(url).initialize();
  const catalog = new AgentCatalog(db, env);
  await catalog.onModuleInit();
  expect(await eventually(async () => catalog['listening'](), Boolean, 10_000)).toBe(true);
  return { db, catalog };
}

describe('the agent catalog of node runs', () => {
  let a: Instance;
  let b: Instance;
  let agentId: number;

  /** The agent's instruction as `catalog` answers it, and how many reads that took. */
  async function instructionVia(catalog: AgentCatalog, reads: { n: number }): Promise<string> {
    return catalog.cached(`agent ${agentId}`, async () => {
      reads.n += 1;
      return (await a.db.getRepository(Agent).findOneByOrFail({ id: agentId })).instruction;
    });
  }

  /** The instruction `catalog` answers once it has heard of the change to `expected` (10 s at most). */
  const heardBy = (catalog: AgentCatalog, reads: { n: number }, expected: string) =>
    eventually(
      () => instructionVia(catalog, reads),
      (v) => v === expected,
      10_000,
    );

  beforeAll(async () => {
    await ensureDatabase(url);
    const migrating = await workflowDataSource(url).initialize();
    await runMigrationsLocked(migrating);
    await migrating.destroy();
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    for (const i of [a, b]) {
      await i?.catalog.onApplicationShutdown();
      await i?.db.destroy();
    }
    await dropDatabase(url);
  });
  beforeEach(async () => {
    const saved = await a.db.getRepository(Agent).save(
      a.db.getRepository(Agent).create({
        name: `规划${randomBytes(3).toString('hex')}`,
        instruction: 'first',
        skillIds: [],
        createBy: 'test',
        updateBy: 'test',
      }),
    );
    agentId = Number(saved.id);
  });

  it('should read once while nothing changes', async () => {
    const reads = { n: 0 };
    expect(await instructionVia(a.catalog, reads)).toBe('first');
    expect(await instructionVia(a.catalog, reads)).toBe('first');
    expect(reads.n).toBe(1);
  });

  it("should read again in every instance after another instance's write", async () => {
    const readsA = { n: 0 };
    const readsB = { n: 0 };
    await instructionVia(a.catalog, readsA);
    await instructionVia(b.catalog, readsB);
    await b.db.getRepository(Agent).update({ id: agentId }, { instruction: 'second' });
    // B's own entries go at once; A's when B's message arrives.
    expect(await instructionVia(b.catalog, readsB)).toBe('second');
    expect(
      await eventually(
        () => instructionVia(a.catalog, readsA),
        (v) => v === 'second',
      ),
    ).toBe('second');
    expect(readsB.n).toBe(2);
  });

  it("should keep the old entry until a transaction's commit, then drop it everywhere", async () => {
    const readsA = { n: 0 };
    await instructionVia(a.catalog, readsA);
    await b.db.transaction(async (tx) => {
      await tx.getRepository(Agent).save({ id: agentId, instruction: 'in a transaction' });
      // Not committed: the other instance still answers what others can read.
      expect(await instructionVia(a.catalog, readsA)).toBe('first');
    });
    expect(await heardBy(a.catalog, readsA, 'in a transaction')).toBe('in a transaction');
  });

  it("should drop the entry at the outer transaction's commit, whatever a savepoint in it did", async () => {
    const readsA = { n: 0 };
    await instructionVia(a.catalog, readsA);
    await b.db.transaction(async (tx) => {
      await tx.getRepository(Agent).update({ id: agentId }, { instruction: 'outer' });
      await tx
        .transaction(async (inner) => {
          await inner.getRepository(Skill).update({ id: 0 }, { instruction: 'none' });
          throw new Error('roll back to the savepoint');
        })
        .catch(() => undefined);
      // Released savepoints and rolled-back ones leave the outer transaction open: nothing heard.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await instructionVia(a.catalog, readsA)).toBe('first');
    });
    expect(await heardBy(a.catalog, readsA, 'outer')).toBe('outer');
  });

  it('should announce nothing for a rolled-back write', async () => {
    const listener = createRedis(env, 'catalog-test-listener');
    const heard: string[] = [];
    listener.on('message', (_channel: string, from: string) => heard.push(from));
    await listener.subscribe(agentCatalogChannel(env.NAMESPACE));
    try {
      await b.db
        .transaction(async (tx) => {
          await tx.getRepository(Agent).save({ id: agentId, instruction: 'rolled back' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      // A committed write after it: its message comes after any the rollback would have sent.
      await b.db.getRepository(Skill).save(
        b.db.getRepository(Skill).create({
          name: `技能${randomBytes(3).toString('hex')}`,
          instruction: '',
          functionIds: [],
          tools: [],
          createBy: 'test',
          updateBy: 'test',
        }),
      );
      await eventually(
        async () => heard.length,
        (n) => n > 0,
        10_000,
      );
      expect(heard).toHaveLength(1);
      const readsA = { n: 0 };
      expect(await instructionVia(a.catalog, readsA)).toBe('first');
    } finally {
      await listener.quit();
    }
  });

  it('should answer but not keep a load that a write overlapped', async () => {
    const reads = { n: 0 };
    const answer = await a.catalog.cached(`agent ${agentId}`, async () => {
      reads.n += 1;
      const row = await a.db.getRepository(Agent).findOneByOrFail({ id: agentId });
      await a.db.getRepository(Agent).update({ id: agentId }, { instruction: 'meanwhile' });
      return row.instruction;
    });
    expect(answer).toBe('first');
    expect(await instructionVia(a.catalog, reads)).toBe('meanwhile');
    expect(reads.n).toBe(2);
  });

  it('should read through while it cannot hear the channel', async () => {
    const c = await instance();
    c.catalog['subscriber']?.disconnect();
    // The connection's status follows once its socket has closed.
    expect(
      await eventually(
        async () => c.catalog['listening'](),
        (v) => !v,
        10_000,
      ),
    ).toBe(false);
    const reads = { n: 0 };
    await instructionVia(c.catalog, reads);
    await instructionVia(c.catalog, reads);
    expect(reads.n).toBe(2);
    await c.catalog.onApplicationShutdown();
    await c.db.destroy();
  });
});
