// A record made with a published data-model version: its values, keyed by parameter code, and the rules of
// spec section 5 ("This field is required. Please fill it.", length, decimals, minimum and maximum, allowed
// characters, the permitted date range) checked against that version. One module for the server (which refuses
// a record with a problem) and the recording form (which shows the same problems at the same fields), so the
// two cannot disagree. A model is compiled once (its "show when" rules into closures, its fields into a table)
// and checked many times.
//
// Values by type: choices with one answer (select, radiogroup, listbox) the option's value; check boxes the
// list of chosen values; whole and decimal numbers a number; a date text in its date type's form (`2024`,
// `2024-05`, `2024-05-17`, `2024-05-17T09:30`); text, long text, sentence and anatomy a text; a chart its
// points (date and number); an object its sub-parameters' values; a list one such object per row.
import type { StatusKey } from '../../generated/errors';
import type { DataModel, DataModelParameter } from '../../generated/types/entities';
import { compileCondition, checkCondition, dayOf, TODAY_SLOT, type Scope, type Slots, type Truth } from '../rules/expressions';
import { parseCondition } from '../rules/parser';
import type { RuleIssue, ValueType } from '../rules/types';
import type { Lang } from '../language';
import { statusMessage } from '../status-messages';
import { isChoice, parametersOf, type DocPath } from './document';

export interface ChartPoint {
  date: string;
  value: number;
}
export type RecordValue = string | number | string[] | ChartPoint[] | RecordValues | RecordValues[];
export interface RecordValues {
  [code: string]: RecordValue | undefined;
}

export type Severity = 'error' | 'warning';

/** A problem of one value: where (`['weight']`, `['meds', 0, 'dose']`), the error catalogue's key and its parameters. */
export interface RecordProblem {
  path: DocPath;
  key: StatusKey;
  params: Record<string, unknown>;
  /** Errors refuse the record; warnings (a date older than 30 days) are shown and kept with it. */
  severity: Severity;
}

export const recordProblemMessage = (problem: RecordProblem, lang: Lang): string => statusMessage(problem.key, lang, problem.params);

export interface CheckOptions {
  /** The day that "today" means (YYYY-MM-DD): the permitted date ranges and the 30-day flag; UTC today by default. */
  today?: string;
}

/**
 * How old a full date (or date and time) may be before it is flagged (spec section 5: "a selected date earlier than
 * 30 days ago"): a warning beside the field, kept with the record. A year or a month (a birth year, a history) is not.
 */
export const FLAG_AFTER_DAYS = 30;

/** A date type's text form, as the form asks for it and the record stores it. */
export const DATE_FORMS = {
  year: { pattern: /^\d{4}$/, format: 'YYYY' },
  year_month: { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, format: 'YYYY-MM' },
  date: { pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'YYYY-MM-DD' },
  datetime: { pattern: /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, format: 'YYYY-MM-DDTHH:MM' },
} as const;
export type DateType = keyof typeof DATE_FORMS;
export const dateTypeOf = (p: DataModelParameter): DateType => (p.date_type as DateType | undefined) ?? 'date';

/**
 * The day a date value stands for, for ranges and rules: a year or month counts as its last day for "today and
 * before" and the 30-day flag (2024-05 is not in the future in May 2024), and as its first day for "today and after".
 */
function dayRange(value: string, type: DateType): { first: number; last: number } | null {
  if (!DATE_FORMS[type].pattern.test(value)) return null;
  if (type === 'year') {
    const first = dayOf(`${value}-01-01`);
    const last = dayOf(`${value}-12-31`);
    return first === null || last === null ? null : { first, last };
  }
  if (type === 'year_month') {
    const first = dayOf(`${value}-01`);
    if (first === null) return null;
    const [y, m] = value.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { first, last: dayOf(next)! - 1 };
  }
  const day = dayOf(value);
  // Date.parse rolls 2024-02-30 over to March: a date must print back as itself.
  if (day === null || new Date(day * 86_400_000).toISOString().slice(0, 10) !== value.slice(0, 10)) return null;
  return { first: day, last: day };
}

