import type { PlatformEvent } from '@platform/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Writes a durable event to billing's outbox (table event_outbox, shaped like identity's) in the
 * caller's transaction, for the relay to publish to the consumers' queues; the payload carries the
 * user id; a repeat of its idempotency key is ignored.
 */
export async function writeOutboxEvent(
  tx: EntityManager,
  event: Omit<PlatformEvent, 'occurredAt'>,
): Promise<void> {
  await tx.query(
    'INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)',
    [event.type, event.idempotencyKey, JSON.stringify({ ...event.payload, userId: event.userId })],
  );
}
