// A calculated dataset column (issue 14): a formula in the rule engine's expression language over the project's
// other columns, compiled to closures (no eval) and evaluated row by row. A column is named in a formula by its
// name, or — when the name has spaces or signs — by its code: the name with every run of other characters as "_"
// (“Tooth length (mm)” → tooth_length_mm), ignoring case.
import { cellAs, type Cell, type ColumnType } from './dataset-columns';
import { checkExpr, compileExpr, dayOf, isoOfDay, type Compiled, type Scope } from './rules/expressions';
import { parseExpression } from './rules/parser';
import type { Bilingual, RuleIssue, ValueType } from './rules/types';

export interface FormulaColumn {
  name: string;
  type: ColumnType;
  /** The cell's position in a row. */
  index: number;
}

/** The code a column is reached by in a formula. */
export const columnCode = (name: string): string =>
  name
    .trim()
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\p{N})/u, '_')
    .toLocaleLowerCase('tr');

const VALUE_TYPE: Record<ColumnType, ValueType> = { numeric: 'number', date: 'date', boolean: 'boolean', categorical: 'string', text: 'string' };

export interface RowResult {
  value: Cell;
  /** Why the row has no value, in both languages. */
  error?: Bilingual;
}

export type Formula =
  | { ok: true; evaluate(row: readonly Cell[]): RowResult; reads: FormulaColumn[] }
  | { ok: false; issue: RuleIssue };

const EMPTY_CELL: (name: string) => Bilingual = (name) => ({ en: `“${name}” is empty in this row`, tr: `“${name}” bu satırda boş` });
const NO_VALUE: Bilingual = { en: 'no value: a division by zero or a number out of range', tr: 'değer yok: sıfıra bölme ya da aralık dışı bir sayı' };

/** Parses and checks a formula against the columns; the compiled formula reads only the columns it names. */
export function compileFormula(text: string, columns: readonly FormulaColumn[], today: string): Formula {
  const parsed = parseExpression(text);
  if (!parsed.ok) return parsed;
  const reads: FormulaColumn[] = [];
  const find = (name: string) => {
    const code = columnCode(name);
    return columns.find((c) => c.name === name) ?? columns.find((c) => columnCode(c.name) === code);
  };
  const scope: Scope = {
    lookup(name) {
      const column = find(name);
      if (!column) return undefined;
      let at = reads.indexOf(column);
      if (at < 0) at = reads.push(column) - 1;
      return { type: VALUE_TYPE[column.type], slot: at + 1 };
    },
    unknown: (name, span) => ({
      code: 'unknown_column',
      severity: 'error',
      message: { en: `“${name}” is not a column of this project.`, tr: `“${name}” bu projenin bir sütunu değil.` },
      ...(span ? { span } : {}),
    }),
  };
  const issues: RuleIssue[] = [];
  const type = checkExpr(parsed.value, scope, issues);
  if (issues.length) return { ok: false, issue: issues[0] };
  if (type === 'list' || type === 'unknown')
    return { ok: false, issue: { code: 'formula_value', severity: 'error', message: { en: 'A formula must give one value for each row.', tr: 'Formül her satır için tek bir değer vermeli.' } } };
  const compiled: Compiled = compileExpr(parsed.value, scope);
  const todayDay = dayOf(today);
  return {
    ok: true,
    reads,
    evaluate(row) {
      const slots: unknown[] = [todayDay]; // slot TODAY_SLOT (0) is today
      for (const c of reads) {
        const cell = cellAs(row[c.index] ?? null, c.type);
        if (cell === null) return { value: null, error: EMPTY_CELL(c.name) };
        slots.push(c.type === 'date' ? dayOf(cell as string) : cell);
      }
      const out = compiled(slots);
      if (out === null || out === undefined || (typeof out === 'number' && !Number.isFinite(out))) return { value: null, error: NO_VALUE };
      return { value: type === 'date' ? isoOfDay(out as number) : (out as Cell) };
    },
  };
}
