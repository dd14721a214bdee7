// Excel files on the server with exceljs (never the registry's `xlsx`, see ../shared/design/toolchain.md):
// reading an uploaded workbook as a stream, counting its filled cells against the spec's limit, and writing
// a table as an .xlsx for the browser to download.
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ApiError } from '../http/api-error.ts';

// Loaded on first use: exceljs and its archive libraries took a quarter of a second of every start.
const exceljs = async () => (await import('exceljs')).default;
const unzipper = async () => (await import('unzipper')).default;

/** Spec section 9: an Excel upload has at most 100,000 filled cells. */
export const EXCEL_CELL_LIMIT = 100_000;
/**
 * A workbook whose parts unpack to more than this is refused (a zip bomb): 100,000 cells of a kilobyte of text
 * each and their markup fit.
 */
export const EXCEL_UNPACKED_LIMIT = 100 * 1024 * 1024;
/**
 * Rows read, empty or not, before a workbook is refused as too large: twice what the cell limit can fill. Empty
 * `<row/>`s cost no cells but a microsecond each to parse, and 100 MB of them would take over a minute.
 */
export const EXCEL_ROW_LIMIT = 2 * EXCEL_CELL_LIMIT;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type ExcelRefusal = 'legacy_xls' | 'not_a_workbook' | 'too_large';

/**
 * Checks that the bytes are an Office Open XML workbook (a ZIP) whose parts unpack to a sane size, reading
 * only the ZIP's central directory. A legacy binary .xls (OLE2) is named apart: exceljs cannot read it.
 */
export function checkWorkbookBytes(bytes: Buffer): ExcelRefusal | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE2)) return 'legacy_xls';
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== ZIP_LOCAL) return 'not_a_workbook';
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--)
    if (bytes.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  if (end < 0) return 'not_a_workbook';
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let unpacked = 0;
  let hasWorkbook = false;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL) return 'not_a_workbook';
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === 0xffffffff) return 'too_large'; // ZIP64: far beyond any 100,000-cell workbook
    unpacked += size;
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (!hasWorkbook) return 'not_a_workbook';
  return unpacked > EXCEL_UNPACKED_LIMIT ? 'too_large' : undefined;
}

/**
 * Whether the archive's parts really unpack to at most `limit` bytes, counted while they inflate (what the
 * archive claims is the sender's word: a part claiming 1,000 bytes can inflate to a gigabyte). It reads with
 * the ZIP parser exceljs reads with, so it counts the very bytes exceljs would unpack, and it stops at the limit
 * keeping nothing.
 */
export async function unpacksWithin(bytes: Buffer, limit = EXCEL_UNPACKED_LIMIT): Promise<boolean> {
  const parts = Readable.from([bytes]).pipe((await unzipper()).Parse({ forceStream: true }));
  let unpacked = 0;
  try {
    for await (const part of parts as AsyncIterable<import('unzipper').Entry>)
      for await (const chunk of part as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > limit) return false;
      }
  } finally {
    parts.destroy();
  }
  return true;
}

const LEGACY_XLS = {
  en: 'This is an old binary .xls file, which cannot be read: please save it as .xlsx (Excel Workbook) and upload it again.',
  tr: 'Bu eski ikili .xls biçiminde bir dosya ve okunamıyor: lütfen .xlsx (Excel Çalışma Kitabı) olarak kaydedip yeniden yükleyin.',
};

/** The workbook's bytes once its kind and size are checked (refusals in the spec's words). */
export function workbookBytes(file: { file_name: string; content_base64: string }, lang: 'tr' | 'en'): Buffer {
  if (!/\.xlsx?$/i.test(file.file_name)) throw new ApiError('excel_type');
  const bytes = Buffer.from(file.content_base64, 'base64');
  const refusal = checkWorkbookBytes(bytes);
  if (refusal === 'legacy_xls') throw new ApiError('invalid_file_type', {}, { errors: [{ field: 'excel_file', message: LEGACY_XLS[lang] }] });
  if (refusal === 'too_large') throw new ApiError('excel_cell_limit');
  if (refusal) throw new ApiError('invalid_file_type');
  return bytes;
}

export interface SheetRow {
  /** The worksheet's row number (1 = the first row). */
  number: number;
  /** Cell values by column, 0-based: text, number, boolean, Date or undefined. */
  cells: unknown[];
}

export interface ReadSheet {
  name: string;
  rows: SheetRow[];
}

/** A cell's plain value: rich text joined, a formula's result, a hyperlink's text, an error as empty. */
export function plainValue(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'object' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('');
  if ('formula' in o || 'sharedFormula' in o) return plainValue(o.result);
  if ('text' in o) return plainValue(o.text);
  return undefined;
}

const filled = (v: unknown) => v !== undefined && !(typeof v === 'string' && v.trim() === '');

/**
 * Reads the first worksheet's rows of an .xlsx, streaming, counting the filled cells of every sheet and
 * stopping with 13003 as soon as they pass `cellLimit` (13131 past EXCEL_ROW_LIMIT rows, filled or not).
 * Content exceljs cannot read answers 13002.
 */
export async function readFirstSheet(bytes: Buffer, cellLimit = EXCEL_CELL_LIMIT): Promise<{ sheet: ReadSheet; filledCells: number }> {
  let filledCells = 0;
  let rowsRead = 0;
  let first: ReadSheet | undefined;
  const { stream } = await exceljs();
  try {
    const reader = new stream.xlsx.WorkbookReader(Readable.from(bytes), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
      const sheet: ReadSheet | undefined = first ? undefined : { name: ws.name ?? 'Sheet1', rows: [] };
      for await (const row of ws) {
        if (++rowsRead > EXCEL_ROW_LIMIT) throw new ApiError('workbook_too_large_to_read');
        const values = (Array.isArray(row.values) ? row.values.slice(1) : []).map(plainValue);
        const count = values.filter(filled).length;
        filledCells += count;
        if (filledCells > cellLimit) throw new ApiError('excel_cell_limit');
        if (sheet && count) sheet.rows.push({ number: row.number, cells: values });
      }
      first ??= sheet;
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('invalid_file_type');
  }
  return { sheet: first ?? { name: 'Sheet1', rows: [] }, filledCells };
}

export interface TableColumn {
  key: string;
  label: string;
}

/**
 * An .xlsx of one sheet: a bold, frozen header row of labels (and `moreHeaderRows` under it, e.g. labels under
 * codes), then the rows (text stays text, never a formula).
 */
export async function tableToXlsx(sheetName: string, columns: TableColumn[], rows: (string | number | boolean | Date | null)[][], moreHeaderRows: string[][] = []): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 + moreHeaderRows.length }] });
  sheet.columns = columns.map((c, i) => {
    const longest = Math.max(c.label.length, ...rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
    return { key: c.key, width: Math.min(60, Math.max(10, longest + 2)) };
  });
  for (const cells of [columns.map((c) => c.label), ...moreHeaderRows]) {
    const header = sheet.addRow(cells);
    header.font = { bold: true };
    header.commit();
  }
  for (const r of rows) sheet.addRow(r.map((v) => (v === null ? undefined : v))).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
