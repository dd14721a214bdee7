import type { WidgetProps } from '@rjsf/utils';
import { rankWith, formatIs } from '../../rank';
import { inputProps, emptyToUndefined } from './shared';
import type { FormRenderer } from './registry';

function DateWidget(p: WidgetProps) {
  return <input {...inputProps(p)} type="date" value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))} />;
}

export const date: FormRenderer = { name: 'date', kind: 'widget', tester: rankWith(3, formatIs('date')), component: DateWidget };
