import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { GenEditPage } from './GenEditPage';

const api = useApiServer();
const SLOW = { timeout: 10_000 };

const info = {
  tableId: 7,
  service: 'billing',
  tableName: 'bill_coupon',
  tableComment: 'Coupons',
  className: 'Coupon',
  moduleName: 'coupons',
  businessName: 'coupon',
  functionName: '优惠券',
  functionNameEn: 'Coupon',
  parentMenuId: 0,
  remark: '',
  createTime: '2026-11-28T08:31:00.000Z',
  updateTime: null,
};

const column = (columnId: number, columnName: string, tsField: string, sort: number) => ({
  columnId,
  tableId: 7,
  columnName,
  columnComment: columnName,
  columnType: 'varchar(64)',
  tsType: 'string',
  tsField,
  isPk: false,
  isIncrement: false,
  isRequired: false,
  isInsert: true,
  isEdit: true,
  isList: true,
  isQuery: false,
  queryType: 'EQ',
  htmlType: 'input',
  dictType: '',
  sort,
});

/** The page inside a router on its own path, so Back and Save can navigate. */
function page() {
  const history = createMemoryHistory({ initialEntries: ['/tool/gen-edit/index/7'] });
  const rootRoute = createRootRoute({ component: () => <GenEditPage params={{ tableId: '7' }} /> });
  const router = createRouter({ routeTree: rootRoute, history });
  render(<RouterProvider router={router} />);
  return history;
}

function serveTable() {
  api().on('/tool/gen/7', (req, res) =>
    req.method === 'GET'
      ? json(res, {
          code: 200,
          msg: 'ok',
          data: {
            info,
            rows: [column(70, 'coupon_id', 'couponId', 1), column(71, 'status', 'status', 2)],
          },
        })
      : json(res, { code: 200, msg: 'ok' }),
  );
  api().on('/system/menu/treeselect', (_req, res) =>
    json(res, { code: 200, msg: 'ok', data: [{ id: 1, label: '系统管理', labelEn: 'System' }] }),
  );
  api().on('/system/dict/type/optionselect', (_req, res) =>
    json(res, {
      code: 200,
      msg: 'ok',
      data: [{ dictId: 1, dictName: '状态', dictNameEn: 'Status', dictType: 'sys_normal_disable' }],
    }),
  );
  api().on('/tool/gen', (_req, res) => json(res, { code: 200, msg: 'ok' }));
}

describe(GenEditPage.name, () => {
  it('should show a failed load with a retry, then the table', async () => {
    let fail = true;
    serveTable();
    api().on('/tool/gen/7', (_req, res) =>
      fail
        ? json(res, { code: 500, msg: 'down' })
        : json(res, { code: 200, msg: 'ok', data: { info, rows: [] } }),
    );
    page();
    const error = await screen.findByTestId('load-error', {}, SLOW);
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Table name' }, SLOW)).toHaveProperty(
      'value',
      'bill_coupon',
    );
    await userEvent.click(screen.getByTestId('tab-columns'));
    expect(screen.getByTestId('gen-columns-empty')).toBeTruthy();
  });

  it('should refuse names the generator cannot write, then save the columns edited and go back', async () => {
    serveTable();
    const history = page();
    const className = await screen.findByRole('textbox', { name: 'Class name' }, SLOW);
    await userEvent.clear(className);
    await userEvent.type(className, 'coupon');
    await userEvent.click(screen.getByTestId('gen-save'));
    expect(await screen.findByText('PascalCase letters and digits, e.g. Notice')).toBeTruthy();
    expect(api().seen.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.clear(className);
    await userEvent.type(className, 'Voucher');

    await userEvent.click(screen.getByTestId('tab-columns'));
    const status = screen.getByTestId('gen-column-status');
    await userEvent.click(within(status).getByRole('checkbox', { name: 'Query: status' }));
    await userEvent.click(within(status).getByRole('checkbox', { name: 'List: status' }));
    fireEvent.change(within(status).getByRole('combobox', { name: 'Form control of status' }), {
      target: { value: 'select' },
    });
    const dict = within(status).getByRole('combobox', { name: 'Dictionary type of status' });
    await waitFor(() => expect(within(dict).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(dict, { target: { value: 'sys_normal_disable' } });
    const field = within(status).getByRole('textbox', { name: 'TS field of status' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByTestId('gen-save'));
    expect(await within(status).findByText('TS field cannot be empty')).toBeTruthy();
    await userEvent.type(field, 'state');
    await userEvent.click(screen.getByTestId('gen-save'));

    await waitFor(() => expect(api().seen.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = JSON.parse(api().seen.find((r) => r.method === 'PUT')!.body) as {
      className: string;
      columns: Record<string, unknown>[];
    };
    expect(body.className).toBe('Voucher');
    expect(body.columns[1]).toMatchObject({
      columnId: 71,
      tsField: 'state',
      isQuery: true,
      isList: false,
      htmlType: 'select',
      dictType: 'sys_normal_disable',
      sort: 2,
    });
    expect(body.columns[0]).toMatchObject({ columnId: 70, isQuery: false, isList: true });
    await waitFor(() => expect(history.location.pathname).toBe('/tool/gen'));
  });

  it('should show the basic tab again when a name there is missing on save', async () => {
    serveTable();
    page();
    await userEvent.clear(
      await screen.findByRole('textbox', { name: 'Function name (English)' }, SLOW),
    );
    await userEvent.click(screen.getByTestId('tab-columns'));
    expect(screen.getByTestId('tab-columns').getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByTestId('gen-save'));
    await waitFor(() =>
      expect(screen.getByTestId('tab-basic').getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getByText('Function name (English) cannot be empty')).toBeTruthy();
    expect(api().seen.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('should go back to the list without saving', async () => {
    serveTable();
    const history = page();
    await userEvent.click(await screen.findByTestId('gen-back', {}, SLOW));
    expect(history.location.pathname).toBe('/tool/gen');
    expect(api().seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});
