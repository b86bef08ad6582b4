import type {
  BpmModelSummaryView,
  BpmModelView,
  WorkflowSimpleView,
  WorkflowView,
} from '@platform/contracts';

import { request, requestData, RequestError } from '../../lib/request';

// Calls of the designer page (spec §7 Workflow, and the process models of /bpm/manager/model).

export const fetchWorkflow = (id: string) =>
  requestData<WorkflowView>(`/wujie/workflow/${encodeURIComponent(id)}`, { silent: true });

export const fetchModel = (id: string) =>
  requestData<BpmModelView>(`/bpm/model/${encodeURIComponent(id)}`, { silent: true });

/**
 * Saves a workflow's diagram. The update endpoint takes the whole workflow, so the rest is resent as
 * it is now on the server, not as it was when the designer opened (it may have been edited since).
 */
export async function saveWorkflowDiagram(workflowId: number, xml: string) {
  const current = await fetchWorkflow(String(workflowId));
  const { id, name, status, description, descriptionEn, agentIds, params, tags } = current;
  return requestData<WorkflowView>('/wujie/workflow', {
    method: 'PUT',
    data: { id, name, status, description, descriptionEn, agentIds, params, tags, workflow: xml },
    silent: true,
  });
}

export function saveModelDiagram(
  model: Pick<BpmModelView, 'key' | 'name' | 'description' | 'category' | 'formId'> & {
    id?: number;
  },
  xml: string,
) {
  const { id, key, name, description, category, formId } = model;
  const data = { key, name, description, category, formId, bpmnXml: xml };
  return requestData<BpmModelView>('/bpm/model', {
    method: id ? 'PUT' : 'POST',
    data: id ? { ...data, id } : data,
    silent: true,
  });
}

export interface DiagramError {
  /** Element id the error is about ('' for the whole diagram). */
  field: string;
  msg: string;
}

export type ConversionResult = { ok: true; json: string } | { ok: false; errors: DiagramError[] };

/** POST /wujie/workflow/xmltojson: the agent graph as JSON text, or the errors naming elements. */
export async function convertDiagram(body: {
  workflow: string;
  name?: string;
  description?: string;
  agentIds?: number[];
}): Promise<ConversionResult> {
  try {
    const response = await request('/wujie/workflow/xmltojson', {
      method: 'POST',
      data: body,
      repeatSubmit: false,
      silent: true,
    });
    return { ok: true, json: typeof response.msg === 'string' ? response.msg : '' };
  } catch (error) {
    return { ok: false, errors: errorsOf(error) };
  }
}

/**
 * The errors of a call the server answered: its element-named errors, or its message as one error
 * about the whole diagram. Anything else (no answer, a crash) is rethrown, so the designer shows the
 * spec's "failed to save" message rather than a technical one.
 */
export function errorsOf(error: unknown): DiagramError[] {
  const body = error instanceof RequestError ? error.body : undefined;
  if (!(error instanceof RequestError) || !isEnvelope(body)) throw error;
  return body.data?.errors?.length ? body.data.errors : [{ field: '', msg: error.message }];
}

function isEnvelope(
  body: unknown,
): body is { code: number; data?: { errors?: DiagramError[] } | null } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number'
  );
}

/** Process keys other workflows and models use (the duplicate-key check of spec §5). */
export async function takenProcessKeys(): Promise<string[]> {
  const [workflows, models] = await Promise.all([
    requestData<WorkflowSimpleView[]>('/wujie/workflow/listSimple', { silent: true }).catch(
      () => [] as WorkflowSimpleView[],
    ),
    request<BpmModelSummaryView[]>('/bpm/model/list', {
      params: { pageNum: 1, pageSize: 100 },
      silent: true,
    })
      .then((page) => (page.rows as BpmModelSummaryView[] | undefined) ?? [])
      .catch(() => [] as BpmModelSummaryView[]),
  ]);
  return [...workflows.map((w) => w.processKey ?? '').filter(Boolean), ...models.map((m) => m.key)];
}
