import { randomUUID } from 'node:crypto';

import { MISSION_STATUS, type MissionStatus, PLATFORM_EVENTS } from '@platform/contracts';
import type { EntityManager } from 'typeorm';

import type { Mission } from './mission.entity';

/** Statuses the owner hears about as an in-app message (the notification service writes it). */
export const ANNOUNCED_STATUSES: readonly MissionStatus[] = [
  MISSION_STATUS.completed,
  MISSION_STATUS.error,
  MISSION_STATUS.userInput,
  MISSION_STATUS.stopped,
];

/**
 * Writes workflow.mission.status_changed to the outbox, in the transaction of the move (so a move
 * stored is a move announced, once: the key is unique per move). Only for a move to one of
 * ANNOUNCED_STATUSES: moveMission decides, as a move to any other status needs no transaction.
 */
export async function announceMove(tx: EntityManager, mission: Mission, status: MissionStatus) {
  const payload = {
    userId: Number(mission.ownerUserId),
    missionCode: mission.code,
    status,
    name: mission.name,
  };
  await tx.query(
    'INSERT INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)',
    [
      PLATFORM_EVENTS.missionStatusChanged,
      `${PLATFORM_EVENTS.missionStatusChanged}:${mission.id}:${status}:${randomUUID()}`,
      JSON.stringify(payload),
    ],
  );
}