/** Decimal places a number is written with (1.50 → 1, 2e-7 → 7). */
export function decimalsOf(n: number): number {
  const [mantissa, exponent] = String(n).toLowerCase().split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length;
  return Math.max(0, decimals - Number(exponent ?? 0));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

// ---- "show when" rules -----------------------------------------------------------------------------------

/** The rule engine type of a parameter's value: a choice whose option values are all numbers compares as a number. */
function ruleType(p: DataModelParameter): ValueType | undefined {
  switch (p.type) {
    case 'integer':
    case 'float':
      return 'number';
    case 'date':
      return 'date';
    case 'checkbox':
      return 'list';
    case 'object':
    case 'list':
    case 'chart':
      return undefined;
    default:
      return isChoice(p.type) && numericOptions(p) ? 'number' : 'string';
  }
}

const numericOptions = (p: DataModelParameter): boolean => (p.option_list?.length ?? 0) > 0 && p.option_list!.every((o) => o.value.trim() !== '' && Number.isFinite(Number(o.value)));

interface Field {
  parameter: DataModelParameter;
  type: ValueType | undefined;
  slot: number;
  /** Allowed option values of a choice type. */
  options?: Set<string>;
  /** The compiled "show when" rule; absent: always shown. */
  when?: (v: Slots) => Truth;
}

/** The model compiled for recording: check a record, ask what is shown, drop what is not. */
export interface CompiledModel {
  readonly model: DataModel;
  /** Top-level parameters in document order, group by group. */
  readonly groups: { code: string; parameters: DataModelParameter[] }[];
  /** Whether the parameter is shown for these values (its rule holds and it is shown while recording); `row` for a list's sub-parameter. */
  shown(code: string, values: RecordValues, row?: RecordValues): boolean;
  /** Every problem of the record, in document order; `[]` when it may be saved (warnings aside). */
  check(values: RecordValues, options?: CheckOptions): RecordProblem[];
  /** The record as stored: only known, shown, non-empty values. */
  clean(values: RecordValues): RecordValues;
}

/** One entry per parameter code (the first, should a code repeat): its rule type and slot. */
function fieldTable(model: DataModel): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const { parameter } of parametersOf(model)) {
    if (fields.has(parameter.code)) continue;
    fields.set(parameter.code, {
      parameter,
      type: ruleType(parameter),
      slot: fields.size + 1,
      options: isChoice(parameter.type) ? new Set((parameter.option_list ?? []).map((o) => o.value)) : undefined,
    });
  }
  return fields;
}

const scopeOf = (fields: ReadonlyMap<string, Field>): Scope => ({
  lookup: (name) => {
    const f = fields.get(name);
    return f?.type ? { type: f.type, slot: f.slot } : undefined;
  },
});

/** What the rule engine finds wrong with a "show when" rule in this model: unreadable text, unknown names, types that do not compare. */
export function ruleIssues(model: DataModel, rule: string): RuleIssue[] {
  const parsed = parseCondition(rule);
  if (!parsed.ok) return [parsed.issue];
  const issues: RuleIssue[] = [];
  checkCondition(parsed.value, scopeOf(fieldTable(model)), issues);
  return issues;
}

