// A switch branch's condition, edited two ways side by side: rows of variable · operator · value (the nine
// operators of the spec with their labels in the user's language) and the text. Both write the same text
// through one command path; the rows follow the text whenever it parses into rows.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCondition, type RuleIssue, type RuleOperator } from '../../../src/domain/rules';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { blankClause, formOf, textOf, type Clause, type ConditionForm } from '../model/condition-form';
import { OPERATORS, variablesOf } from '../model/vocabulary';
import { useCanvas } from '../store';
import { RuleText, useNodeSetter, useSeal } from './fields';

export function ConditionEditor({ nodeId, path, value, issues, label }: { nodeId: string; path: string; value: string; issues: readonly RuleIssue[]; label: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const set = useNodeSetter(nodeId);
  const seal = useSeal();
  const doc = useCanvas((s) => s.doc);
  const readOnly = useCanvas((s) => s.readOnly);
  const variables = useMemo(() => variablesOf(doc), [doc]);
  const id = useId().replace(/:/g, '');

  const [form, setForm] = useState<ConditionForm>(() => formOf(value) ?? { join: 'and', clauses: [blankClause()] });
  const [fits, setFits] = useState(() => formOf(value) !== null);
  /** The text the rows wrote last: when the text comes back unchanged, the rows keep what was typed in them. */
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (value === written.current) return;
    written.current = null;
    const next = formOf(value);
    if (next) setForm(next);
    setFits(next !== null || !textParses(value));
  }, [value]);

  const write = (next: ConditionForm) => {
    setForm(next);
    const text = textOf(next);
    written.current = text;
    setFits(true);
    set(path, text);
  };
  const change = (i: number, patch: Partial<Clause>) => write({ ...form, clauses: form.clauses.map((c, k) => (k === i ? { ...c, ...patch } : c)) });

  const names = new Set(variables.map((v) => v.name));
  const parses = textParses(value);
  return (
    <div className="rule-condition">
      <fieldset className="rule-condition__form" disabled={readOnly || !fits}>
        <legend>{t('rules.condition.form', { label })}</legend>
        {!fits && <p className="field__hint">{t('rules.condition.textOnly')}</p>}
        {fits && !parses && value.trim() && <p className="field__hint">{t('rules.condition.lastGood')}</p>}
        {form.clauses.length > 1 && (
          <div className="field rule-field">
            <label className="field__label" htmlFor={`${id}-join`}>
              {t('rules.condition.join')}
            </label>
            <select id={`${id}-join`} className="field__input" value={form.join} onChange={(e) => write({ ...form, join: e.target.value as 'and' | 'or' })}>
              <option value="and">{t('rules.condition.and')}</option>
              <option value="or">{t('rules.condition.or')}</option>
            </select>
          </div>
        )}
        {form.clauses.map((c, i) => {
          const n = i + 1;
          // A row is read from the condition's text each time: it has no identity but its place, which is its key
          // (keyed by its words, it would be drawn anew, losing the focus, while its value is typed).
          const place = `clause.${n}`;
          return (
            <fieldset key={place} className="rule-clause" aria-label={t('rules.condition.clause', { n })}>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-v${i}`}>
                  {t('rules.condition.variable', { n })}
                </label>
                <select id={`${id}-v${i}`} className="field__input" value={c.variable} onChange={(e) => change(i, { variable: e.target.value })}>
                  <option value="">{t('rules.condition.chooseVariable')}</option>
                  {c.variable && !names.has(c.variable) && <option value={c.variable}>{c.variable}</option>}
                  {variables.map((v) => (
                    <option key={v.name} value={v.name}>
                      {v.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-o${i}`}>
                  {t('rules.condition.operator', { n })}
                </label>
                <select id={`${id}-o${i}`} className="field__input" value={c.operator} onChange={(e) => change(i, { operator: e.target.value as RuleOperator })}>
                  {OPERATORS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label[lang]}
                    </option>
                  ))}
                </select>
              </div>
              {c.operator !== 'do_not_look_for_value' && (
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-x${i}`}>
                    {t('rules.condition.value', { n })}
                  </label>
                  <input id={`${id}-x${i}`} type="text" className="field__input" value={c.value} spellCheck={false} autoComplete="off" placeholder='1.5 · "text" · [1, 2]' onChange={(e) => change(i, { value: e.target.value })} onBlur={seal} />
                </div>
              )}
              {form.clauses.length > 1 && (
                <button type="button" className="button button--secondary button--small" aria-label={t('rules.condition.removeClause', { n })} onClick={() => write({ ...form, clauses: form.clauses.filter((_, k) => k !== i) })}>
                  ✕
                </button>
              )}
            </fieldset>
          );
        })}
        <button type="button" className="button button--secondary button--small" onClick={() => write({ ...form, clauses: [...form.clauses, blankClause()] })}>
          {t('rules.condition.addClause')}
        </button>
      </fieldset>
      <RuleText label={t('rules.condition.text', { label })} value={value} onValue={(v) => set(path, v)} issues={issues} readOnly={readOnly} hint={t('rules.condition.hint')} />
    </div>
  );
}

/** Whether a text is a condition at all (empty counts: it is a blank row). */
const textParses = (text: string) => !text.trim() || parseCondition(text).ok;
