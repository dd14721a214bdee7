import { useTranslation } from 'react-i18next';
import { helpId, type FieldProps } from '@rjsf/utils';
import { HtmlEditor } from '../HtmlEditor';
import { FieldFrame, childErrors } from './shared';
import { byName, type FormRenderer } from './registry';
import '../../strings';

/** HTML in every language ({tr, en}): a lazily loaded WYSIWYG editor per language. */
function RichTextField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const value = (p.formData ?? {}) as Record<string, string | undefined>;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const help = p.uiSchema?.['ui:help'] ? helpId(id) : undefined;
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      {(['tr', 'en'] as const).map((lang) => (
        <HtmlEditor
          key={lang}
          id={`${id}_${lang}`}
          label={`${label} (${t(`screen.lang.${lang}`)})`}
          lang={lang}
          value={value[lang] ?? ''}
          disabled={p.disabled}
          readOnly={p.readonly}
          error={childErrors(p.errorSchema, lang).join(' ') || undefined}
          describedBy={help}
          onChange={(html) => p.onChange({ tr: value.tr ?? '', en: value.en ?? '', [lang]: html } as never, p.fieldPathId.path)}
        />
      ))}
    </FieldFrame>
  );
}

export const richText: FormRenderer = { name: 'rich_text', kind: 'field', tester: byName, component: RichTextField };
