// The list's search and filters: checked against the list route's input schema at the field before any call,
// applied together. On a phone they fold behind one button (ListScreen) instead of filling the first screen.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../src/app/router/hooks';
import type { JsonSchema } from '../../../src/domain/screen';
import { fieldErrors, type Lang } from '../../../src/domain/validation-messages';
import { focusFirstInvalid, SelectField, TextField } from '../../../src/app/ui';
import { enumLabel } from '../cells';
import type { ListController } from './useListScreen';

function filterOptions(schema: JsonSchema | undefined, lang: 'tr' | 'en', t: (k: string) => string) {
  if (Array.isArray(schema?.enum)) return schema.enum.map((v) => ({ value: String(v), label: enumLabel(schema, v, lang) }));
  if (schema?.type === 'boolean')
    return [
      { value: 'true', label: t('common.yes') },
      { value: 'false', label: t('common.no') },
    ];
  return null;
}

/** Why a filter's text breaks its route input's schema (type, bounds, pattern, length), in the language; null when it fits. */
export function filterProblem(schema: JsonSchema | undefined, value: string, lang: Lang): string | null {
  if (!schema || !value) return null;
  const problem = (keyword: string, params: Record<string, unknown>) => fieldErrors([{ instancePath: '', keyword, params }], lang)[0].message;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return problem('type', { type });
    if (typeof schema.minimum === 'number' && n < schema.minimum) return problem('minimum', { limit: schema.minimum });
    if (typeof schema.maximum === 'number' && n > schema.maximum) return problem('maximum', { limit: schema.maximum });
    return null;
  }
  if (type !== 'string') return null;
  if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return problem('format', { format: 'date' });
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return problem('minLength', { limit: schema.minLength });
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return problem('maxLength', { limit: schema.maxLength });
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return problem('pattern', {});
  return null;
}

export function ListFilters({ list, id, hidden }: { list: ListController; id: string; hidden: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Record<string, string>>(list.query.filters);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Filters applied from elsewhere (the address, a reset) replace the draft and its messages.
  const applied = JSON.stringify(list.query.filters);
  const [draftOf, setDraftOf] = useState(applied);
  if (draftOf !== applied) {
    setDraftOf(applied);
    setDraft(list.query.filters);
    setProblems({});
  }
  return (
    <search id={id} hidden={hidden} aria-label={t('common.filters')}>
      <form
        ref={formRef}
        className="filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
          const found: Record<string, string> = {};
          for (const f of list.filterSchemas) {
            const problem = filterProblem(f.schema, values[f.field] ?? '', lang);
            if (problem) found[f.field] = t('screen.filterInvalid', { label: f.label, problem });
            const other = f.notBefore ? list.filterSchemas.find((o) => o.field === f.notBefore) : undefined;
            if (!problem && other && isBefore(values[f.field], values[other.field], f.schema)) found[f.field] = t('screen.filterBefore', { label: f.label, other: other.label });
          }
          setProblems(found);
          if (Object.keys(found).length > 0) {
            focusFirstInvalid(formRef.current);
            return;
          }
          list.applyFilters(values);
        }}
      >
        {list.screen.list?.search && (
          <TextField
            label={t('common.search')}
            name="q"
            type="search"
            autoComplete="off"
            maxLength={100}
            value={list.searchDraft}
            onValue={list.setSearchDraft}
            hint={[list.searchHint, list.searchMin > 1 ? t('screen.minSearch', { min: list.searchMin }) : ''].filter(Boolean).join(' ') || undefined}
          />
        )}
        {list.filterSchemas.map((f) => {
          const options = filterOptions(f.schema, lang, t);
          const value = draft[f.field] ?? '';
          const set = (v: string) => setDraft((d) => ({ ...d, [f.field]: v }));
          if (options) return <SelectField key={f.field} label={f.label} name={f.field} value={value} onValue={set} placeholder={t('common.all')} options={options} hint={f.hint} />;
          const type = f.schema?.format === 'date' ? 'date' : f.schema?.type === 'integer' || f.schema?.type === 'number' ? 'number' : 'text';
          return (
            <TextField
              key={f.field}
              label={f.label}
              name={f.field}
              type={type}
              autoComplete="off"
              value={value}
              onValue={set}
              maxLength={f.schema?.maxLength as number | undefined}
              hint={f.hint}
              error={problems[f.field]}
            />
          );
        })}
        <div className="form__actions">
          <button type="submit" className="button">
            {t('common.apply')}
          </button>
          {list.filtered && (
            <button type="button" className="button button--secondary" onClick={list.clearFilters}>
              {t('common.reset')}
            </button>
          )}
        </div>
      </form>
    </search>
  );
}

/** Whether a filter's value comes before another's (dates as written, YYYY-MM-DD; numbers by value); empty never does. */
function isBefore(value: string | undefined, other: string | undefined, schema: { type?: unknown } | undefined): boolean {
  if (!value || !other) return false;
  return schema?.type === 'integer' || schema?.type === 'number' ? Number(value) < Number(other) : value < other;
}
