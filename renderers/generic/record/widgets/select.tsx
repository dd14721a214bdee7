import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import type { JsonSchema } from '../../../../src/domain/screen';
import { hasEnum, rankWith } from '../../rank';
import { enumLabel } from '../../cells';
import { inputProps } from './shared';
import type { FormRenderer } from './registry';
import '../../strings';

function SelectWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const values = (p.schema.enum ?? []) as unknown[];
  const index = values.indexOf(p.value);
  return (
    <select
      {...inputProps(p)}
      disabled={p.disabled || p.readonly}
      value={index >= 0 ? String(index) : ''}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => p.onChange(e.target.value === '' ? undefined : values[Number(e.target.value)])}
    >
      <option value="">{t('common.choose')}</option>
      {values.map((v, i) => (
        <option key={String(v)} value={String(i)}>
          {enumLabel(p.schema as JsonSchema, v, lang)}
        </option>
      ))}
    </select>
  );
}

export const select: FormRenderer = { name: 'select', kind: 'widget', tester: rankWith(3, hasEnum), component: SelectWidget };
