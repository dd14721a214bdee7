import type { WidgetProps } from '@rjsf/utils';
import { rankWith, schemaTypeIs } from '../../rank';
import { inputProps } from './shared';
import type { FormRenderer } from './registry';

function CheckboxWidget(p: WidgetProps) {
  return (
    <span className="field--checkbox record-form__checkbox">
      <input
        {...inputProps(p)}
        className={undefined}
        type="checkbox"
        checked={p.value === true}
        disabled={p.disabled || p.readonly}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <label htmlFor={p.id} className="field__label">
        {/* No required mark: a check box always has a value (checked or not). */}
        {p.label}
      </label>
    </span>
  );
}

export const checkbox: FormRenderer = { name: 'checkbox', kind: 'widget', tester: rankWith(1, schemaTypeIs('boolean')), component: CheckboxWidget };
