import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * Where a mission run's charge stands: `frozen` (billing holds the price), `settle` or `release`
 * (decided, still to be sent to billing: the outbox), `settled` or `released` (billing answered).
 */
export type MissionChargeState = 'frozen' | 'settle' | 'release' | 'settled' | 'released';

/** The price billing froze for one run of a mission, and what is still to be told to billing. */
@Entity('wf_mission_charge')
export class MissionCharge {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'mission_code', type: 'varchar', length: 64 })
  missionCode!: string;

  @Column({ name: 'run_id', type: 'varchar', length: 64 })
  runId!: string;

  @Column({ name: 'owner_user_id', type: 'bigint' })
  ownerUserId!: number;

  @Column({ type: 'int' })
  points!: number;

  @Column({ type: 'varchar', length: 16 })
  state!: MissionChargeState;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'datetime', precision: 3 })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'datetime', precision: 3 })
  updateTime!: Date;
}
