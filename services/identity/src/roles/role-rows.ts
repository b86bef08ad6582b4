import { ADMIN_ROLE, type DataScopeLevel, type RoleView } from '@platform/contracts';

import { iso } from '../common/sql';

export interface RoleRow {
  role_id: number;
  role_name: string;
  role_name_en: string;
  role_key: string;
  role_sort: number;
  data_scope: DataScopeLevel;
  menu_check_strictly: number;
  dept_check_strictly: number;
  status: '0' | '1';
  create_time: Date;
  remark: string | null;
}

export function roleViewOf(r: RoleRow): RoleView {
  return {
    roleId: Number(r.role_id),
    roleName: r.role_name,
    roleNameEn: r.role_name_en,
    roleKey: r.role_key,
    roleSort: Number(r.role_sort),
    dataScope: r.data_scope,
    menuCheckStrictly: Number(r.menu_check_strictly) === 1,
    deptCheckStrictly: Number(r.dept_check_strictly) === 1,
    status: r.status,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
    admin: r.role_key === ADMIN_ROLE,
  };
}
