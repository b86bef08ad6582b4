import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import type { StatusFlag } from '../users/user.entity';

@Entity('sys_dept')
export class Dept extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'dept_id', type: 'bigint' })
  deptId!: number;

  @Index()
  @Column({ name: 'parent_id', type: 'bigint', default: 0 })
  parentId!: number;

  /** Comma-joined ids from the root to the parent ("0,100,101"), for "department and below" scopes. */
  @Column({ type: 'varchar', length: 500, default: '' })
  ancestors!: string;

  @Column({ name: 'dept_name', type: 'varchar', length: 50 })
  deptName!: string;

  @Column({ name: 'dept_name_en', type: 'varchar', length: 100, default: '' })
  deptNameEn!: string;

  @Column({ name: 'order_num', type: 'int', default: 0 })
  orderNum!: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  leader!: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone!: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  email!: string;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;

  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' })
  delFlag!: '0' | '2';
}
