// A row filter of an analysis project's dataset, as the routes take it (dataset/get's filter, data/query's
// query, statistics' filter): conditions of a column, a rule operator that fits the column's type and a value
// typed for it (a number, a date, yes/no, a category picked from the column's values — column_data/list), met
// all (and) or any (or). The server runs it; this only builds it. Used by the dataset filter, the data query and
// the statistics query pages.
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../domain/language';
import { useActiveLabel } from '../../app/router/hooks';
import { DATE_HINT, enumOptions, formatNumber, SelectField, TextField, useLoad, useStableValue } from '../../app/ui';
import { wanalyzerProjectColumnDataList } from '../../generated/client';
import { ruleOperator } from '../../generated/enums/ruleOperator';
import type { AnalysisColumn, AnalysisColumnType, RuleOperator } from '../../generated/types/entities';
import type { WanalyzerProjectDatasetGetRequest } from '../../generated/types/routes';
import type { CellValue } from './cells';

export type RowFilter = NonNullable<WanalyzerProjectDatasetGetRequest['filter']>;
type Condition = RowFilter['condition_list'][number];

export const EMPTY_FILTER: RowFilter = { logic: 'and', condition_list: [] };

const ORDERED: RuleOperator[] = ['equal', 'not_equal', 'greater', 'greater_or_equal', 'smaller', 'smaller_or_equal', 'do_not_look_for_value'];
const TEXTUAL: RuleOperator[] = ['equal', 'not_equal', 'includes', 'not_includes', 'do_not_look_for_value'];
/** The operators that make sense on each type of column: order for numbers and dates, containment for text. */
export const OPERATORS_BY_TYPE: Record<AnalysisColumnType, RuleOperator[]> = {
  numeric: ORDERED,
  date: ORDERED,
  categorical: TEXTUAL,
  text: TEXTUAL,
  boolean: ['equal', 'not_equal', 'do_not_look_for_value'],
};

const needsValue = (c: Condition) => c.operator !== 'do_not_look_for_value';
const isBlank = (v: CellValue | undefined) => v === null || v === undefined || v === '';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What keeps a condition from being sent: no value yet, or a date column's value that is no date. */
function conditionProblem(c: Condition, column: AnalysisColumn | undefined): 'valueMissing' | 'notADate' | null {
  if (!needsValue(c)) return null;
  if (isBlank(c.value)) return 'valueMissing';
  if (column?.column_type === 'date' && !(typeof c.value === 'string' && ISO_DATE.test(c.value))) return 'notADate';
  return null;
}

/** The places of the conditions not ready to send (the pages do not send the filter until there are none). */
export const incompleteConditions = (filter: RowFilter, columns: AnalysisColumn[]): number[] =>
  filter.condition_list.flatMap((c, i) => (conditionProblem(c, columns.find((x) => x.column_id === c.column_id)) ? [i] : []));

/** The filter as sent: a condition that looks for no value carries none. */
export const filterToSend = (filter: RowFilter): RowFilter => ({
  logic: filter.logic ?? 'and',
  condition_list: filter.condition_list.map((c) => (needsValue(c) ? c : { column_id: c.column_id, operator: c.operator })),
});

export interface FilterBuilderProps {
  /** The project whose columns' values the category pickers offer. */
  projectId: string;
  columns: AnalysisColumn[];
  value: RowFilter;
  onChange: (filter: RowFilter) => void;
  /** Marks the conditions without a value (after the user tried to apply the filter). */
  showProblems?: boolean;
}

