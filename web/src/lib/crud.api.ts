import type { DictDataView, TreeNode } from '@platform/contracts';

import { request, requestBlob, requestData, saveBlob } from './request';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A paged list (`{rows, total}` envelope). */
export async function fetchPage<T>(url: string, params: Record<string, unknown>): Promise<Page<T>> {
  const body = await request<never>(url, { params });
  return { rows: (body.rows as T[]) ?? [], total: Number(body.total ?? 0) };
}

export const fetchData = <T>(url: string, params?: Record<string, unknown>) =>
  requestData<T>(url, { params });

export function saveEntity(url: string, data: Record<string, unknown>, isNew: boolean) {
  return requestData<Record<string, unknown>>(url, { method: isNew ? 'POST' : 'PUT', data });
}

export function putData(url: string, data: Record<string, unknown> = {}) {
  return requestData<Record<string, unknown>>(url, { method: 'PUT', data });
}

export function deleteEntity(url: string) {
  return requestData<unknown>(url, { method: 'DELETE' });
}

/** Downloads an .xlsx export (the filters go as the JSON body). */
export async function exportXlsx(url: string, filters: Record<string, unknown>, name: string) {
  const blob = await requestBlob(url, { method: 'POST', data: filters, repeatSubmit: false });
  saveBlob(blob, `${name}_${Date.now()}.xlsx`);
}

/** Sends one file as multipart (`field`), answering the upload envelope. */
export function uploadFile(url: string, field: string, file: Blob, name: string) {
  const form = new FormData();
  form.append(field, file, name);
  return request<Record<string, unknown>>(url, { method: 'POST', data: form });
}

export const dictOf = (type: string) =>
  requestData<DictDataView[]>(`/system/dict/data/type/${encodeURIComponent(type)}`);

/** Flattens a tree into select options with the depth shown by indentation. */
export function treeOptions(
  nodes: TreeNode[],
  lang: string,
  depth = 0,
): { value: string; label: string }[] {
  return nodes.flatMap((node) => [
    {
      value: String(node.id),
      label: `${'\u00a0\u00a0'.repeat(depth)}${lang === 'en' ? (node.labelEn ?? node.label) : node.label}`,
    },
    ...treeOptions(node.children ?? [], lang, depth + 1),
  ]);
}
