import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import type { JsonSchema } from '../../../../src/domain/screen';
import { and, rankWith, schemaMatches, schemaTypeIs } from '../../rank';
import { FieldFrame, childErrors } from './shared';
import type { FormRenderer } from './registry';
import '../../strings';

/** A text in every language of the product ({tr, en}); a text area per language with the `rows` hint. */
function BilingualField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const rows = (p.uiSchema?.['ui:options'] as { rows?: number } | undefined)?.rows;
  const inputOf = (lang: 'tr' | 'en', errors: string[]) => ({
    id: `${id}_${lang}`,
    lang,
    className: 'field__input',
    value: value[lang] ?? '',
    disabled: p.disabled,
    readOnly: p.readonly,
    maxLength: (p.schema.properties?.[lang] as JsonSchema | undefined)?.maxLength,
    'aria-invalid': errors.length ? true : undefined,
    'aria-describedby': errors.length ? `${id}_${lang}__error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(lang, e.target.value),
  });
  const value = (p.formData ?? {}) as Record<string, string | undefined>;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const set = (lang: 'tr' | 'en', text: string) => {
    const next = { ...value, [lang]: text || undefined };
    p.onChange(next.tr === undefined && next.en === undefined ? undefined : next, p.fieldPathId.path);
  };
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      {(['tr', 'en'] as const).map((lang) => {
        const errors = childErrors(p.errorSchema, lang);
        return (
          <div className="field" key={lang}>
            <label htmlFor={`${id}_${lang}`} className="field__label">
              {t(`screen.lang.${lang}`)}
            </label>
            {rows ? <textarea {...inputOf(lang, errors)} rows={rows} /> : <input {...inputOf(lang, errors)} />}
            {errors.length > 0 && (
              <p id={`${id}_${lang}__error`} className="field__error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </FieldFrame>
  );
}

/** A text per language ({tr, en} of strings); not a record's translations, whose languages hold objects. */
const isBilingual = (s: JsonSchema) => {
  const keys = Object.keys(s.properties ?? {});
  return keys.length === 2 && keys.includes('en') && keys.includes('tr') && keys.every((k) => s.properties?.[k]?.type === 'string');
};
export const bilingual: FormRenderer = { name: 'bilingual', kind: 'field', tester: rankWith(5, and(schemaTypeIs('object'), schemaMatches(isBilingual))), component: BilingualField };
