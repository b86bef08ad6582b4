import { once } from 'node:events';
import { PassThrough } from 'node:stream';

import {
  type BilingualText,
  DomainError,
  IMPORT_MAX_ROWS,
  type Language,
} from '@platform/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface Column<T> {
  key: string;
  label: BilingualText;
  width?: number;
  value?: (row: T) => unknown;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cell(value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Streams an .xlsx to the client while its rows are fetched page by page, so an export of 100k rows
 * holds one page in memory, not the whole table (ExcelJS' streaming writer, committed row by row).
 */
export async function streamXlsx<T>(
  reply: FastifyReply,
  name: string,
  columns: Column<T>[],
  lang: Language,
  pages: AsyncIterable<T[]>,
): Promise<void> {
  const out = new PassThrough();
  void reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`,
    )
    .send(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.label[lang], key: c.key, width: c.width ?? 18 }));
  try {
    for await (const page of pages) {
      for (const row of page) {
        const values = columns.map((c) =>
          cell(c.value ? c.value(row) : (row as Record<string, unknown>)[c.key]),
        );
        sheet.addRow(values).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** An .xlsx with only the header row (the import template). */
export async function templateXlsx<T>(
  reply: FastifyReply,
  name: string,
  columns: Column<T>[],
  lang: Language,
): Promise<void> {
  async function* none(): AsyncIterable<T[]> {}
  await streamXlsx(reply, name, columns, lang, none());
}

/**
 * The rows of the first sheet as objects keyed by column key; the header row may use the zh or en
 * label or the key itself, so templates of either language import alike.
 */
export async function readSheet<T>(
  buffer: Buffer,
  columns: Column<T>[],
): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('import.bad_file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new DomainError('import.bad_file');
  const byHeader = new Map<string, string>();
  for (const c of columns)
    for (const name of [c.key, c.label.zh, c.label.en])
      byHeader.set(name.trim().toLowerCase(), c.key);
  const keys: (string | undefined)[] = [];
  sheet.getRow(1).eachCell((c, index) => {
    keys[index] = byHeader.get(
      String(c.text ?? '')
        .trim()
        .toLowerCase(),
    );
  });
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    if (rows.length >= IMPORT_MAX_ROWS)
      throw new DomainError('import.too_many_rows', { max: IMPORT_MAX_ROWS });
    const record: Record<string, unknown> = {};
    row.eachCell((c, col) => {
      const key = keys[col];
      if (key) record[key] = c.text;
    });
    if (Object.values(record).some((v) => String(v ?? '').trim() !== '')) rows.push(record);
  });
  return rows;
}
