import type { WidgetProps } from '@rjsf/utils';
import type { JsonSchema } from '../../../../src/domain/screen';
import { and, rankWith, schemaTypeIs, type TesterContext } from '../../rank';
import { inputProps, emptyToUndefined } from './shared';
import type { FormRenderer } from './registry';

function TextareaWidget(p: WidgetProps) {
  return (
    <textarea
      {...inputProps(p)}
      rows={(p.options.rows as number | undefined) ?? 4}
      maxLength={p.schema.maxLength}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
    />
  );
}

const longText = (s: JsonSchema, ctx: TesterContext) => (s.maxLength ?? 0) > 500 || ctx.hints.rows !== undefined;
export const textarea: FormRenderer = { name: 'textarea', kind: 'widget', tester: rankWith(2, and(schemaTypeIs('string'), longText)), component: TextareaWidget };
