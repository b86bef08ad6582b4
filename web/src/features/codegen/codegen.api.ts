import type {
  GenDbTable,
  GenPreview,
  GenService,
  GenTableDetail,
  GenTableSave,
} from '@platform/contracts';

import { fetchData, fetchPage, type Page } from '../../lib/crud.api';
import { requestBlob, requestData, saveBlob } from '../../lib/request';

// The code generator's HTTP calls (issue 30): tables imported from a service's own database, their
// generation settings, the generated files and the zip.

export const GEN_LIST_URL = '/tool/gen/list';
export const GEN_BASE_URL = '/tool/gen';

export const editPath = (tableId: number) => `/tool/gen-edit/index/${tableId}`;

export function fetchDbTables(params: {
  service: GenService;
  tableName?: string;
  pageNum: number;
  pageSize: number;
}): Promise<Page<GenDbTable>> {
  return fetchPage<GenDbTable>('/tool/gen/db/list', params);
}

export function importTables(service: GenService, tables: string[]) {
  return requestData<unknown>('/tool/gen/importTable', {
    method: 'POST',
    data: { service, tables },
  });
}

export const fetchGenTable = (tableId: number) =>
  fetchData<GenTableDetail>(`${GEN_BASE_URL}/${tableId}`);

export const saveGenTable = (table: GenTableSave) =>
  requestData<unknown>(GEN_BASE_URL, { method: 'PUT', data: table });

export const removeGenTables = (tableIds: number[]) =>
  requestData<unknown>(`${GEN_BASE_URL}/${tableIds.join(',')}`, { method: 'DELETE' });

export const fetchPreview = (tableId: number) =>
  fetchData<GenPreview>(`/tool/gen/preview/${tableId}`);

export const syncFromDb = (tableId: number) => requestData<unknown>(`/tool/gen/synchDb/${tableId}`);

/** Downloads the generated code of the tables as one zip. */
export async function downloadCode(tableIds: number[], name: string): Promise<void> {
  const blob = await requestBlob('/tool/gen/batchGenCode', {
    params: { tableIds: tableIds.join(',') },
  });
  saveBlob(blob, `${name}.zip`);
}
