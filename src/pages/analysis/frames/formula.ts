// A cell formula checked in the browser before it is sent: the rule engine's parser and type check (the same
// messages the server gives, "Please check the parenthesis" among them), with the project's columns as the
// names it may use. A typo is caught here, without a round trip.
import { checkExpr, parseExpression, variablesOf, type RuleIssue } from '../../../domain/rules';
import type { Span, ValueType } from '../../../domain/rules/types';
import type { AnalysisColumn } from '../../../generated/types/entities';

/** How the rule engine reads a column's cells. */
const VALUE_TYPE: Record<AnalysisColumn['column_type'], ValueType> = {
  numeric: 'number',
  categorical: 'string',
  text: 'string',
  date: 'date',
  boolean: 'boolean',
};

export type FormulaCheck =
  | { ok: true; used: AnalysisColumn[] }
  /** The engine's problem (its message in both languages). */
  | { ok: false; issue: RuleIssue }
  /** A name that is no column of the project, at its 1-based position. */
  | { ok: false; unknownColumn: string; pos: number };

export function checkFormula(text: string, columns: readonly AnalysisColumn[]): FormulaCheck {
  const parsed = parseExpression(text);
  if (!parsed.ok) return { ok: false, issue: parsed.issue };
  const byName = new Map(columns.map((c, slot) => [c.column_name, { column: c, slot }]));
  let unknown: { name: string; span?: Span } | undefined;
  const issues: RuleIssue[] = [];
  checkExpr(
    parsed.value,
    {
      lookup: (name) => {
        const found = byName.get(name);
        return found && { type: VALUE_TYPE[found.column.column_type], slot: found.slot };
      },
      unknown: (name, span) => {
        unknown ??= { name, span };
        return undefined;
      },
    },
    issues,
  );
  if (unknown) return { ok: false, unknownColumn: unknown.name, pos: (unknown.span?.[0] ?? 0) + 1 };
  if (issues.length) return { ok: false, issue: issues[0] };
  return { ok: true, used: [...variablesOf(parsed.value)].flatMap((name) => byName.get(name)?.column ?? []) };
}

/** Whether a column's name can be written in a formula as it is (one word of letters, digits and _). */
export const writable = (name: string): boolean => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name);
