import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldPathId, type FieldProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import { discriminatorOf, labelOf, type JsonSchema } from '../../../../src/domain/screen';
import { and, rankWith, schemaMatches, schemaTypeIs } from '../../rank';
import { FieldFrame } from './shared';
import type { FormRenderer } from './registry';
import '../../strings';

/** One of several shapes told apart by a const property (a unit's content by kind): radio buttons for the shape, then its fields. */
function OneOfField(p: FieldProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const group = useId();
  const id = p.fieldPathId.$id;
  const schema = p.schema as JsonSchema;
  const tag = discriminatorOf(schema) ?? '';
  const branches = (schema.oneOf as JsonSchema[] | undefined) ?? [];
  const value = (p.formData && typeof p.formData === 'object' ? p.formData : {}) as Record<string, unknown>;
  const index = branches.findIndex((b) => b.properties?.[tag]?.const === value[tag]);
  const branch = index >= 0 ? branches[index] : undefined;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  // What was typed in a shape is kept while another is chosen, and back when it is chosen again.
  const kept = useRef(new Map<unknown, Record<string, unknown>>());
  const choose = (i: number) => {
    if (branch) kept.current.set(value[tag], value);
    const next = branches[i].properties![tag].const;
    p.onChange((kept.current.get(next) ?? { [tag]: next }) as never, p.fieldPathId.path);
  };
  const { SchemaField } = p.registry.fields;
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <fieldset className="record-form__choices record-form__choices--inline">
        <legend className="field__label">{t('screen.choiceOf', { label })}</legend>
        {branches.map((b, i) => {
          const c = b.properties![tag].const;
          return (
            <label key={String(c)} className="record-form__choice">
              <input type="radio" name={group} value={String(c)} checked={i === index} disabled={p.disabled || p.readonly} onChange={() => choose(i)} /> {labelOf(b['x-label'], lang, String(c))}
            </label>
          );
        })}
      </fieldset>
      {branch &&
        Object.entries(branch.properties ?? {})
          .filter(([k]) => k !== tag)
          .map(([k, s]) => (
            <SchemaField
              key={`${String(value[tag])}.${k}`}
              name={k}
              schema={s as never}
              uiSchema={(p.uiSchema as Record<string, never> | undefined)?.[k]}
              formData={value[k]}
              fieldPathId={toFieldPathId(k, p.registry.globalFormOptions, p.fieldPathId.path)}
              errorSchema={(p.errorSchema as Record<string, never> | undefined)?.[k]}
              required={branch.required?.includes(k)}
              onChange={p.onChange}
              onBlur={p.onBlur}
              onFocus={p.onFocus}
              registry={p.registry}
              disabled={p.disabled}
              readonly={p.readonly}
            />
          ))}
    </FieldFrame>
  );
}

export const oneOf: FormRenderer = { name: 'one_of', kind: 'field', tester: rankWith(6, and(schemaTypeIs('object'), schemaMatches((s) => Boolean(discriminatorOf(s))))), component: OneOfField };
