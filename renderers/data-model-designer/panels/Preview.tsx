// The live preview: the recording form itself (renderers/data-model-form, the same widgets and the same check
// as recording), in both languages side by side, filled in here to try the rules; nothing is saved.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../../src/domain/data-model/document';
import type { RecordValues } from '../../../src/domain/data-model/record';
import { RecordingForm } from '../../data-model-form/RecordingForm';
import { useDesigner } from '../store';

export function Preview() {
  const { t } = useTranslation();
  const doc = useDesigner((s) => s.doc);
  const [values, setValues] = useState<RecordValues>({});
  return (
    <section className="preview" aria-labelledby="preview-title">
      <div className="preview__head">
        <h2 id="preview-title" className="properties__title">
          {t('designer.preview.title')}
        </h2>
        <button type="button" className="button button--secondary button--small" onClick={() => setValues({})}>
          {t('designer.preview.clear')}
        </button>
      </div>
      <p className="properties__muted">{t('designer.preview.intro')}</p>
      <div className="preview__columns">
        {LANGS.map((l) => (
          <div key={l} className="preview__column">
            <h3 className="preview__lang">{t(`designer.lang.${l}`)}</h3>
            <div lang={l}>
              {doc.group_list.length ? <RecordingForm model={doc} values={values} onChange={setValues} lang={l} headingLevel={4} /> : <p className="properties__muted">{t('designer.preview.empty', { lng: l })}</p>}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
