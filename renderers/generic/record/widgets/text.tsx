import type { WidgetProps } from '@rjsf/utils';
import { rankWith, schemaTypeIs } from '../../rank';
import { inputProps, emptyToUndefined } from './shared';
import type { FormRenderer } from './registry';

export function TextWidget(p: WidgetProps) {
  return (
    <input
      {...inputProps(p)}
      type={p.schema.format === 'email' ? 'email' : 'text'}
      maxLength={p.schema.maxLength}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
    />
  );
}

export const text: FormRenderer = { name: 'text', kind: 'widget', tester: rankWith(1, schemaTypeIs('string')), component: TextWidget };
