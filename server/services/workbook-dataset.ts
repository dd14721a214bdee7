// A workbook's first sheet as a dataset: the header row names the columns, every other row is normalised to cells,
// each column's type detected (src/domain/dataset-columns.ts). Runs inside the workbook worker thread
// (workbook-reader.ts), never on the request thread.
import { columnNames, detectColumnType, normaliseCell, type Cell, type ColumnType } from '../../src/domain/dataset-columns.ts';
import type { Lang } from '../../src/domain/language.ts';
import { readFirstSheet } from './excel.ts';

export interface ParsedDataset {
  columns: { name: string; type: ColumnType }[];
  /** Cells in column order, one array per data row (the header row excluded). */
  rows: Cell[][];
  /** Every filled cell of the workbook, the header row included: what /excel/calculate_credit priced. */
  filledCells: number;
}

export async function datasetOfWorkbook(bytes: Buffer, cellLimit: number, lang: Lang): Promise<ParsedDataset> {
  const { sheet, filledCells } = await readFirstSheet(bytes, cellLimit);
  const [header, ...body] = sheet.rows;
  const width = sheet.rows.reduce((w, r) => Math.max(w, r.cells.length), 0);
  const names = columnNames(header?.cells ?? [], width, lang);
  const rows = body.map((r) => Array.from({ length: width }, (_, i) => normaliseCell(r.cells[i])));
  const columns = names.map((name, i) => ({ name, type: detectColumnType(rows.map((r) => r[i])) }));
  return { columns, rows, filledCells };
}

