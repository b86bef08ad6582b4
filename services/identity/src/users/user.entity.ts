import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';

/** '0' normal, '1' disabled (RuoYi convention, kept for the dictionaries sys_normal_disable). */
export type StatusFlag = '0' | '1';

@Entity('sys_user')
export class User extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'user_id', type: 'bigint' })
  userId!: number;

  @Column({ name: 'dept_id', type: 'bigint', nullable: true })
  deptId!: number | null;

  @Column({ name: 'company_id', type: 'bigint', nullable: true })
  companyId!: number | null;

  @Index({ unique: true })
  @Column({ name: 'user_name', type: 'varchar', length: 64 })
  userName!: string;

  @Column({ name: 'nick_name', type: 'varchar', length: 30, default: '' })
  nickName!: string;

  @Column({ name: 'user_type', type: 'varchar', length: 2, default: '00' })
  userType!: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  email!: string | null;

  /** Phone area code, digits only (spec §3 `qu`). */
  @Column({ type: 'varchar', length: 8, nullable: true })
  qu!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phonenumber!: string | null;

  @Column({ type: 'char', length: 1, default: '2' })
  sex!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  avatar!: string;

  @Column({ type: 'varchar', length: 255, select: false })
  password!: string;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;

  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' })
  delFlag!: '0' | '2';

  @Column({ name: 'login_ip', type: 'varchar', length: 128, default: '' })
  loginIp!: string;

  @Column({ name: 'login_date', type: 'datetime', precision: 3, nullable: true })
  loginDate!: Date | null;

  @Column({ name: 'login_count', type: 'int', default: 0 })
  loginCount!: number;

  @Column({ type: 'int', nullable: true })
  pagesize!: number | null;

  @Column({ type: 'tinyint', default: 0 })
  tour!: number;

  /** Invitation link: 1 enabled, 0 disabled by an administrator. */
  @Column({ name: 'link_status', type: 'tinyint', default: 1 })
  linkStatus!: number;

  /** Real-name authentication: 0 unauthenticated, 1 authenticated. */
  @Column({ name: 'real_name_status', type: 'tinyint', default: 0 })
  realNameStatus!: number;

  @Column({ name: 'real_name', type: 'varchar', length: 255, nullable: true })
  realName!: string | null;

  @Column({ name: 'cert_no', type: 'varchar', length: 255, nullable: true })
  certNo!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  position!: string | null;

  @Column({ name: 'invite_code', type: 'varchar', length: 16, nullable: true })
  inviteCode!: string | null;

  @Column({ name: 'inviter_id', type: 'bigint', nullable: true })
  inviterId!: number | null;

  @Column({ name: 'pwd_update_date', type: 'datetime', precision: 3, nullable: true })
  pwdUpdateDate!: Date | null;
}
