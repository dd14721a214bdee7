import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import { CURRENCIES, formatMinor, inputToMinor, minorToInput } from '../../../../src/domain/money';
import type { JsonSchema } from '../../../../src/domain/screen';
import { and, rankWith, schemaMatches, schemaTypeIs } from '../../rank';
import { enumLabel } from '../../cells';
import { FieldFrame, childErrors } from './shared';
import type { FormRenderer } from './registry';
import '../../strings';

/** Prices per currency (currency_amount_list): one amount per currency, in major units; empty = not sold in it. */
function MoneyListField(p: FieldProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const id = p.fieldPathId.$id;
  const list = (Array.isArray(p.formData) ? p.formData : []).filter((e) => e && typeof e === 'object' && 'currency_type' in e) as { currency_type: number; amount: number }[];
  const itemSchema = (p.schema.items ?? {}) as JsonSchema;
  const currencySchema = itemSchema.properties?.currency_type ?? {};
  const currencies = ((currencySchema.enum as number[] | undefined) ?? Object.keys(CURRENCIES).map(Number)).filter((c) => CURRENCIES[c]);
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const [texts, setTexts] = useState<Record<number, string>>(() => Object.fromEntries(list.map((e) => [e.currency_type, minorToInput(e.amount, e.currency_type, lang)])));
  // Amounts set from outside, or a new language, rewrite the texts that do not already say them.
  const shownKey = `${JSON.stringify(list)}|${lang}`;
  const [shown, setShown] = useState(shownKey);
  if (shown !== shownKey) {
    setShown(shownKey);
    setTexts((prev) => {
      const next = { ...prev };
      for (const c of currencies) {
        const entry = list.find((e) => e.currency_type === c);
        if (inputToMinor(prev[c] ?? '', c) !== (entry?.amount ?? null) && !Number.isNaN(entry?.amount)) next[c] = minorToInput(entry?.amount, c, lang);
      }
      return next;
    });
  }
  const set = (currency: number, text: string) => {
    setTexts((prev) => ({ ...prev, [currency]: text }));
    const amount = inputToMinor(text, currency);
    const rest = list.filter((e) => e.currency_type !== currency);
    const next = amount === null ? rest : [...rest, { currency_type: currency, amount }];
    next.sort((a, b) => a.currency_type - b.currency_type);
    p.onChange(next.length ? next : undefined, p.fieldPathId.path);
  };
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <p className="field__hint" id={`${id}-hint`}>
        {t('screen.priceHint')}
      </p>
      {currencies.map((c) => {
        const index = list.findIndex((e) => e.currency_type === c);
        const errors = index >= 0 ? [...childErrors((p.errorSchema as Record<number, unknown> | undefined)?.[index], 'amount'), ...childErrors(p.errorSchema, index)] : [];
        const entry = index >= 0 ? list[index] : undefined;
        return (
          <div className="field" key={c}>
            <label htmlFor={`${id}_${c}`} className="field__label">
              {enumLabel(currencySchema, c, lang)}
            </label>
            <input
              id={`${id}_${c}`}
              className="field__input"
              inputMode="decimal"
              value={texts[c] ?? ''}
              disabled={p.disabled}
              readOnly={p.readonly}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={[`${id}-hint`, errors.length ? `${id}_${c}__error` : null].filter(Boolean).join(' ')}
              onChange={(e) => set(c, e.target.value)}
            />
            {entry && Number.isFinite(entry.amount) && <span className="field__hint">{formatMinor(entry.amount, c, lang)}</span>}
            {errors.length > 0 && (
              <p id={`${id}_${c}__error`} className="field__error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </FieldFrame>
  );
}

const isMoneyList = (s: JsonSchema) => Boolean(s.items?.properties?.currency_type && s.items.properties.amount);
export const moneyList: FormRenderer = { name: 'money_list', kind: 'field', tester: rankWith(5, and(schemaTypeIs('array'), schemaMatches(isMoneyList))), component: MoneyListField };
