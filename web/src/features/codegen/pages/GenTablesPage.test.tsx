import { PERMISSIONS } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { sessionStore } from '../../../lib/auth';
import { GenTablesPage } from './GenTablesPage';

const api = useApiServer();
const SLOW = { timeout: 10_000 };
const P = PERMISSIONS.tool.gen;
const ALL = [P.list, P.import, P.edit, P.remove, P.preview, P.code];

const table = (tableId: number, tableName: string) => ({
  tableId,
  service: 'billing',
  tableName,
  tableComment: `${tableName} comment`,
  className: 'Thing',
  moduleName: 'things',
  businessName: 'thing',
  functionName: '事物',
  functionNameEn: 'Thing',
  parentMenuId: 0,
  remark: '',
  createTime: '2026-11-28T08:31:00.000Z',
  updateTime: null,
});

function page(permissions: string[]) {
  sessionStore.set({ user: null, roles: [], permissions, routes: [] });
  return render(<GenTablesPage />);
}

const sent = (method: string, prefix: string) =>
  api().seen.filter((r) => r.method === method && r.url.startsWith(`/prod-api${prefix}`));

describe(GenTablesPage.name, () => {
  beforeEach(() => {
    api().on('/tool/gen/list', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        rows: [table(1, 'bill_order'), table(2, 'bill_ledger')],
        total: 2,
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('should list the imported tables by server page and show only the buttons the user may use', async () => {
    page([P.list]);
    const row = await screen.findByTestId('row-1', {}, SLOW);
    expect(within(row).getByText('bill_order comment')).toBeTruthy();
    expect(within(row).getByText('billing')).toBeTruthy();
    expect(sent('GET', '/tool/gen/list')[0]!.url).toContain('pageNum=1&pageSize=20');
    for (const id of ['gen-import', 'gen-remove-selected', 'gen-download-selected'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(within(row).queryByTestId('gen-preview')).toBeNull();
    expect(within(row).queryByTestId('delete')).toBeNull();
  });

  it('should import the ticked tables of the service picked, then list again', async () => {
    api().on('/tool/gen/db/list', (req, res) => {
      const billing = req.url.includes('service=billing');
      json(res, {
        code: 200,
        msg: 'ok',
        rows: billing
          ? [
              { tableName: 'bill_refund', tableComment: 'Refunds', createTime: null },
              { tableName: 'bill_coupon', tableComment: 'Coupons', createTime: null },
            ]
          : [],
        total: billing ? 2 : 0,
      });
    });
    api().on('/tool/gen/importTable', (_req, res) => json(res, { code: 200, msg: 'ok' }));
    page(ALL);
    await userEvent.click(await screen.findByTestId('gen-import', {}, SLOW));
    const dialog = await screen.findByTestId('import-dialog');
    expect(await within(dialog).findByTestId('import-empty', {}, SLOW)).toBeTruthy();
    expect(sent('GET', '/tool/gen/db/list')[0]!.url).toContain('service=identity');
    fireEvent.click(within(dialog).getByTestId('import-service'));
    fireEvent.click(await screen.findByRole('option', { name: 'billing', hidden: true }));
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Select bill_coupon' }, SLOW),
    );
    const listed = sent('GET', '/tool/gen/list').length;
    await userEvent.click(within(dialog).getByTestId('import-submit'));
    await waitFor(() => expect(sent('POST', '/tool/gen/importTable')).toHaveLength(1));
    expect(JSON.parse(sent('POST', '/tool/gen/importTable')[0]!.body)).toEqual({
      service: 'billing',
      tables: ['bill_coupon'],
    });
    await waitFor(() => expect(sent('GET', '/tool/gen/list').length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
  });

  it('should preview each generated file in its own tab, highlighted, with a copy button', async () => {
    api().on('/tool/gen/preview/1', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: {
          'services/billing/src/things/thing.entity.ts':
            'export class Thing {\n  id!: number;\n}\n',
          'web/src/features/things/ThingsPage.tsx': 'export const ThingsPage = () => <div />;\n',
        },
      }),
    );
    page(ALL);
    const row = await screen.findByTestId('row-1', {}, SLOW);
    await userEvent.click(within(row).getByTestId('gen-preview'));
    const tabs = await screen.findByTestId('preview-tabs', {}, SLOW);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['thing.entity.ts', 'ThingsPage.tsx']);
    const code = within(tabs).getByTestId('code-block');
    expect(code.textContent).toContain('export class Thing');
    // Highlighted: the keyword is a token span of its own.
    expect(within(code).getAllByText('class')[0]!.className).toContain('keyword');
    expect(within(tabs).getByTestId('copy-code')).toBeTruthy();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'ThingsPage.tsx' }));
    expect(within(tabs).getByTestId('code-block').textContent).toContain('ThingsPage');
  });

  it('should delete the ticked tables in one call after asking', async () => {
    api().on('/tool/gen/1,2', (_req, res) => json(res, { code: 200, msg: 'ok' }));
    page(ALL);
    await screen.findByTestId('row-2', {}, SLOW);
    const batch = screen.getByTestId('gen-remove-selected');
    expect(batch).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.click(batch);
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(
      'Delete the 2 selected tables?',
    );
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent('DELETE', '/tool/gen/')).toHaveLength(1));
    expect(sent('DELETE', '/tool/gen/')[0]!.url).toBe('/prod-api/tool/gen/1,2');
  });

  it('should download the code of one table and of the ticked tables as a zip', async () => {
    api().on('/tool/gen/batchGenCode', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip' });
      res.end(Buffer.from('PK\u0003\u0004'));
    });
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    page(ALL);
    const row = await screen.findByTestId('row-1', {}, SLOW);
    await userEvent.click(within(row).getByTestId('gen-download'));
    await waitFor(() => expect(names).toEqual(['bill_order.zip']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select bill_order' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select bill_ledger' }));
    await userEvent.click(screen.getByTestId('gen-download-selected'));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(sent('GET', '/tool/gen/batchGenCode').map((r) => r.url)).toEqual([
      '/prod-api/tool/gen/batchGenCode?tableIds=1',
      '/prod-api/tool/gen/batchGenCode?tableIds=1%2C2',
    ]);
  });

  it('should synchronise a table from its database only once confirmed', async () => {
    api().on('/tool/gen/synchDb/2', (_req, res) => json(res, { code: 200, msg: 'ok' }));
    page(ALL);
    const row = await screen.findByTestId('row-2', {}, SLOW);
    await userEvent.click(within(row).getByTestId('gen-sync'));
    await userEvent.click(await screen.findByTestId('confirm-cancel'));
    expect(sent('GET', '/tool/gen/synchDb')).toHaveLength(0);
    await userEvent.click(within(row).getByTestId('gen-sync'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sent('GET', '/tool/gen/synchDb/2')).toHaveLength(1));
  });
});
