// The list's filter: conditions of a field, a rule operator and a value, met all (and) or any (or); run on the
// server by /v1/db_layer_query. The value field follows the field's type (options and yes/no as choices).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { enumOptions, SelectField } from '../../app/ui';
import { ruleOperator } from '../../generated/enums/ruleOperator';
import type { DataLayer } from '../../generated/types/entities';
import type { DbLayerQueryRequest } from '../../generated/types/routes';
import { ParameterField } from './ParameterField';
import { formRecord } from './values';

type Condition = { field: string; operator: string; value: string };
export type Query = Pick<DbLayerQueryRequest, 'condition_list' | 'logic'>;

export function QueryBuilder({ layer, onApply }: { layer: DataLayer; onApply: (query: Query | null) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const first = layer.parameter_list[0]?.id ?? '';
  const blank = (): Condition => ({ field: first, operator: 'equal', value: '' });
  const [conditions, setConditions] = useState<Condition[]>([blank()]);
  const [logic, setLogic] = useState<'and' | 'or'>('and');
  const set = (i: number, change: Partial<Condition>) => setConditions((list) => list.map((c, j) => (j === i ? { ...c, ...change } : c)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const condition_list = conditions.map((c) => {
      const p = layer.parameter_list.find((x) => x.id === c.field)!;
      const typed = formRecord([p], { [p.id]: c.value })[p.id];
      return { field: c.field, operator: c.operator as DbLayerQueryRequest['condition_list'][number]['operator'], value: typed === '' ? null : (typed as string | number | boolean) };
    });
    onApply({ condition_list, logic });
  };

  return (
    <form className="form database__query" noValidate onSubmit={onSubmit} aria-label={t('database.query')}>
      <fieldset className="database__logic">
        <legend>{t('database.logic')}</legend>
        {(['and', 'or'] as const).map((l) => (
          <label key={l}>
            <input type="radio" name="logic" value={l} checked={logic === l} onChange={() => setLogic(l)} /> {t(l === 'and' ? 'database.logicAnd' : 'database.logicOr')}
          </label>
        ))}
      </fieldset>
      {conditions.map((c, i) => {
        const p = layer.parameter_list.find((x) => x.id === c.field) ?? layer.parameter_list[0];
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place
          <fieldset key={i} className="database__condition">
            <legend>{t('database.conditionN', { n })}</legend>
            <SelectField label={t('database.field')} value={c.field} onValue={(field) => set(i, { field, value: '' })} options={layer.parameter_list.map((x) => ({ value: x.id, label: x.label[lang] }))} />
            <SelectField label={t('database.operator')} value={c.operator} onValue={(operator) => set(i, { operator })} options={enumOptions(ruleOperator, lang)} />
            {c.operator !== 'do_not_look_for_value' && p && <ParameterField parameter={p} label={t('database.value')} value={c.value} onValue={(value) => set(i, { value })} />}
            {conditions.length > 1 && (
              <button type="button" className="button button--small button--secondary" onClick={() => setConditions((list) => list.filter((_, j) => j !== i))}>
                {t('database.removeCondition', { n })}
              </button>
            )}
          </fieldset>
        );
      })}
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => setConditions((list) => [...list, blank()])}>
          {t('database.addCondition')}
        </button>
        <button type="submit" className="button">
          {t('database.applyQuery')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConditions([blank()]);
            onApply(null);
          }}
        >
          {t('database.clearQuery')}
        </button>
      </div>
    </form>
  );
}
