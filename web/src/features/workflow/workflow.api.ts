import type {
  AgentView,
  BpmFormView,
  BpmModelView,
  FunctionRunView,
  FunctionView,
  NamedView,
  SkillView,
  TaskAssignRuleView,
  WorkflowDiffView,
  WorkflowVersionSummaryView,
  WorkflowVersionView,
  WorkflowView,
} from '@platform/contracts';

import { requestData } from '../../lib/request';

// The calls of the workflow pages (spec §7 Workflow and the gateway's workflow controllers). Lists go
// through CrudPage; these are the single-record reads and the actions.

const get = <T>(url: string, params?: Record<string, unknown>) => requestData<T>(url, { params });
const save = <T>(url: string, data: object, isNew: boolean) =>
  requestData<T>(url, { method: isNew ? 'POST' : 'PUT', data });

export const workflowApi = {
  get: (id: number) => get<WorkflowView>(`/wujie/workflow/${id}`),
  save: (body: object, isNew: boolean) => save<WorkflowView>('/wujie/workflow', body, isNew),
  copy: (id: number) => get<WorkflowView>(`/wujie/workflow/copyWorkflow/${id}`),
  /** Every tag in use, for the tag picker. */
  allTags: () => get<string[]>('/wujie/workflow/taglist/0'),
  versions: (id: number) => get<WorkflowVersionSummaryView[]>(`/wujie/workflow/versions/${id}`),
  version: (id: number, version: number) =>
    get<WorkflowVersionView>(`/wujie/workflow/versions/${id}/${version}`),
  diff: (id: number, from: number, to: number) =>
    get<WorkflowDiffView>(`/wujie/workflow/versions/${id}/diff`, { from, to }),
  restore: (id: number, version: number) =>
    requestData<WorkflowVersionView>(`/wujie/workflow/versions/${id}/restore/${version}`, {
      method: 'POST',
    }),
};

export const agentApi = {
  get: (id: number) => get<AgentView>(`/wujie/agent/${id}`),
  save: (body: object, isNew: boolean) => save<AgentView>('/wujie/agent', body, isNew),
  /** Enabled agents for the workflow form. */
  simple: () => get<NamedView[]>('/wujie/agent/listSimple'),
};

export const skillApi = {
  get: (id: number) => get<SkillView>(`/wujie/skill/${id}`),
  simple: () => get<NamedView[]>('/wujie/skill/listSimple'),
};

export const functionApi = {
  get: (id: number) => get<FunctionView>(`/wujie/functions/${id}`),
  save: (body: object, isNew: boolean) => save<FunctionView>('/wujie/functions', body, isNew),
  simple: () => get<NamedView[]>('/wujie/functions/listSimple'),
  tags: () => get<string[]>('/wujie/functions/taglist'),
  /** Runs the code as edited in the server's sandbox; its failures are part of the answer. */
  run: (body: object) =>
    requestData<FunctionRunView>('/wujie/functions/run', {
      method: 'POST',
      data: body,
      repeatSubmit: false,
    }),
};

export const bpmApi = {
  model: (id: number) => get<BpmModelView>(`/bpm/model/${id}`),
  /** Deploys the model's diagram to the process engine; answers the model with its definition. */
  deploy: (id: number) =>
    requestData<BpmModelView>(`/bpm/model/deploy?id=${id}`, { method: 'POST' }),
  rules: (modelId: number) => get<TaskAssignRuleView[]>('/bpm/task-assign-rule/list', { modelId }),
  removeRule: (id: number) =>
    requestData<unknown>(`/bpm/task-assign-rule/${id}`, { method: 'DELETE' }),
  saveRule: (body: object, isNew: boolean) =>
    save<TaskAssignRuleView>('/bpm/task-assign-rule', body, isNew),
  form: (id: number) => get<BpmFormView>(`/bpm/form/${id}`),
  saveForm: (body: object, isNew: boolean) => save<BpmFormView>('/bpm/form', body, isNew),
  formsSimple: () => get<NamedView[]>('/bpm/form/listSimple'),
  groupsSimple: () => get<NamedView[]>('/bpm/user-group/listSimple'),
};
