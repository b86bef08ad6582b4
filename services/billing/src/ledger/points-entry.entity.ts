import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One change of a points account; never updated nor deleted. */
@Entity('points_entry')
export class PointsEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'user_id', type: 'bigint' })
  userId!: number;

  /** Signed change of the available balance. */
  @Column({ type: 'bigint' })
  points!: number;

  /** Signed change of the frozen points. */
  @Column({ type: 'bigint', default: 0 })
  frozen!: number;

  @Column({ name: 'balance_after', type: 'bigint' })
  balanceAfter!: number;

  @Column({ name: 'frozen_after', type: 'bigint' })
  frozenAfter!: number;

  @Column({ type: 'varchar', length: 32 })
  reason!: string;

  @Column({ name: 'ref_type', type: 'varchar', length: 16 })
  refType!: string;

  @Column({ name: 'ref_id', type: 'varchar', length: 64 })
  refId!: string;

  @Column({ type: 'varchar', length: 64 })
  operator!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  remark!: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128 })
  idempotencyKey!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3, insert: false, update: false })
  createdAt!: Date;
}
