import { saveBlob } from '../../lib/request';

// Result export. CSV here is a header row and plain values, so RFC 4180 quoting in a few lines does
// the job without a CSV library in the bundle.

export type CsvValue = string | number | boolean | null | undefined;

function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text (CRLF line ends, as RFC 4180 and spreadsheet programs expect). */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function saveJson(data: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

export function saveCsv(header: string[], rows: CsvValue[][], fileName: string): void {
  // A byte-order mark so spreadsheet programs read the UTF-8 (Chinese explanations) correctly.
  saveBlob(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}

export function saveText(text: string, fileName: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}
