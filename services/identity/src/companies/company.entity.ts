import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import type { StatusFlag } from '../users/user.entity';

/** A customer company (= tenant). Users join it by registering with its code. */
@Entity('sys_company')
export class Company extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'company_id', type: 'bigint' })
  companyId!: number;

  @Column({ name: 'company_name', type: 'varchar', length: 100 })
  companyName!: string;

  @Index({ unique: true })
  @Column({ name: 'company_code', type: 'varchar', length: 32 })
  companyCode!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  logo!: string;

  @Column({ name: 'contact_person', type: 'varchar', length: 50, default: '' })
  contactPerson!: string;

  @Column({ name: 'contact_name', type: 'varchar', length: 50, default: '' })
  contactName!: string;

  @Column({ name: 'contact_phone', type: 'varchar', length: 100, default: '' })
  contactPhone!: string;

  /** The department that holds this company's users, so data scopes apply to companies too. */
  @Column({ name: 'dept_id', type: 'bigint', nullable: true })
  deptId!: number | null;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;

  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' })
  delFlag!: '0' | '2';
}
