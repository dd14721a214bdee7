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
import '../strings';

function FieldTemplate(p: FieldTemplateProps) {
  const { id, label, children, rawErrors, help, hidden, required, displayLabel, uiSchema, classNames, fieldPathId } = p;
  if (hidden) return <div hidden>{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const errors = (rawErrors ?? []).filter(Boolean);
  const last = fieldPathId?.path.at(-1);
  const text = typeof last === 'number' ? `${label.replace(/-\d+$/, '')} ${last + 1}` : label;
  return (
    <div className={`field record-form__field ${classNames ?? ''}`}>
      {displayLabel && widget !== 'checkbox' && (
        <label htmlFor={id} className="field__label">
          {text}
          {required && (
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

function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  const content = p.properties.filter((x) => !x.hidden).map((x) => x.content);
  if (p.fieldPathId.path.length === 0) return <div className="record-form__fields">{content}</div>;
  return (
    <fieldset className="fieldset record-form__group" id={p.fieldPathId.$id}>
      {p.title && <legend className="field__label">{p.title.replace(/-(\d+)$/, ' $1')}</legend>}
      {content}
    </fieldset>
  );
}

function ArrayFieldTemplate(p: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
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
          {t('screen.addItem', { label: title })}
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

function textButton(text: string) {
  return function TextButtonTemplate(p: IconButtonProps) {
    const { onClick, disabled, id, className } = p;
    return (
      <button type="button" id={id} className={`button button--secondary button--small ${className ?? ''}`} onClick={onClick} disabled={disabled}>
        {text}
      </button>
    );
  };
}

/** Our templates; the buttons rjsf may still draw get the language's words through translateString. */
export function templates(t: TFunction): Partial<TemplatesType> {
  return {
    FieldTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    ArrayFieldItemButtonsTemplate,
    ButtonTemplates: {
      AddButton: textButton(t('screen.add')),
      CopyButton: textButton(t('screen.copy')),
      MoveDownButton: textButton(t('screen.moveDown')),
      MoveUpButton: textButton(t('screen.moveUp')),
      RemoveButton: textButton(t('screen.remove')),
    } as unknown as TemplatesType['ButtonTemplates'],
  };
}

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
