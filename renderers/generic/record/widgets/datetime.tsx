import { localToUTC, utcToLocal, type WidgetProps } from '@rjsf/utils';
import { rankWith, formatIs } from '../../rank';
import { inputProps } from './shared';
import type { FormRenderer } from './registry';

function DateTimeWidget(p: WidgetProps) {
  return (
    <input
      {...inputProps(p)}
      type="datetime-local"
      value={p.value ? utcToLocal(p.value) : ''}
      onChange={(e) => p.onChange(e.target.value ? localToUTC(e.target.value) : undefined)}
    />
  );
}

export const datetime: FormRenderer = { name: 'datetime', kind: 'widget', tester: rankWith(3, formatIs('date-time')), component: DateTimeWidget };
