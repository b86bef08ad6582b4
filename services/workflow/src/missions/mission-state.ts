import {
  DomainError,
  MISSION_TRANSITIONS,
  type MissionEvent,
  missionMove,
} from '@platform/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

import { Mission } from './mission.entity';
import { ANNOUNCED_STATUSES, announceMove } from './mission-outbox';

/** Columns a move may change besides the status. */
export type MissionChanges = Partial<
  Pick<
    Mission,
    'result' | 'error' | 'processInstanceId' | 'currentRunId' | 'startedAt' | 'endedAt' | 'updateBy'
  >
>;

/**
 * Moves a mission by an event of the transition table (contracts), as a compare-and-set on the
 * status it was read with: when another writer got there first (a stop racing a node report, two
 * workflow service instances), the update misses and the move is judged again on the fresh row.
 * A refused move throws the table's message. With `idempotent`, finding the mission already where
 * the event leads counts as done (a repeated report of the end of a run).
 */
export async function moveMission(
  db: DataSource,
  mission: Mission,
  event: MissionEvent,
  changes: MissionChanges = {},
  options: { idempotent?: boolean } = {},
): Promise<Mission> {
  const repo = db.getRepository(Mission);
  let current = mission;
  for (let tries = 0; tries < 5; tries += 1) {
    const move = missionMove(event, current.status);
    if (!move.ok) {
      if (options.idempotent && MISSION_TRANSITIONS[event].to === current.status) return current;
      throw new DomainError(move.refusal);
    }
    const changed = Object.keys(changes).length > 0 || move.to !== current.status;
    if (!changed) return current;
    const from = current;
    const update = (manager: EntityManager) =>
      manager
        .createQueryBuilder()
        .update(Mission)
        .set({ ...changes, status: move.to } as QueryDeepPartialEntity<Mission>)
        .where('id = :id AND status = :status', { id: from.id, status: from.status })
        .execute();
    const announces = move.to !== from.status && ANNOUNCED_STATUSES.includes(move.to);
    // The move and its announcement (a status the owner hears about) commit together; a move that
    // announces nothing is its one update.
    const result = !announces
      ? await update(db.manager)
      : await db.transaction(async (tx) => {
          const updated = await update(tx);
          if (updated.affected) await announceMove(tx, { ...from, ...changes } as Mission, move.to);
          return updated;
        });
    if (result.affected) return Object.assign(current, changes, { status: move.to });
    const fresh = await repo.findOneBy({ id: current.id });
    if (!fresh) throw new DomainError('mission.not_found', {}, 404);
    current = fresh;
  }
  throw new DomainError('mission.status_mismatch');
}
