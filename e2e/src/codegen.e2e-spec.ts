import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { blockingFindings } from './a11y';
import { downloaded, pageApi, screenshot, signInAsAdmin, useBrowser } from './browser';

// Issue 30: the administrator imports a table of one service into the code generator, changes a
// column's flags, previews the generated files and downloads them as a zip.
const browser = useBrowser();

const SERVICE = 'notification';
const TABLE = 'message';

interface GenRow {
  tableId: number;
  tableName: string;
  service: string;
}
interface GenColumn {
  columnName: string;
  isPk: boolean;
  isQuery: boolean;
}

const imported = async (page: Page) =>
  (await pageApi<GenRow[]>(page, 'GET', `/tool/gen/list?tableName=${TABLE}&pageSize=50`)).filter(
    (r) => r.tableName === TABLE && r.service === SERVICE,
  );

describe('code generator', () => {
  it('should import a table, edit a column, preview the entity and download the zip', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A run that stopped half-way may have left the table imported: start from the database's list.
    const left = await imported(page);
    if (left.length)
      await pageApi(page, 'DELETE', `/tool/gen/${left.map((r) => r.tableId).join(',')}`);

    await page.goto('/tool/gen');
    await page.getByTestId('gen-page').waitFor();
    await page.getByTestId('gen-import').click();
    const dialog = page.getByTestId('import-dialog');
    await page.getByTestId('import-service').click();
    await page.getByRole('option', { name: SERVICE, exact: true }).click();
    await dialog.getByTestId('import-search-name').fill(TABLE);
    await dialog.getByTestId('import-search').click();
    await dialog.getByTestId(`db-table-${TABLE}`).getByRole('checkbox').check();
    expect(await blockingFindings(page)).toEqual([]);
    await dialog.getByTestId('import-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const [row] = await imported(page);
    expect(row).toBeDefined();
    const tableRow = page.getByTestId(`row-${row!.tableId}`);
    await tableRow.waitFor();
    await screenshot(page, 'codegen-list');
    expect(await blockingFindings(page)).toEqual([]);

    // Edit: turn on "query" for a column that has it off.
    const before = await pageApi<{ rows: GenColumn[] }>(page, 'GET', `/tool/gen/${row!.tableId}`);
    const column = before.rows.find((c) => !c.isPk && !c.isQuery)!;
    expect(column).toBeDefined();
    await tableRow.getByTestId('gen-edit').click();
    await page.waitForURL(`**/tool/gen-edit/index/${row!.tableId}`);
    await page.getByTestId('gen-edit-page').waitFor();
    expect(await blockingFindings(page)).toEqual([]);
    await page.getByTestId('tab-columns').click();
    await page.getByTestId(`isQuery-${column.columnName}`).check();
    expect(await blockingFindings(page)).toEqual([]);
    await page.getByTestId('gen-save').click();
    await page.waitForURL('**/tool/gen');
    const after = await pageApi<{ rows: GenColumn[] }>(page, 'GET', `/tool/gen/${row!.tableId}`);
    expect(after.rows.find((c) => c.columnName === column.columnName)!.isQuery).toBe(true);

    // Preview: a tab per file, the entity among them, highlighted.
    await page.getByTestId(`row-${row!.tableId}`).getByTestId('gen-preview').click();
    const tabs = page.getByTestId('preview-tabs');
    await tabs.waitFor();
    const entity = tabs.getByRole('tab').filter({ hasText: /\.entity\.ts$/ });
    await entity.click();
    const code = tabs.getByTestId('code-block');
    await expect.poll(() => code.textContent()).toContain('class ');
    expect(await code.locator('.token.keyword').count()).toBeGreaterThan(0);
    await screenshot(page, 'codegen-preview');
    expect(await blockingFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await tabs.waitFor({ state: 'detached' });

    // Download: the zip of the table's code.
    const download = page.waitForEvent('download');
    await page.getByTestId(`row-${row!.tableId}`).getByTestId('gen-download').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${TABLE}.zip`);
    expect((await downloaded(saved)).subarray(0, 2).toString('latin1')).toBe('PK');

    await pageApi(page, 'DELETE', `/tool/gen/${row!.tableId}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