export function FilterBuilder({ projectId, columns, value, onChange, showProblems = false }: FilterBuilderProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const conditions = value.condition_list;
  const logic = value.logic ?? 'and';
  const name = useId();
  const columnOf = (id: string) => columns.find((c) => c.column_id === id);
  const set = (list: Condition[]) => onChange({ logic, condition_list: list });
  const change = (i: number, next: Condition) => set(conditions.map((c, j) => (j === i ? next : c)));
  const firstCondition = (column: AnalysisColumn): Condition => ({ column_id: column.column_id, operator: OPERATORS_BY_TYPE[column.column_type][0], value: null });

  // The values of the categorical columns conditions are on, for their pickers (one call for all of them).
  const categorical = useStableValue([...new Set(conditions.map((c) => columnOf(c.column_id)).filter((c) => c?.column_type === 'categorical').map((c) => c!.column_id))].sort());
  const loadValues = useCallback(
    (signal: AbortSignal) =>
      wanalyzerProjectColumnDataList({ project_id: projectId, column_id_list: categorical }, { signal }).then(
        (a) => new Map(a.column_data_list.map((d) => [d.column_id, d.value_list.flatMap((v) => (typeof v.value === 'string' ? [{ value: v.value, count: v.count }] : []))])),
      ),
    [projectId, categorical],
  );
  const values = useLoad(categorical.length ? loadValues : null);

  return (
    <fieldset className="fieldset analysis-filter">
      <legend>{t('analysis.filter.title')}</legend>
      {conditions.length === 0 && <p className="field__hint">{t('analysis.filter.none')}</p>}
      {conditions.length > 1 && (
        <fieldset className="choice-chips">
          <legend>{t('analysis.filter.logic')}</legend>
          {(['and', 'or'] as const).map((l) => (
            <label key={l}>
              <input type="radio" name={`${name}-logic`} value={l} checked={logic === l} onChange={() => onChange({ logic: l, condition_list: conditions })} />
              {t(l === 'and' ? 'analysis.filter.and' : 'analysis.filter.or')}
            </label>
          ))}
        </fieldset>
      )}
      <ol className="analysis-filter__list">
        {conditions.map((c, i) => {
          const column = columnOf(c.column_id);
          const type = column?.column_type ?? 'text';
          const n = i + 1;
          const problem = showProblems ? conditionProblem(c, column) : null;
          const missing = problem ? t(`analysis.filter.${problem}`, { hint: DATE_HINT[lang] }) : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place
            <li key={i} className="analysis-filter__condition">
              <fieldset className="analysis-filter__row">
                <legend>{t('analysis.filter.conditionN', { n })}</legend>
                <SelectField
                  label={t('analysis.filter.column')}
                  value={c.column_id}
                  onValue={(id) => {
                    const next = columnOf(id);
                    if (next) change(i, firstCondition(next));
                  }}
                  options={columns.map((x) => ({ value: x.column_id, label: x.column_name }))}
                />
                <SelectField
                  label={t('analysis.filter.operator')}
                  value={c.operator}
                  onValue={(op) => change(i, { ...c, operator: op as RuleOperator })}
                  options={enumOptions(ruleOperator, lang).filter((o) => OPERATORS_BY_TYPE[type].includes(o.value as RuleOperator))}
                />
                {needsValue(c) && (
                  <ValueField
                    key={`${c.column_id}:${type}`}
                    type={type}
                    contains={c.operator === 'includes' || c.operator === 'not_includes'}
                    value={c.value ?? null}
                    error={missing}
                    categories={values.error ? undefined : (values.data?.get(c.column_id) ?? [])}
                    lang={lang}
                    onValue={(v) => change(i, { ...c, value: v })}
                  />
                )}
                <button type="button" className="button button--small button--secondary analysis-filter__remove" onClick={() => set(conditions.filter((_, j) => j !== i))}>
                  {t('analysis.filter.remove', { n })}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {columns.length > 0 && (
        <button type="button" className="button button--secondary" onClick={() => set([...conditions, firstCondition(columns[0])])}>
          {t('analysis.filter.add')}
        </button>
      )}
    </fieldset>
  );
}

interface ValueFieldProps {
  type: AnalysisColumnType;
  /** The value is a part of the text looked for (includes), not a whole value to pick. */
  contains: boolean;
  value: CellValue;
  error: string | null;
  /** A categorical column's values (undefined when they could not be read: the value is typed instead). */
  categories?: { value: string; count: number }[];
  lang: Lang;
  onValue: (value: CellValue) => void;
}

/** The value box that fits the column: numbers in the reader's notation, dates in the page's language, yes/no and categories as choices. */
function ValueField({ type, contains, value, error, categories, lang, onValue }: ValueFieldProps) {
  const { t } = useTranslation();
  const label = t('analysis.filter.value');
  if (type === 'numeric') return <NumberField value={typeof value === 'number' ? value : null} error={error} lang={lang} onValue={onValue} />;
  // The date box hands on what was typed until it is a date (YYYY-MM-DD): the condition is not sent before.
  if (type === 'date') return <TextField type="date" label={label} value={typeof value === 'string' ? value : ''} error={error} hint={DATE_HINT[lang]} onValue={(v) => onValue(v === '' ? null : v)} />;
  if (type === 'boolean')
    return (
      <SelectField
        label={label}
        value={value === null ? '' : String(value)}
        error={error}
        placeholder={t('analysis.filter.choose')}
        options={[
          { value: 'true', label: t('analysis.cell.yes') },
          { value: 'false', label: t('analysis.cell.no') },
        ]}
        onValue={(v) => onValue(v === '' ? null : v === 'true')}
      />
    );
  if (type === 'categorical' && categories && !contains) {
    const current = typeof value === 'string' ? value : '';
    const options = categories.map((c) => ({ value: c.value, label: t('analysis.filter.category', { value: c.value, count: formatNumber(c.count, lang) }) }));
    if (current && !categories.some((c) => c.value === current)) options.unshift({ value: current, label: current });
    return <SelectField label={label} value={current} error={error} placeholder={t('analysis.filter.choose')} options={options} onValue={(v) => onValue(v === '' ? null : v)} />;
  }
  return <TextField label={label} value={typeof value === 'string' ? value : ''} error={error} onValue={(v) => onValue(v === '' ? null : v)} />;
}

/** A number as typed (a comma read as the decimal point); the condition holds it once it is a number. */
function NumberField({ value, error, lang, onValue }: { value: number | null; error: string | null; lang: Lang; onValue: (value: number | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value === null ? '' : String(value).replace('.', lang === 'tr' ? ',' : '.')));
  const parsed = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
  const notANumber = parsed !== null && !Number.isFinite(parsed);
  return (
    <TextField
      label={t('analysis.filter.value')}
      inputMode="decimal"
      value={text}
      error={notANumber ? t('analysis.filter.notANumber') : error}
      onValue={(v) => {
        setText(v);
        const n = v.trim() === '' ? null : Number(v.trim().replace(',', '.'));
        onValue(n !== null && Number.isFinite(n) ? n : null);
      }}
    />
  );
}
