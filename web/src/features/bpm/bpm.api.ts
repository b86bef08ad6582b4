import {
  BPM_DEFINITION_STATE,
  type BpmDefinitionState,
  type BpmFormView,
  type BpmModelSummaryView,
  type BpmModelView,
  type BpmTaskTimelineView,
  type OaLeaveView,
  type ProcessDefinitionDetailView,
  type ProcessDefinitionView,
  type ProcessInstanceDetailView,
} from '@platform/contracts';

import { fetchPage } from '../../lib/crud.api';
import { requestData } from '../../lib/request';

// The calls of the people's-process pages (docs/api-bpm.md). Lists go through CrudPage with the URLs
// below; these are the single-record reads and the actions.

export const BPM_URLS = {
  definitions: '/bpm/process-definition/page',
  myInstances: '/bpm/process-instance/my-page',
  todo: '/bpm/task/todo-page',
  done: '/bpm/task/done-page',
  leaves: '/bpm/oa/leave/page',
} as const;

const get = <T>(url: string, params?: Record<string, unknown>) => requestData<T>(url, { params });
const put = (url: string, data: object) =>
  requestData<unknown>(url, { method: 'PUT', data, repeatSubmit: false });

export interface LeaveBody {
  type: string;
  startTime: string;
  endTime: string;
  reason: string;
}

export const bpmApi = {
  /** Every active deployed definition (at most 200), for the start page. */
  definitions: () =>
    fetchPage<ProcessDefinitionView>(BPM_URLS.definitions, {
      pageNum: 1,
      pageSize: 200,
      suspensionState: BPM_DEFINITION_STATE.active,
    }),
  /** Suspends or activates a model's deployed definition (RuoYi-Vue-Pro's update-state). */
  setDefinitionState: (modelId: number, state: BpmDefinitionState) =>
    put('/bpm/model/update-state', { id: modelId, state }),
  /** A startable definition with its start form (readable by whoever may start it). */
  definition: (id: string) =>
    get<ProcessDefinitionDetailView>('/bpm/process-definition/get', { id }),
  instance: (id: string) => get<ProcessInstanceDetailView>('/bpm/process-instance/get', { id }),
  startInstance: (processDefinitionId: string, variables: Record<string, unknown>) =>
    requestData<string>('/bpm/process-instance/create', {
      method: 'POST',
      data: { processDefinitionId, variables },
      repeatSubmit: false,
    }),
  cancelInstance: (id: string, reason: string) =>
    requestData<unknown>('/bpm/process-instance/cancel', {
      method: 'DELETE',
      data: { id, reason },
    }),
  timeline: (processInstanceId: string) =>
    get<BpmTaskTimelineView[]>('/bpm/task/list-by-process-instance-id', { processInstanceId }),
  approve: (id: string, reason: string, variables?: Record<string, unknown>) =>
    put('/bpm/task/approve', { id, reason, ...(variables ? { variables } : {}) }),
  reject: (id: string, reason: string) => put('/bpm/task/reject', { id, reason }),
  transfer: (id: string, assigneeUserId: number, reason: string) =>
    put('/bpm/task/transfer', { id, assigneeUserId, reason }),
  delegate: (id: string, delegateUserId: number, reason: string) =>
    put('/bpm/task/delegate', { id, delegateUserId, reason }),
  /** A comment on a task (open or ended) of an instance the reader may see. */
  comment: (id: string, reason: string) => put('/bpm/task/comment', { id, reason }),
  form: (id: number) => get<BpmFormView>(`/bpm/form/${id}`),
  /** The model behind a process key (its diagram): the list finds its id, the record has the XML. */
  modelByKey: async (key: string): Promise<BpmModelView | null> => {
    const page = await fetchPage<BpmModelSummaryView>('/bpm/model/list', {
      key,
      pageNum: 1,
      pageSize: 50,
    });
    const model = page.rows.find((row) => row.key === key);
    return model ? get<BpmModelView>(`/bpm/model/${model.id}`) : null;
  },
  createLeave: (body: LeaveBody) =>
    requestData<number>('/bpm/oa/leave/create', {
      method: 'POST',
      data: body,
      repeatSubmit: false,
    }),
  leave: (id: number) => get<OaLeaveView>('/bpm/oa/leave/get', { id }),
};
