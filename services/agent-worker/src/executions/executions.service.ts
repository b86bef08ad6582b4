import { Injectable } from '@nestjs/common';
import { groupedBatches, insertKnownRow } from '@platform/nest-common';
import { type DataSource, type EntityManager, In } from 'typeorm';

import { InjectAgentDb } from '../database/inject';
import { type ExecutionStatus, TaskExecution } from './task-execution.entity';

/** One delivery of an agent node's external task. */
export interface Delivery {
  runId: string;
  nodeId: string;
  missionCode: string;
  processInstanceId: string;
  externalTaskId: string;
  workerId: string;
}

/** What a computed attempt completes with. */
export interface Computed {
  outputs: unknown;
  variables: Record<string, string | object>;
}

const RETRIED_ERRORS = new Set(['ER_LOCK_DEADLOCK', 'ER_DUP_ENTRY', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * The worker's record of node attempts (its own database). An attempt belongs to one external task:
 * a delivery of a task that already has an unfinished or finished attempt is that attempt again
 * (a redelivery after a lock expiry); a task whose last attempt failed, or a new task for the same
 * node of the run (a loop, a multi-instance iteration), is a new attempt. Outputs are stored when
 * computed, before anything is reported, so a redelivery completes with them.
 */
@Injectable()
export class ExecutionsService {
  /**
   * A completion is a record (the engine has the task's end already): those that arrive while one
   * is written go in the next update together.
   */
  private readonly completions = groupedBatches<number, true>(async (ids) => {
    await this.db
      .getRepository(TaskExecution)
      .update({ id: In([...new Set(ids)]) }, { status: 'completed', completedAt: new Date() });
    return ids.map(() => true as const);
  });

  constructor(@InjectAgentDb() private readonly db: DataSource) {}

  /**
   * The attempt a delivery belongs to (created when new). A node's first delivery, the common case,
   * is one insert of attempt 1; any other (a redelivery, a new attempt after a failure, a loop's
   * next task) finds that insert a duplicate and is decided under a row lock of the run's node.
   */
  async begin(delivery: Delivery): Promise<TaskExecution> {
    const first = await this.firstAttempt(delivery);
    if (first) return first;
    for (let round = 1; ; round += 1) {
      try {
        return await this.db.transaction((tx) => this.beginIn(tx, delivery));
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (round >= 5 || !RETRIED_ERRORS.has(code)) throw error;
      }
    }
  }

  /**
   * An attempt that is not computed yet is about to run its agent: `runs` counts that here, in the
   * same statement as the delivery, rather than in one more update per node.
   */
  private async beginIn(tx: EntityManager, delivery: Delivery): Promise<TaskExecution> {
    const repo = tx.getRepository(TaskExecution);
    const attempts = await repo
      .createQueryBuilder('e')
      .setLock('pessimistic_write')
      .where('e.runId = :runId AND e.nodeId = :nodeId', delivery)
      .orderBy('e.attempt', 'DESC')
      .getMany();
    const mine = attempts.find((e) => e.externalTaskId === delivery.externalTaskId);
    if (mine && mine.status !== 'failed') {
      const runsAgain = mine.status === 'running';
      await repo.update(
        { id: mine.id },
        {
          deliveries: () => 'deliveries + 1',
          ...(runsAgain ? { runs: () => 'runs + 1' } : {}),
          workerId: delivery.workerId,
        },
      );
      return repo.findOneByOrFail({ id: mine.id });
    }
    return insertAttempt(tx, delivery, (attempts[0]?.attempt ?? 0) + 1);
  }

  /**
   * Attempt 1 of the delivery's node, inserted on its own (autocommit: one statement where the
   * locked path takes four), or null when the node has an attempt already: the unique key on (run,
   * node, attempt) refuses the insert, and a locked read decides what the delivery is. A lock wait
   * or deadlock with a locked path of the same node also sends the delivery there.
   */
  private async firstAttempt(delivery: Delivery): Promise<TaskExecution | null> {
    try {
      return await insertAttempt(this.db.manager, delivery, 1);
    } catch (error) {
      if (RETRIED_ERRORS.has((error as { code?: string }).code ?? '')) return null;
      throw error;
    }
  }

  /**
   * Keeps what the agent computed. Only a running attempt takes it: one computed meanwhile (a
   * stalled worker whose lock was taken over) keeps the first outputs, which are returned.
   */
  async computed(id: number, computed: Computed): Promise<Computed> {
    const repo = this.db.getRepository(TaskExecution);
    const stored = await repo
      .createQueryBuilder()
      .update()
      .set({
        status: 'computed',
        outputs: () => ':outputs',
        variables: () => ':variables',
        computedAt: new Date(),
      })
      .where('id = :id AND status = :running', { id, running: 'running' satisfies ExecutionStatus })
      .setParameters({
        outputs: JSON.stringify(computed.outputs),
        variables: JSON.stringify(computed.variables),
      })
      .execute();
    // Stored as computed: these are the outputs (read back only when another run got there first).
    if (stored.affected) return computed;
    const row = await repo.findOneByOrFail({ id });
    return { outputs: row.outputs, variables: row.variables ?? {} };
  }

  /** The engine took the attempt's completion (answered once it is stored). */
  async completed(id: number): Promise<void> {
    await this.completions.load(Number(id));
  }

  /** The attempt failed (before it was reported): the next delivery of the task is a new attempt. */
  async failed(id: number, error: string): Promise<void> {
    await this.db
      .getRepository(TaskExecution)
      .update({ id }, { status: 'failed', error: error.slice(0, 60_000) });
  }
}

/** A new running attempt, counted as one delivery and one run (insertKnownRow: one statement). */
function insertAttempt(
  manager: EntityManager,
  delivery: Delivery,
  attempt: number,
): Promise<TaskExecution> {
  const repo = manager.getRepository(TaskExecution);
  const now = new Date();
  return insertKnownRow(
    repo,
    repo.create({
      ...delivery,
      attempt,
      status: 'running',
      deliveries: 1,
      runs: 1,
      outputs: null,
      variables: null,
      error: null,
      startedAt: now,
      computedAt: null,
      completedAt: null,
      createTime: now,
      updateTime: null,
    }),
  );
}
