import type {
  WorkflowSimpleView,
  WorkflowSummaryView,
  WorkflowVersionSummaryView,
  WorkflowView,
} from '@platform/contracts';

import { auditView } from '../common/audit.mapper';
import { iso } from '../common/commands';
import type { Workflow, WorkflowVersion } from './workflow.entity';

export function workflowSummary(row: Workflow): WorkflowSummaryView {
  return {
    ...workflowSimple(row),
    agentIds: row.agentIds,
    params: row.params,
    tags: row.tags,
    version: row.version,
    price: row.price ?? null,
    ...auditView(row),
  };
}

export function workflowView(row: Workflow): WorkflowView {
  return { ...workflowSummary(row), workflow: row.xml };
}

export function workflowSimple(row: Workflow): WorkflowSimpleView {
  return {
    id: Number(row.id),
    name: row.name,
    processKey: row.processKey,
    status: row.status,
    description: row.description,
    descriptionEn: row.descriptionEn,
  };
}

export function versionSummary(row: WorkflowVersion, current: number): WorkflowVersionSummaryView {
  return {
    workflowId: Number(row.workflowId),
    version: row.version,
    name: row.name,
    status: row.status,
    restoredFrom: row.restoredFrom,
    current: row.version === current,
    createBy: row.createBy,
    createTime: iso(row.createTime),
  };
}
