// Exports of a list's current query: CSV built in the browser, Excel by /v1/table/to/excel. Both hold the
// visible columns, with the same text the cells show, in the user's language.
import { tableToExcel } from '../../../src/generated/client/misc';
import { fileNameOf, saveDownloadFile, saveFile } from '../../../src/app/ui/download';

/** At most this many rows are exported (the server pages them 100 at a time). */
export const EXPORT_MAX_ROWS = 10_000;
/** /table/to/excel takes at most 100,000 cells. */
export const EXCEL_MAX_CELLS = 100_000;

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' (CSV injection). */
function safe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  const s = safe(text);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV with a UTF-8 byte-order mark (so spreadsheet programs read ş, ğ, ı right) and CRLF lines. */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(title: string, header: string[], rows: string[][]): void {
  saveFile(`${fileNameOf(title)}.csv`, new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
}

/** Asks the server for an .xlsx of the rows (at most EXCEL_MAX_CELLS cells) and downloads it. */
export async function downloadExcel(title: string, columns: { key: string; label: string }[], rows: string[][]): Promise<void> {
  const maxRows = Math.floor(EXCEL_MAX_CELLS / Math.max(1, columns.length));
  const answer = await tableToExcel({
    file_name: fileNameOf(title),
    sheet_name: title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet1',
    column_list: columns.map((c) => ({ key: c.key, label: c.label.slice(0, 200) || c.key })),
    row_list: rows.slice(0, maxRows),
  });
  saveDownloadFile(answer.file);
}
