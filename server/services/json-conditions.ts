// The rule operators as SQL on one jsonb value, shared by the data layers' queries (/db_layer_query: a field of a
// record's jsonb object) and the analysis datasets' filters (a cell of a row's jsonb array). The value is read as
// its field's kind says — numbers as numbers, yes/no as booleans, dates (YYYY-MM-DD) and exact options as text,
// free text ignoring case — and a cell that is not of that kind reads as empty. Every value is a parameter.
import type { RuleOperator } from '../../src/generated/types/entities.ts';
import { containsPattern, type Where } from './paging.ts';

export type ValueKind = 'number' | 'boolean' | 'date' | 'exact' | 'text';

const COMPARE: Record<string, string> = {
  equal: '=',
  not_equal: 'is distinct from',
  greater: '>',
  greater_or_equal: '>=',
  smaller: '<',
  smaller_or_equal: '<=',
};

/** `json` read as a kind: SQL null when empty or of another kind. */
export function typedJsonSql(json: string, kind: ValueKind): string {
  const text = `(${json} #>> '{}')`;
  switch (kind) {
    case 'number':
      return `(case when jsonb_typeof(${json}) = 'number' then ${text}::numeric end)`;
    case 'boolean':
      return `(case when jsonb_typeof(${json}) = 'boolean' then ${text}::boolean end)`;
    case 'date':
      return `(case when jsonb_typeof(${json}) = 'string' and ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' then ${text} end)`;
    default:
      return text;
  }
}

/**
 * The SQL of `json operator value`: includes/not_includes look for the text inside the value's text, a null value
 * with equal/not_equal asks for an empty/filled value, do_not_look_for_value holds for every row. `value` is
 * already of the kind (a number for number, …); `jsonOf` makes the SQL of the value (its placeholders) when it is needed.
 */
export function jsonConditionSql(where: Where, jsonOf: () => string, kind: ValueKind, operator: RuleOperator, value: string | number | boolean | null): string {
  // Before the value's placeholder is made: a placeholder the SQL never uses has no type and fails the statement.
  if (operator === 'do_not_look_for_value') return 'true';
  const json = jsonOf();
  const text = `(${json} #>> '{}')`;
  if (value === null) return operator === 'not_equal' ? `${text} is not null` : `${text} is null`;
  if (operator === 'includes') return `${text} ilike ${where.param(containsPattern(String(value)))}::text`;
  if (operator === 'not_includes') return `coalesce(${text}, '') not ilike ${where.param(containsPattern(String(value)))}::text`;
  const op = COMPARE[operator];
  const typed = typedJsonSql(json, kind);
  if (kind === 'number') return `${typed} ${op} ${where.param(value)}::numeric`;
  if (kind === 'boolean') return `${typed} ${op} ${where.param(value)}::boolean`;
  if (kind === 'text') return `lower(${typed}) ${op} lower(${where.param(String(value))}::text)`;
  return `${typed} ${op} ${where.param(String(value))}::text`;
}
