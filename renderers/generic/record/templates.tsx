// rjsf templates in the app's look: labelled fields with a required mark, the error under the field tied to
// it (aria-describedby), fieldsets for lists and groups, and buttons with visible, translated text.
import { useTranslation } from 'react-i18next';
import {
  errorId,
  getUiOptions,
  TranslatableString,
  englishStringTranslator,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { FormSectionUi } from './form';
import '../strings';

function FieldTemplate(p: FieldTemplateProps) {
  const { id, label, children, rawErrors, help, hidden, required, displayLabel, uiSchema, classNames, fieldPathId } = p;
  if (hidden) return <div hidden>{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const errors = (rawErrors ?? []).filter(Boolean);
  const last = fieldPathId?.path.at(-1);
  const item = typeof last === 'number';
  const text = item ? `${((getUiOptions(uiSchema).title as string | undefined) ?? label).replace(/-\d+$/, '')} ${last + 1}` : label;
  return (
    <div className={`field record-form__field ${classNames ?? ''}`}>
      {displayLabel && widget !== 'checkbox' && (
        <label htmlFor={id} className="field__label">
          {text}
          {required && !item && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {children}
      {help}
      {errors.length > 0 && (
        <p id={errorId(id)} className="field__error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** The form's root: its fields in the screen's sections (a folded one for advanced values), else one grid. */
function RootFields(p: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const sections = (getUiOptions(p.uiSchema).sections as FormSectionUi[] | undefined) ?? [];
  const visible = p.properties.filter((x) => !x.hidden);
  if (!sections.length) return <div className="record-form__fields">{visible.map((x) => x.content)}</div>;
  const placed = new Set(sections.flatMap((s) => s.fields));
  const rest = visible.filter((x) => !placed.has(x.name));
  const all = [...sections, ...(rest.length ? [{ id: 'other', label: t('screen.otherFields'), fields: rest.map((x) => x.name), advanced: false }] : [])];
  const errors = p.errorSchema as Record<string, unknown> | undefined;
  return (
    <div className="record-form__sections">
      {all.map((section) => {
        const fields = section.fields.map((f) => visible.find((x) => x.name === f)).filter((x) => x !== undefined);
        if (!fields.length) return null;
        const headingId = `${p.fieldPathId.$id}__${section.id}`;
        const body = (
          <>
            {'help' in section && section.help && <p className="field__hint record-form__section-help">{section.help}</p>}
            <div className="record-form__fields">{fields.map((x) => x.content)}</div>
          </>
        );
        if (section.advanced)
          return (
            <details key={section.id} className="record-form__section record-form__section--advanced" open={fields.some((x) => errors?.[x.name]) || undefined}>
              <summary>
                <h3 id={headingId} className="record-form__section-title">
                  {section.label}
                </h3>
              </summary>
              {body}
            </details>
          );
        return (
          <section key={section.id} className="record-form__section" aria-labelledby={headingId}>
            <h3 id={headingId} className="record-form__section-title">
              {section.label}
            </h3>
            {body}
          </section>
        );
      })}
    </div>
  );
}

function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  if (p.fieldPathId.path.length === 0) return <RootFields {...p} />;
  const content = p.properties.filter((x) => !x.hidden).map((x) => x.content);
  // A list item is headed by what it is and its number ("Bank account 2"), not the list's name again.
  const last = p.fieldPathId.path.at(-1);
  const title = typeof last === 'number' ? `${(getUiOptions(p.uiSchema).title as string | undefined) ?? p.title.replace(/-\d+$/, '')} ${last + 1}` : p.title;
  // Alone in its section, the group keeps its name for assistive technology but not on screen.
  const untitled = Boolean(getUiOptions(p.uiSchema).untitled);
  return (
    <fieldset className={`fieldset record-form__group${untitled ? ' record-form__group--untitled' : ''}`} id={p.fieldPathId.$id} aria-label={untitled ? title : undefined}>
      {title && !untitled && <legend className="field__label">{title}</legend>}
      {content}
    </fieldset>
  );
}

/** A label inside an English sentence starts in lower case ("Add bank account"), unless it is an acronym ("IBAN"). */
const midSentence = (label: string, lang: string) => (lang === 'en' && /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

function ArrayFieldTemplate(p: ArrayFieldTemplateProps) {
  const { t, i18n } = useTranslation();
  const title = (getUiOptions(p.uiSchema).title as string | undefined) ?? p.title;
  return (
    <fieldset className="fieldset record-form__array" id={p.fieldPathId.$id}>
      <legend className="field__label">
        {title}
        {p.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {p.items.length === 0 && <p className="field__hint">{t('screen.noItems')}</p>}
      <div className="record-form__items">{p.items}</div>
      {p.canAdd && !p.readonly && !p.disabled && (
        <button type="button" className="button button--secondary button--small" onClick={p.onAddClick}>
          {t('screen.addItem', { label: midSentence((getUiOptions(p.uiSchema).itemLabel as string | undefined) || title, i18n.language) })}
        </button>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(p: ArrayFieldItemTemplateProps) {
  const Buttons = p.registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <div className="record-form__item">
      <div className="record-form__item-body">{p.children}</div>
      {p.hasToolbar && (
        <div className="record-form__item-buttons">
          <Buttons {...p.buttonsProps} />
        </div>
      )}
    </div>
  );
}

function ArrayFieldItemButtonsTemplate(p: ArrayFieldItemButtonsTemplateProps) {
  const { t } = useTranslation();
  const n = p.index + 1;
  const off = p.disabled || p.readonly;
  return (
    <>
      {(p.hasMoveUp || p.hasMoveDown) && (
        <>
          <button type="button" className="button button--secondary button--small" disabled={off || !p.hasMoveUp} onClick={p.onMoveUpItem} aria-label={t('screen.moveUpNth', { n })}>
            {t('screen.moveUp')}
          </button>
          <button type="button" className="button button--secondary button--small" disabled={off || !p.hasMoveDown} onClick={p.onMoveDownItem} aria-label={t('screen.moveDownNth', { n })}>
            {t('screen.moveDown')}
          </button>
        </>
      )}
      {p.hasRemove && (
        <button type="button" className="button button--secondary button--small" disabled={off} onClick={p.onRemoveItem} aria-label={t('screen.removeNth', { n })}>
          {t('screen.remove')}
        </button>
      )}
    </>
  );
}

/** A button rjsf may still draw, with the page's word for it (it follows a change of language). */
function TextButton({ p, word }: { p: IconButtonProps; word: string }) {
  const { t } = useTranslation();
  const { onClick, disabled, id, className } = p;
  return (
    <button type="button" id={id} className={`button button--secondary button--small ${className ?? ''}`} onClick={onClick} disabled={disabled}>
      {t(word)}
    </button>
  );
}

const AddButton = (p: IconButtonProps) => <TextButton p={p} word="screen.add" />;
const CopyButton = (p: IconButtonProps) => <TextButton p={p} word="screen.copy" />;
const MoveDownButton = (p: IconButtonProps) => <TextButton p={p} word="screen.moveDown" />;
const MoveUpButton = (p: IconButtonProps) => <TextButton p={p} word="screen.moveUp" />;
const RemoveButton = (p: IconButtonProps) => <TextButton p={p} word="screen.remove" />;

/**
 * Our templates: one set for every form and language (components made per call would be new component
 * types each time, and React would remount the form's buttons).
 */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  ButtonTemplates: { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } as unknown as TemplatesType['ButtonTemplates'],
};

const STRINGS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: 'screen.add',
  [TranslatableString.AddItemButton]: 'screen.add',
  [TranslatableString.RemoveButton]: 'screen.remove',
  [TranslatableString.MoveUpButton]: 'screen.moveUp',
  [TranslatableString.MoveDownButton]: 'screen.moveDown',
  [TranslatableString.CopyButton]: 'screen.copy',
  [TranslatableString.YesLabel]: 'common.yes',
  [TranslatableString.NoLabel]: 'common.no',
  [TranslatableString.EmptyArray]: 'screen.noItems',
};

export function translateString(t: TFunction) {
  return (key: TranslatableString, params?: string[]) => (STRINGS[key] ? t(STRINGS[key]!) : englishStringTranslator(key, params));
}