/** Compiles a model version for recording. A rule the engine cannot read (or types it cannot compare) shows its parameter: showing too much is safer than hiding a question. */
export function compileRecordModel(model: DataModel): CompiledModel {
  const fields = fieldTable(model);
  const scope = scopeOf(fields);
  for (const f of fields.values()) {
    if (!f.parameter.rule) continue;
    const parsed = parseCondition(f.parameter.rule);
    if (!parsed.ok) continue;
    const issues: RuleIssue[] = [];
    checkCondition(parsed.value, scope, issues);
    if (issues.some((i) => i.severity !== 'warning')) continue;
    f.when = compileCondition(parsed.value, scope);
  }

  const slotValue = (f: Field, value: unknown): unknown => {
    if (isEmpty(value)) return null;
    switch (f.type) {
      case 'number':
        return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : null;
      case 'date':
        return typeof value === 'string' ? (dayRange(value, dateTypeOf(f.parameter))?.first ?? null) : null;
      case 'list':
        return Array.isArray(value) ? value : null;
      default:
        return typeof value === 'string' ? value : null;
    }
  };

  /** The slot array for a record (and a list row, whose values stand beside the record's). */
  const slotsOf = (values: RecordValues, row: RecordValues | undefined, today: number): Slots => {
    const slots: Slots = new Array(fields.size + 1).fill(null);
    slots[TODAY_SLOT] = today;
    const fill = (vals: RecordValues) => {
      for (const [code, value] of Object.entries(vals)) {
        const f = fields.get(code);
        if (!f) continue;
        if (f.parameter.type === 'object' && isPlainObject(value)) fill(value as RecordValues);
        else slots[f.slot] = slotValue(f, value);
      }
    };
    fill(values);
    if (row) fill(row);
    return slots;
  };

  const todayOf = (options?: CheckOptions) => dayOf(options?.today ?? new Date().toISOString().slice(0, 10))!;

  const shownWith = (f: Field, slots: Slots): boolean => f.parameter.show_while_recording !== false && (!f.when || f.when(slots) === true);

  function checkValue(p: DataModelParameter, value: unknown, path: DocPath, root: RecordValues, today: number, out: RecordProblem[]): void {
    const problem = (key: StatusKey, params: Record<string, unknown> = {}, severity: Severity = 'error'): void => {
      out.push({ path, key, params, severity });
    };
    const field = fields.get(p.code)!;
    switch (p.type) {
      case 'select':
      case 'radiogroup':
      case 'listbox':
        if (typeof value !== 'string' || !field.options!.has(value)) problem('record_option_invalid');
        return;
      case 'checkbox':
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !field.options!.has(v)) || new Set(value).size !== value.length) problem('record_option_invalid');
        return;
      case 'integer':
      case 'float':
        numberProblems(p, value, problem);
        return;
      case 'date': {
        const type = dateTypeOf(p);
        const range = typeof value === 'string' ? dayRange(value, type) : null;
        if (!range) {
          problem('record_date_invalid', { format: DATE_FORMS[type].format });
          return;
        }
        if (p.permitted_date_range === 'today_and_before' && range.first > today) {
          problem('date_after_today');
          return;
        }
        if (p.permitted_date_range === 'today_and_after' && range.last < today) {
          problem('date_before_today');
          return;
        }
        if ((type === 'date' || type === 'datetime') && range.last < today - FLAG_AFTER_DAYS) problem('date_older_30_days', {}, 'warning');
        return;
      }
      case 'chart':
        if (!Array.isArray(value)) {
          problem('record_value_invalid');
          return;
        }
        value.forEach((point, i) => {
          const at = [...path, i];
          if (!isPlainObject(point) || typeof point.date !== 'string' || !dayRange(point.date, 'date'))
            out.push({ path: [...at, 'date'], key: 'record_date_invalid', params: { format: DATE_FORMS.date.format }, severity: 'error' });
          numberProblems(p, isPlainObject(point) ? point.value : undefined, (key, params = {}) => {
            out.push({ path: [...at, 'value'], key, params, severity: 'error' });
          });
        });
        return;
      case 'object':
        if (!isPlainObject(value)) {
          problem('record_value_invalid');
          return;
        }
        checkList(p.parameter_list ?? [], value as RecordValues, path, root, today, out);
        return;
      case 'list':
        if (!Array.isArray(value) || value.some((row) => !isPlainObject(row))) {
          problem('record_value_invalid');
          return;
        }
        (value as RecordValues[]).forEach((row, i) => {
          checkList(p.parameter_list ?? [], row, [...path, i], root, today, out, row);
        });
        return;
      default:
        if (typeof value !== 'string') {
          problem('record_value_invalid');
          return;
        }
        if (p.max_length !== undefined && [...value].length > p.max_length) problem('max_length', { max: p.max_length });
        if (p.allowed_characters !== undefined) {
          const allowed = new Set(p.allowed_characters);
          if ([...value].some((c) => !allowed.has(c))) problem('allowed_characters', { characters: p.allowed_characters });
        }
    }
  }

  function numberProblems(p: DataModelParameter, value: unknown, problem: (key: StatusKey, params?: Record<string, unknown>) => void): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
          problem('record_number_invalid');
          return;
        }
    if (p.type === 'integer' && !Number.isInteger(value)) {
          problem('record_integer_invalid');
          return;
        }
    if (p.max_decimal !== undefined && decimalsOf(value) > p.max_decimal) problem('max_decimal', { max: p.max_decimal });
    if (p.min_limit !== undefined && value < p.min_limit) problem('min_value', { min: p.min_limit });
    if (p.max_limit !== undefined && value > p.max_limit) problem('max_value', { max: p.max_limit });
  }

  /** Checks a list of parameters: the record's top level, an object's values or a list's row (`row`), with the whole record `root` for the rules. */
  function checkList(list: readonly DataModelParameter[], values: RecordValues, path: DocPath, root: RecordValues, today: number, out: RecordProblem[], row?: RecordValues): void {
    const known = new Set(list.map((p) => p.code));
    for (const code of Object.keys(values)) if (!known.has(code)) out.push({ path: [...path, code], key: 'record_field_unknown', params: { code }, severity: 'error' });
    const slots = slotsOf(root, row, today);
    for (const p of list) {
      const field = fields.get(p.code)!;
      if (!shownWith(field, slots)) continue;
      const value = values[p.code];
      if (isEmpty(value)) {
        if (p.required) out.push({ path: [...path, p.code], key: 'field_required', params: {}, severity: 'error' });
        continue;
      }
      checkValue(p, value, [...path, p.code], root, today, out);
    }
  }

  const topLevel = model.group_list.flatMap((g) => g.parameter_list);

  function cleanList(list: readonly DataModelParameter[], values: RecordValues, slots: Slots, rowOf?: (row: RecordValues) => Slots): RecordValues {
    const out: RecordValues = {};
    for (const p of list) {
      const value = values[p.code];
      if (isEmpty(value) || !shownWith(fields.get(p.code)!, slots)) continue;
      if (p.type === 'object' && isPlainObject(value)) {
        const inner = cleanList(p.parameter_list ?? [], value as RecordValues, slots, rowOf);
        if (Object.keys(inner).length) out[p.code] = inner;
      } else if (p.type === 'list' && Array.isArray(value)) {
        const rows = (value as RecordValues[]).filter(isPlainObject).map((row) => cleanList(p.parameter_list ?? [], row, rowOf!(row), rowOf)).filter((row) => Object.keys(row).length);
        if (rows.length) out[p.code] = rows;
      } else out[p.code] = value;
    }
    return out;
  }

  return {
    model,
    groups: model.group_list.map((g) => ({ code: g.code, parameters: g.parameter_list })),
    shown(code, values, row) {
      const f = fields.get(code);
      return f !== undefined && shownWith(f, slotsOf(values, row, todayOf()));
    },
    check(values, options) {
      const today = todayOf(options);
      const out: RecordProblem[] = [];
      if (!isPlainObject(values)) return [{ path: [], key: 'record_value_invalid', params: {}, severity: 'error' }];
      checkList(topLevel, values, [], values, today, out);
      return out;
    },
    clean(values) {
      const today = todayOf();
      return cleanList(topLevel, values, slotsOf(values, undefined, today), (row) => slotsOf(values, row, today));
    },
  };
}

/** Only the errors (what refuses a record). */
export const recordErrors = (problems: readonly RecordProblem[]): RecordProblem[] => problems.filter((p) => p.severity === 'error');
