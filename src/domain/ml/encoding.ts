// The input encoding every algorithm shares: a row of cells → a row of numbers. Numbers stay numbers (a missing
// one becomes the training mean), dates become day numbers (the same), categories (categorical, text and yes/no
// columns) become one 0/1 column per level seen in training — a level never seen, or an empty cell, is all zeros.
// The encoding is fitted on the training rows only, so nothing of the test rows leaks into the model.
import type { AnalysisColumnType } from '../../generated/types/entities.ts';

/** A cell as the dataset answers it: a number, text, a yes/no, a date as YYYY-MM-DD, or null (empty). */
export type Cell = number | string | boolean | null;

export type FeatureKind = 'number' | 'date' | 'category';

export interface EncodedFeature {
  name: string;
  kind: FeatureKind;
  /** number and date: the training mean, for a missing value. */
  mean?: number;
  /** category: the training levels (as text), most frequent first, each one 0/1 column. */
  levels?: string[];
}

export interface Encoding {
  features: EncodedFeature[];
  /** How many numbers an encoded row has. */
  width: number;
}

/** A category feature keeps at most this many levels (the most frequent): a column of free text would otherwise
 * become thousands of 0/1 columns. The rarer levels encode like an unseen one. */
export const MAX_LEVELS = 30;

export const featureKindOf = (type: AnalysisColumnType): FeatureKind => (type === 'numeric' ? 'number' : type === 'date' ? 'date' : 'category');

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A cell as a number of its kind, or null when empty or unreadable. */
export function numberOf(kind: 'number' | 'date', cell: Cell): number | null {
  if (kind === 'number') return typeof cell === 'number' && Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string' || !ISO_DATE.test(cell)) return null;
  const ms = Date.parse(`${cell}T00:00:00Z`);
  return Number.isFinite(ms) ? ms / DAY_MS : null;
}

/** A category cell's level text (null when empty). */
export const levelOf = (cell: Cell): string | null => (cell === null || cell === '' ? null : String(cell));

/** Fits the encoding of `columns` (each a feature's cells for every row) on the rows listed in `rows`. */
export function fitEncoding(columns: { name: string; type: AnalysisColumnType; values: Cell[] }[], rows: number[]): Encoding {
  const features = columns.map((c): EncodedFeature => {
    const kind = featureKindOf(c.type);
    if (kind !== 'category') {
      let sum = 0;
      let n = 0;
      for (const r of rows) {
        const v = numberOf(kind, c.values[r]);
        if (v !== null) {
          sum += v;
          n++;
        }
      }
      return { name: c.name, kind, mean: n ? sum / n : 0 };
    }
    const counts = new Map<string, number>();
    for (const r of rows) {
      const level = levelOf(c.values[r]);
      if (level !== null) counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    const levels = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, MAX_LEVELS)
      .map(([level]) => level);
    return { name: c.name, kind, levels };
  });
  return { features, width: features.reduce((w, f) => w + (f.kind === 'category' ? f.levels!.length : 1), 0) };
}

/** Where each feature's numbers start in an encoded row. */
export function offsetsOf(encoding: Encoding): number[] {
  let at = 0;
  return encoding.features.map((f) => {
    const start = at;
    at += f.kind === 'category' ? f.levels!.length : 1;
    return start;
  });
}

/** Which feature each encoded number belongs to (for feature importance: one-hot columns add up). */
export function sourcesOf(encoding: Encoding): number[] {
  return encoding.features.flatMap((f, i) => Array.from({ length: f.kind === 'category' ? f.levels!.length : 1 }, () => i));
}

/** Encodes one row given as its cells in the encoding's feature order. */
export function encodeRow(encoding: Encoding, cells: Cell[]): number[] {
  const row = new Array<number>(encoding.width).fill(0);
  let at = 0;
  encoding.features.forEach((f, i) => {
    if (f.kind === 'category') {
      const level = levelOf(cells[i]);
      const k = level === null ? -1 : f.levels!.indexOf(level);
      if (k >= 0) row[at + k] = 1;
      at += f.levels!.length;
    } else {
      row[at++] = numberOf(f.kind, cells[i]) ?? f.mean!;
    }
  });
  return row;
}

export type InputProblem = { field: string; problem: 'missing' | 'number' | 'date' };

/**
 * A prediction's input keyed by feature name, checked and put in feature order: every feature must be given
 * (null = empty, encoded like a missing training value); a number feature takes a number, a date feature a
 * YYYY-MM-DD date, a category any cell.
 */
export function inputCells(encoding: Encoding, input: Record<string, Cell>): { cells: Cell[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const cells = encoding.features.map((f) => {
    if (!Object.hasOwn(input, f.name)) {
      problems.push({ field: f.name, problem: 'missing' });
      return null;
    }
    const cell = input[f.name];
    if (cell !== null && f.kind !== 'category' && numberOf(f.kind, cell) === null) problems.push({ field: f.name, problem: f.kind });
    return cell;
  });
  return { cells, problems };
}
