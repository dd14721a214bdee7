// Workbooks for the analysis-project tests, written with exceljs as a user's Excel would save them.
import ExcelJS from 'exceljs';

type Cell = string | number | boolean | Date | null;

export async function workbookBase64(rows: Cell[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Veri');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/**
 * A header row (one header empty, one repeated) and 24 rows of every kind of column: text ids, numbers with one
 * empty and one unreadable cell, a two-value category, numeric doses, dates (Excel dates, then ISO text), yes/no
 * in English, Turkish and as booleans, free text, and two more number columns.
 */
export function mixedRows(): Cell[][] {
  const rows: Cell[][] = [['Subject', 'len', 'supp', 'dose', 'visit', 'smoker', 'note', null, 'len']];
  for (let i = 0; i < 24; i++)
    rows.push([
      `S${i + 1}`,
      i === 3 ? 'n/a' : i === 7 ? null : 4 + i * 0.5,
      i % 2 ? 'VC' : 'OJ',
      [0.5, 1, 2][i % 3],
      i < 12 ? new Date(Date.UTC(2024, 0, 1 + i)) : `2024-02-${String(i).padStart(2, '0')}`,
      ['yes', 'hayır', true, false][i % 4],
      `note ${i}`,
      i,
      i * 2,
    ]);
  return rows;
}
