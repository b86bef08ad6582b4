import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Events other services must not miss (a user registered, a phone was bound: billing credits points),
 * written in the same transaction as the change they announce, and published from here.
 */
@Entity('event_outbox')
@Index(['publishedAt', 'id'])
export class EventOutbox {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  /** Unique per source change, so a consumer can drop a repeat. */
  @Index({ unique: true })
  @Column({ name: 'idempotency_key', type: 'varchar', length: 128 })
  idempotencyKey!: string;

  @Column({ type: 'json' })
  payload!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'datetime', precision: 3, nullable: true })
  publishedAt!: Date | null;
}
