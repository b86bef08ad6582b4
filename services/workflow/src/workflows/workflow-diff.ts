import type {
  AgentSettingChangeView,
  AgentSettingView,
  FieldChangeView,
} from '@platform/contracts';
import { createTwoFilesPatch } from 'diff';

import type { WorkflowVersion } from './workflow.entity';

// What changed between two versions: the workflow's fields, the diagram's XML (a unified diff by
// jsdiff) and the agent and branch settings of its nodes, field by field.

const VERSION_FIELDS = [
  'name',
  'status',
  'description',
  'descriptionEn',
  'agentIds',
  'params',
  'tags',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function fieldChanges<T extends object>(
  from: T,
  to: T,
  fields: readonly (keyof T & string)[],
): FieldChangeView[] {
  return fields
    .filter((field) => !same(from[field], to[field]))
    .map((field) => ({ field, from: from[field], to: to[field] }));
}

export function versionFieldChanges(from: WorkflowVersion, to: WorkflowVersion) {
  return fieldChanges(from, to, VERSION_FIELDS);
}

export function xmlPatch(from: WorkflowVersion, to: WorkflowVersion): string {
  if (from.xml === to.xml) return '';
  return createTwoFilesPatch(`v${from.version}.bpmn`, `v${to.version}.bpmn`, from.xml, to.xml);
}

/** Settings of one node as comparable fields: descriptor fields, or the raw text if unreadable. */
function settingFields(setting: AgentSettingView): Record<string, unknown> {
  const descriptor = (setting.descriptor ?? { documentation: setting.documentation }) as object;
  return { name: setting.name, ...descriptor };
}

export function agentChanges(
  from: AgentSettingView[],
  to: AgentSettingView[],
): AgentSettingChangeView[] {
  const before = new Map(from.map((s) => [s.id, s]));
  const after = new Map(to.map((s) => [s.id, s]));
  const changes: AgentSettingChangeView[] = [];
  for (const setting of to) {
    const old = before.get(setting.id);
    if (!old) {
      changes.push({
        id: setting.id,
        kind: setting.kind,
        change: 'added',
        name: setting.name,
        fields: [],
      });
      continue;
    }
    const a = settingFields(old);
    const b = settingFields(setting);
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const fields = fieldChanges(a, b, keys);
    if (fields.length) {
      changes.push({
        id: setting.id,
        kind: setting.kind,
        change: 'changed',
        name: setting.name,
        fields,
      });
    }
  }
  for (const setting of from) {
    if (!after.has(setting.id)) {
      changes.push({
        id: setting.id,
        kind: setting.kind,
        change: 'removed',
        name: setting.name,
        fields: [],
      });
    }
  }
  return changes;
}
