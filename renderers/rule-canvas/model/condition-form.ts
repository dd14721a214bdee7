// A condition's form view (variable · operator · value rows joined by "and" or "or") and its text, kept in
// step through the engine's parser and printer: a condition of that shape parses into rows, rows print back
// to text. Anything richer (brackets, arithmetic on the left, not) stays text only.
import { OPERATOR_TEXT, parseCondition, printExpression, type Condition, type RuleOperator } from '../../../src/domain/rules';

export interface Clause {
  variable: string;
  operator: RuleOperator;
  /** The value as rule text: 1.5, "female", [1, 2], date("2026-01-01"), another variable. */
  value: string;
}

export interface ConditionForm {
  join: 'and' | 'or';
  clauses: Clause[];
}

export const blankClause = (variable = ''): Clause => ({ variable, operator: 'greater', value: '' });

function clauseOf(c: Condition): Clause | null {
  if (c.kind !== 'compare' || c.left.kind !== 'var') return null;
  return { variable: c.left.name, operator: c.operator, value: c.right ? printExpression(c.right) : '' };
}

/**
 * The rows of a condition text; null when the text does not parse or is not of the row shape. An empty text
 * is one blank row.
 */
export function formOf(text: string): ConditionForm | null {
  if (!text.trim()) return { join: 'and', clauses: [blankClause()] };
  const parsed = parseCondition(text);
  if (!parsed.ok) return null;
  const tree = parsed.value;
  if (tree.kind === 'and' || tree.kind === 'or') {
    const clauses = tree.args.map(clauseOf);
    return clauses.every((c): c is Clause => c !== null) ? { join: tree.kind, clauses } : null;
  }
  const one = clauseOf(tree);
  return one ? { join: 'and', clauses: [one] } : null;
}

/** The text of rows; rows without a variable are left out. */
export function textOf(form: ConditionForm): string {
  return form.clauses
    .filter((c) => c.variable)
    .map((c) => (c.operator === 'do_not_look_for_value' ? `${c.variable} is any` : `${c.variable} ${OPERATOR_TEXT[c.operator]} ${c.value}`.trimEnd()))
    .join(` ${form.join} `);
}
