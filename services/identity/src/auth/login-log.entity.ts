import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One row per sign-in attempt or sign-out, with its outcome and reason (a message key). */
@Entity('sys_logininfor')
@Index(['loginTime'])
@Index(['userName', 'loginTime'])
export class LoginLog {
  @PrimaryGeneratedColumn({ name: 'info_id', type: 'bigint' })
  infoId!: number;

  @Column({ name: 'user_name', type: 'varchar', length: 64, default: '' })
  userName!: string;

  @Column({ type: 'varchar', length: 128, default: '' })
  ipaddr!: string;

  @Column({ name: 'login_location', type: 'varchar', length: 255, default: '' })
  loginLocation!: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  browser!: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  os!: string;

  /** '0' success, '1' failure. */
  @Column({ type: 'char', length: 1, default: '0' })
  status!: '0' | '1';

  /** The message key of the outcome (e.g. auth.bad_credentials), rendered in the reader's language. */
  @Column({ type: 'varchar', length: 255, default: '' })
  msg!: string;

  @CreateDateColumn({ name: 'login_time', type: 'datetime', precision: 3 })
  loginTime!: Date;
}
