// How a spreadsheet becomes a dataset (issue 14): each cell normalised to what it plainly is (a number, a yes/no, a
// date as YYYY-MM-DD, or text), each column's type detected from its filled cells with a tolerance for a few bad
// ones, and the header row turned into unique column names. Shared by the upload (in a worker thread) and the tests;
// thresholds are in docs/decisions.md ("Which type does a dataset column get?").
import type { Lang } from './language';

export type Cell = number | string | boolean | null;
export type ColumnType = 'numeric' | 'categorical' | 'date' | 'text' | 'boolean';

/** A column is numeric, a date or yes/no when at least this share of its filled cells reads so (the rest count as missing). */
export const TYPE_TOLERANCE = 0.95;
/** Text with at most this many distinct values, or at most this share of distinct values among its cells, is categorical (when its values repeat). */
export const CATEGORY_MAX_DISTINCT = 20;
export const CATEGORY_MAX_SHARE = 0.05;
/** Longest text kept in a cell (longer text is cut). */
export const CELL_TEXT_LIMIT = 1000;

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['false', false],
  ['yes', true],
  ['no', false],
  ['evet', true],
  ['hayır', false],
  ['doğru', true],
  ['yanlış', false],
]);

const NUMBER = /^[-+]?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/;
// A Turkish decimal comma with no thousands dots ("3,75"); "1.234,5" stays text rather than guess.
const COMMA_NUMBER = /^[-+]?\d+,\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+Z?)?$/;

const isoOfDate = (d: Date): string | null => (Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10));

function isoDateOf(text: string): string | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return isoOfDate(d) === iso ? iso : null;
}

/**
 * A workbook value as a stored cell: numbers stay numbers, Excel dates become YYYY-MM-DD, text that reads as a
 * number, a date or a yes/no becomes one, other text is trimmed; empty text and anything else is null.
 */
export function normaliseCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return isoOfDate(v);
  if (typeof v !== 'string') return null;
  const text = v.trim();
  if (!text) return null;
  if (NUMBER.test(text)) return Number(text);
  if (COMMA_NUMBER.test(text)) return Number(text.replace(',', '.'));
  const word = BOOLEAN_WORDS.get(text.toLocaleLowerCase('tr'));
  if (word !== undefined) return word;
  return isoDateOf(text) ?? text.slice(0, CELL_TEXT_LIMIT);
}

const isDateCell = (c: Cell) => typeof c === 'string' && isoDateOf(c) === c;

/** The type a column's cells suggest (cells already normalised; nulls are missing). */
export function detectColumnType(cells: readonly Cell[]): ColumnType {
  const filled = cells.filter((c) => c !== null);
  if (!filled.length) return 'text';
  const share = (test: (c: Cell) => boolean) => filled.filter(test).length / filled.length;
  if (share((c) => typeof c === 'number') >= TYPE_TOLERANCE) return 'numeric';
  if (share((c) => typeof c === 'boolean') >= TYPE_TOLERANCE) return 'boolean';
  if (share(isDateCell) >= TYPE_TOLERANCE) return 'date';
  const distinct = new Set(filled.map((c) => String(c).toLocaleLowerCase('tr'))).size;
  // Values must also repeat (twice on average): a column of names or ids, all different, is text however short.
  const few = distinct <= CATEGORY_MAX_DISTINCT || distinct <= filled.length * CATEGORY_MAX_SHARE;
  return few && distinct * 2 <= filled.length ? 'categorical' : 'text';
}

/** A cell as a column of this type reads it: a value of the type, or null for an empty or unreadable cell. */
export function cellAs(c: Cell, type: ColumnType): Cell {
  if (c === null) return null;
  switch (type) {
    case 'numeric':
      return typeof c === 'number' ? c : null;
    case 'boolean':
      return typeof c === 'boolean' ? c : null;
    case 'date':
      return isDateCell(c) ? c : null;
    default:
      return String(c);
  }
}

const UNNAMED = { en: (n: string) => `Column ${n}`, tr: (n: string) => `${n} sütunu` };

/** The spreadsheet letters of a 0-based column index (0 → A, 26 → AA). */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * The header row as unique column names: an empty header is named after its letter ("Column C" / "C sütunu") in
 * the uploader's language, a repeated one gets " (2)", " (3)"… (names compare ignoring case, as the database's
 * unique index does not, so that formulas referring to them are never ambiguous).
 */
export function columnNames(headers: readonly unknown[], count: number, lang: Lang): string[] {
  const taken = new Set<string>();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const raw = headers[i];
    const base = (raw instanceof Date ? (isoOfDate(raw) ?? '') : raw === null || raw === undefined ? '' : String(raw).trim()).slice(0, 190) || UNNAMED[lang](columnLetters(i));
    let name = base;
    for (let n = 2; taken.has(name.toLocaleLowerCase('tr')); n++) name = `${base} (${n})`;
    taken.add(name.toLocaleLowerCase('tr'));
    names.push(name);
  }
  return names;
}
