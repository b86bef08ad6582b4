import type { EntityManager } from 'typeorm';

/**
 * Writes an event to billing's outbox in the caller's transaction (the change it announces commits
 * with it); the relay publishes it. A repeated key is ignored (the event exists already).
 */
export async function writeEvent(
  tx: EntityManager,
  type: string,
  idempotencyKey: string,
  payload: Record<string, unknown> & { userId: number },
): Promise<void> {
  await tx.query(
    `INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)`,
    [type, idempotencyKey, JSON.stringify(payload)],
  );
}
