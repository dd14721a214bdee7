import type { WidgetProps } from '@rjsf/utils';
import { rankWith, formatIs } from '../../rank';
import { DateInput } from '../../../../src/app/ui';
import { inputProps, emptyToUndefined } from './shared';
import type { FormRenderer } from './registry';

function DateWidget(p: WidgetProps) {
  return <DateInput {...inputProps(p)} value={p.value ?? ''} onValue={(v) => p.onChange(emptyToUndefined(v))} />;
}

export const date: FormRenderer = { name: 'date', kind: 'widget', tester: rankWith(3, formatIs('date')), component: DateWidget };
