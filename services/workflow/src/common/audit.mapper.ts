import type { AuditView } from '@platform/contracts';

import type { AuditColumns } from '../database/audit-columns';
import { iso } from './commands';

export function auditView(row: AuditColumns): AuditView {
  return {
    createBy: row.createBy,
    createTime: iso(row.createTime),
    updateBy: row.updateBy,
    updateTime: iso(row.updateTime),
  };
}
