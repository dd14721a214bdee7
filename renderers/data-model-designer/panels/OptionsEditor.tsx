// A choice parameter's options: each with its label (in the model's language), the value stored in records,
// and its text in the other language; added, removed and moved by commands. Repeated labels are flagged at
// the repeat (spec section 5: option labels unique).
import { useTranslation } from 'react-i18next';
import type { DataModelParameter } from '../../../src/generated/types/entities';
import { LANGS, type DocPath } from '../../../src/domain/data-model/document';
import type { Lang } from '../../../src/domain/language';
import { useDesigner, useDesignerApi } from '../store';
import { BoundText } from './bound';
import type { ProblemAt } from './Properties';

/** A value no option of the parameter has yet: the next whole number. */
function freeValue(p: DataModelParameter): string {
  const values = new Set((p.option_list ?? []).map((o) => o.value));
  for (let n = (p.option_list?.length ?? 0) + 1; ; n++) if (!values.has(String(n))) return String(n);
}

export function OptionsEditor({ parameter: p, path, modelLang, problemAt }: { parameter: DataModelParameter; path: DocPath; modelLang: Lang; problemAt: ProblemAt }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  const options = p.option_list ?? [];
  const others = LANGS.filter((l) => l !== modelLang);
  const listError = problemAt([...path, 'option_list']);
  const run = api.getState().run;
  return (
    <fieldset className="properties__group options">
      <legend>{p.type === 'anatomy' ? t('designer.options.sites') : t('designer.options.title')}</legend>
      {options.length === 0 && <p className="properties__muted">{t('designer.options.empty')}</p>}
      <ol className="options__list">
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is addressed by its place (the commands' index), and labels and values may repeat while typed
          <li key={i} className="options__item">
            <div className="options__fields">
              <BoundText
                name={`${p.code}/option/${i}/label`}
                label={t('designer.options.label', { n: i + 1, language: t(`designer.lang.${modelLang}`) })}
                value={o.label}
                keepEmpty
                maxLength={1000}
                error={problemAt([...path, 'option_list', i, 'label'])}
                command={(v) => ({ type: 'option.update', parameter: p.code, option: i, path: 'label', value: v ?? '' })}
              />
              <BoundText
                name={`${p.code}/option/${i}/value`}
                label={t('designer.options.value')}
                hint={i === 0 ? t('designer.options.valueHint') : undefined}
                value={o.value}
                keepEmpty
                maxLength={200}
                error={problemAt([...path, 'option_list', i, 'value'])}
                command={(v) => ({ type: 'option.update', parameter: p.code, option: i, path: 'value', value: v ?? '' })}
              />
              {others.map((l) => (
                <BoundText
                  key={l}
                  name={`${p.code}/option/${i}/translation/${l}`}
                  label={t('designer.options.translation', { language: t(`designer.lang.${l}`) })}
                  value={o.translation?.[l]}
                  maxLength={1000}
                  error={problemAt([...path, 'option_list', i, 'translation', l])}
                  command={(v) => ({ type: 'text.set', target: { kind: 'option', parameter: p.code, option: i }, lang: l, value: v })}
                />
              ))}
            </div>
            {!readOnly && (
              <fieldset className="options__buttons" aria-label={t('designer.options.actions', { n: i + 1 })}>
                <button type="button" className="icon-button" aria-label={t('designer.options.up', { n: i + 1 })} disabled={i === 0} onClick={() => run({ type: 'option.move', parameter: p.code, from: i, to: i - 1 })}>
                  ↑
                </button>
                <button type="button" className="icon-button" aria-label={t('designer.options.down', { n: i + 1 })} disabled={i === options.length - 1} onClick={() => run({ type: 'option.move', parameter: p.code, from: i, to: i + 1 })}>
                  ↓
                </button>
                <button type="button" className="icon-button icon-button--danger" aria-label={t('designer.options.remove', { n: i + 1 })} onClick={() => run({ type: 'option.delete', parameter: p.code, option: i })}>
                  ×
                </button>
              </fieldset>
            )}
          </li>
        ))}
      </ol>
      {listError && <p className="field__error">{listError}</p>}
      {!readOnly && (
        <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'option.add', parameter: p.code, option: { label: t('designer.options.newLabel', { n: options.length + 1, lng: modelLang }), value: freeValue(p) } })}>
          {t('designer.options.add')}
        </button>
      )}
    </fieldset>
  );
}
