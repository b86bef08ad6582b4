import type {
  ChatFileView,
  MissionInputs,
  MissionLogView,
  MissionRepliedView,
  MissionStartedView,
  MissionView,
  NamedView,
} from '@platform/contracts';

import { fetchPage } from '../../lib/crud.api';
import { requestBlob, requestData, saveBlob } from '../../lib/request';

// The calls of the mission screens (docs/api-missions.md). Lists of the console pages go through
// CrudPage; these are one mission, its node runs and the actions on it.

/** Every node run of a mission is read at once (a run has a handful of nodes, reruns add a few). */
const LOG_PAGE = 500;

const post = <T>(url: string, data?: object) =>
  requestData<T>(url, { method: 'POST', data, repeatSubmit: false });

export interface MissionStartRequest {
  workflowId: number;
  name?: string;
  description?: string;
  inputs: MissionInputs;
}

export interface MissionReplyRequest {
  text?: string;
  /** The stored name and the user's name of each file (the chat shows the latter). */
  files?: ChatFileView[];
}

export const missionApi = {
  get: (id: number) => requestData<MissionView>(`/wujie/mission/${id}`),
  /** Saves the mission's files under one stored folder as `<code>-files.zip`. */
  downloadFilesZip: async (mission: Pick<MissionView, 'id' | 'code'>, path: string) => {
    const blob = await requestBlob(`/wujie/mission/${mission.id}/files/zip`, { params: { path } });
    saveBlob(blob, `${mission.code}-files.zip`);
  },
  /** The id of the mission with this code (the log names missions by code). */
  idOfCode: async (code: string) => {
    const page = await fetchPage<{ id: number }>('/wujie/mission/list', { code, pageSize: 1 });
    return page.rows[0]?.id ?? null;
  },
  logs: async (missionCode: string) =>
    (await fetchPage<MissionLogView>('/wujie/missionLog/list', { missionCode, pageSize: LOG_PAGE }))
      .rows,
  start: (body: MissionStartRequest) => post<MissionStartedView>('/wujie/mission', body),
  stop: (id: number) => post<MissionStartedView>(`/wujie/mission/${id}/stop`),
  /** A new run of the mission that starts at `nodeId`, with what the nodes before it produced. */
  rerun: (id: number, nodeId: string) =>
    post<MissionStartedView>(`/wujie/mission/${id}/rerun`, { nodeId }),
  /** The user's answer when an agent asked for input; files as the upload answered them. */
  reply: (id: number, body: MissionReplyRequest) =>
    post<MissionRepliedView>(`/wujie/mission/${id}/reply`, body),
  /** An administrator's decision on a node waiting for review or confirmation. */
  review: (id: number, body: { approve: boolean; reason?: string }) =>
    post<MissionStartedView>(`/wujie/mission/${id}/review`, body),
  /** Workflows a mission can start on, by status (online; testing for the task test page). */
  workflows: (status: string) =>
    requestData<NamedView[]>('/wujie/workflow/listSimple', { params: { status } }),
};

export const missionKeys = {
  all: ['mission'] as const,
  one: (id: number) => ['mission', id] as const,
  logs: (code: string) => ['mission', 'logs', code] as const,
};
