// R's public datasets (fixtures/statistics, each naming its source) as engine columns, and the comparison the
// statistics tests make: a figure equals R's printed one to 4 significant digits.
import { expect } from 'vitest';
import iris from '../../fixtures/statistics/iris.json' with { type: 'json' };
import mtcars from '../../fixtures/statistics/mtcars.json' with { type: 'json' };
import toothGrowth from '../../fixtures/statistics/ToothGrowth.json' with { type: 'json' };
import type { AnalysisColumnType } from '../../src/generated/types/entities.ts';
import type { Cell, ColumnData } from '../../src/domain/statistics/index.ts';

const datasets = { iris: iris.columns, mtcars: mtcars.columns, ToothGrowth: toothGrowth.columns } as const;

/** A dataset's column as the reader would give it; a grouping column is read as categorical. */
export function column<D extends keyof typeof datasets>(dataset: D, name: keyof (typeof datasets)[D], type: AnalysisColumnType = 'numeric'): ColumnData {
  return { column_id: String(name), column_type: type, values: datasets[dataset][name] as Cell[] };
}

/** How many significant digits a number printed by R shows ('0.06063' → 4, '4.510' → 4, '1.31e-09' → 3). */
export function significantDigits(printed: string): number {
  const mantissa = printed.replace(/^-/, '').split(/e/i)[0];
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  return mantissa.includes('.') ? digits.length : digits.replace(/0+$/, '').length || 1;
}

/**
 * `actual` and R's printed figure agree to the digits R printed, at most 5 (4 or more, except where R itself
 * prints fewer, said at the call). Rounding a 5-digit print again to 4 would move a last 5 (-5.3445 → -5.345
 * while -5.34447 → -5.344), so the comparison is made at the printed precision, not at a fixed 4.
 */
export function expectR(actual: number | null | undefined, printed: string): void {
  expect(actual, `expected ${printed}`).not.toBeNull();
  const digits = Math.min(5, significantDigits(printed));
  expect((actual as number).toPrecision(digits)).toBe(Number(printed).toPrecision(digits));
}
