import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Development delivery of verification codes: each code lands here (and in the log) instead of SMS/e-mail. */
@Entity('verification_outbox')
@Index(['target', 'createdAt'])
export class OutboxMessage {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ type: 'varchar', length: 8 })
  channel!: 'sms' | 'email';

  @Column({ type: 'varchar', length: 100 })
  target!: string;

  @Column({ type: 'varchar', length: 16 })
  code!: string;

  @Column({ type: 'varchar', length: 16 })
  scene!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
