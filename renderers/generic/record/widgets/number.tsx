import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { or, rankWith, schemaTypeIs } from '../../rank';
import { inputProps } from './shared';
import type { FormRenderer } from './registry';

function NumberWidget(p: WidgetProps) {
  const integer = p.schema.type === 'integer';
  const [text, setText] = useState(p.value === undefined || p.value === null ? '' : String(p.value));
  // A value set from outside (a reset, a derivation) replaces the text unless the text already says it.
  const [shown, setShown] = useState(p.value);
  if (!Object.is(shown, p.value)) {
    setShown(p.value);
    if (Number(text.replace(',', '.')) !== p.value) setText(p.value === undefined || p.value === null || Number.isNaN(p.value) ? (Number.isNaN(p.value) ? text : '') : String(p.value));
  }
  return (
    <input
      {...inputProps(p)}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const v = e.target.value.trim().replace(',', '.');
        p.onChange(v === '' ? undefined : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN);
      }}
    />
  );
}

export const number: FormRenderer = { name: 'number', kind: 'widget', tester: rankWith(1, or(schemaTypeIs('integer'), schemaTypeIs('number'))), component: NumberWidget };
