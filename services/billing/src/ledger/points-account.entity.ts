import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's points: available balance and frozen points (changed only by LedgerService.post). */
@Entity('points_account')
export class PointsAccount {
  @PrimaryColumn({ name: 'user_id', type: 'bigint' })
  userId!: number;

  @Column({ type: 'bigint', default: 0 })
  balance!: number;

  @Column({ type: 'bigint', default: 0 })
  frozen!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3, insert: false, update: false })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3, insert: false, update: false })
  updatedAt!: Date;
}
