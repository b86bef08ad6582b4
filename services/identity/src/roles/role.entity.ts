import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import type { StatusFlag } from '../users/user.entity';

/** Data scope levels: 1 all, 2 custom departments, 3 own department, 4 department and below, 5 self. */
export type DataScope = '1' | '2' | '3' | '4' | '5';

@Entity('sys_role')
export class Role extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'role_id', type: 'bigint' })
  roleId!: number;

  @Column({ name: 'role_name', type: 'varchar', length: 30 })
  roleName!: string;

  @Column({ name: 'role_name_en', type: 'varchar', length: 60, default: '' })
  roleNameEn!: string;

  @Index({ unique: true })
  @Column({ name: 'role_key', type: 'varchar', length: 100 })
  roleKey!: string;

  @Column({ name: 'role_sort', type: 'int', default: 0 })
  roleSort!: number;

  @Column({ name: 'data_scope', type: 'char', length: 1, default: '1' })
  dataScope!: DataScope;

  @Column({ name: 'menu_check_strictly', type: 'tinyint', default: 1 })
  menuCheckStrictly!: number;

  @Column({ name: 'dept_check_strictly', type: 'tinyint', default: 1 })
  deptCheckStrictly!: number;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;

  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' })
  delFlag!: '0' | '2';
}

@Entity('sys_user_role')
export class UserRole {
  @Column({ name: 'user_id', type: 'bigint', primary: true })
  userId!: number;

  @Column({ name: 'role_id', type: 'bigint', primary: true })
  roleId!: number;
}

@Entity('sys_role_menu')
export class RoleMenu {
  @Column({ name: 'role_id', type: 'bigint', primary: true })
  roleId!: number;

  @Column({ name: 'menu_id', type: 'bigint', primary: true })
  menuId!: number;
}

@Entity('sys_role_dept')
export class RoleDept {
  @Column({ name: 'role_id', type: 'bigint', primary: true })
  roleId!: number;

  @Column({ name: 'dept_id', type: 'bigint', primary: true })
  deptId!: number;
}
