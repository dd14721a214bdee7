import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import { inputToMinor, minorToInput } from '../../../../src/domain/money';
import { and, nameMatches, rankWith, schemaTypeIs } from '../../rank';
import { inputProps } from './shared';
import type { FormRenderer } from './registry';

/** An amount in integer minor units, typed in major units ("1.499,90"). */
function MoneyWidget(p: WidgetProps) {
  const lang = useActiveLabel();
  const currency = p.options.currency as number | undefined;
  const [text, setText] = useState(() => minorToInput(p.value, currency, lang));
  // A value set from outside, or a new language, rewrites the text unless it already says that amount.
  const [shown, setShown] = useState({ value: p.value, lang });
  if (!Object.is(shown.value, p.value) || shown.lang !== lang) {
    setShown({ value: p.value, lang });
    if (inputToMinor(text, currency) !== p.value && !Number.isNaN(p.value)) setText(minorToInput(p.value, currency, lang));
  }
  return (
    <input
      {...inputProps(p)}
      type="text"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        p.onChange(inputToMinor(e.target.value, currency) ?? undefined);
      }}
      onBlur={() => {
        if (typeof p.value === 'number' && Number.isFinite(p.value)) setText(minorToInput(p.value, currency, lang));
        p.onBlur(p.id, p.value);
      }}
    />
  );
}

export const money: FormRenderer = { name: 'money', kind: 'widget', tester: rankWith(4, and(schemaTypeIs('integer'), nameMatches(/(^|_)amount$/))), component: MoneyWidget };
