// Cross tables with Pearson's χ² without continuity correction (R's chisq.test(correct = FALSE)), its df and p,
// Cramér's V = √(χ² / (n·(min(r, c) − 1))), and how many expected counts fall below 5. Rows where either
// column is empty are left out.
import type { CrosstabResult } from '../../generated/types/entities.ts';
import { type Cell, type ColumnData, completeRows, finite, levelsOf } from './cells.ts';
import { chiSquareUpperP } from './distributions.ts';

type Table = CrosstabResult['table_list'][number];

export function crosstab(rowColumn: ColumnData, columnColumn: ColumnData): Table {
  const rows = completeRows([rowColumn.values, columnColumn.values], [false, false]);
  const rowCells: Cell[] = rows.map((i) => rowColumn.values[i]);
  const colCells: Cell[] = rows.map((i) => columnColumn.values[i]);
  const rowLevels = levelsOf(rowCells);
  const colLevels = levelsOf(colCells);
  const rowIndex = new Map(rowLevels.map((v, i) => [v, i]));
  const colIndex = new Map(colLevels.map((v, i) => [v, i]));
  const counts = rowLevels.map(() => new Array<number>(colLevels.length).fill(0));
  for (let k = 0; k < rows.length; k++) counts[rowIndex.get(rowCells[k])!][colIndex.get(colCells[k])!]++;
  const rowTotals = counts.map((r) => r.reduce((a, b) => a + b, 0));
  const colTotals = colLevels.map((_, j) => counts.reduce((a, r) => a + r[j], 0));
  const n = rows.length;
  const expected = rowTotals.map((rt) => colTotals.map((ct) => (rt * ct) / n));
  const df = Math.max(0, (rowLevels.length - 1) * (colLevels.length - 1));
  let chi = 0;
  let low = 0;
  expected.forEach((r, i) => {
    r.forEach((e, j) => {
      chi += (counts[i][j] - e) ** 2 / e;
      if (e < 5) low++;
    });
  });
  const testable = df > 0;
  return {
    row_column_id: rowColumn.column_id,
    column_column_id: columnColumn.column_id,
    row_value_list: rowLevels,
    column_value_list: colLevels,
    count_matrix: counts,
    expected_matrix: expected,
    row_total_list: rowTotals,
    column_total_list: colTotals,
    n,
    chi_square: testable ? finite(chi) : null,
    df,
    p: testable ? finite(chiSquareUpperP(chi, df)) : null,
    cramers_v: testable ? finite(Math.sqrt(chi / (n * (Math.min(rowLevels.length, colLevels.length) - 1)))) : null,
    low_expected_count: low,
  };
}

/** Each column against the grouping column (its values are the table's columns). */
export const crosstabs = (columns: readonly ColumnData[], group: ColumnData): CrosstabResult => ({
  table_list: columns.map((c) => crosstab(c, group)),
});
