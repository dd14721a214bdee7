// The translations grid: every text of the model (title, groups, parameters, options) in each language, one
// row per text, the missing ones marked and counted; "only missing" narrows the grid to the gaps. A cell is
// filled by the `text.set` command of its row (src/domain/data-model/translations.ts).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillCommand, textRows, type TextRow } from '../../../src/domain/data-model/translations';
import { LANGS } from '../../../src/domain/data-model/document';
import type { Lang } from '../../../src/domain/language';
import { useDesigner, useDesignerApi } from '../store';
import { useTyping } from './bound';

function rowName(row: TextRow, t: (key: string, o?: Record<string, unknown>) => string): string {
  const target = row.target;
  if (target.kind === 'title') return t('designer.translations.modelTitle');
  if (target.kind === 'group') return t('designer.translations.group', { code: target.group });
  if (target.kind === 'parameter') return t('designer.translations.parameter', { code: target.parameter });
  return t('designer.translations.option', { code: target.parameter, n: target.option + 1 });
}

const keyOf = (row: TextRow) => JSON.stringify(row.target);

export function Translations() {
  const { t } = useTranslation();
  const doc = useDesigner((s) => s.doc);
  const readOnly = useDesigner((s) => s.readOnly);
  const [onlyGaps, setOnlyGaps] = useState(false);
  const rows = useMemo(() => textRows(doc), [doc]);
  const gaps = rows.reduce((n, r) => n + LANGS.filter((l) => r.texts[l] === undefined).length, 0);
  const shown = onlyGaps ? rows.filter((r) => LANGS.some((l) => r.texts[l] === undefined)) : rows;
  return (
    <section className="translations" aria-labelledby="translations-title">
      <div className="translations__head">
        <h2 id="translations-title" className="properties__title">
          {t('designer.translations.title')}
        </h2>
        <p className={gaps ? 'translations__count translations__count--gaps' : 'translations__count'} role="status">
          {gaps ? t('designer.translations.gaps', { count: gaps }) : t('designer.translations.complete')}
        </p>
        <label className="translations__filter">
          <input type="checkbox" checked={onlyGaps} onChange={(e) => setOnlyGaps(e.target.checked)} /> {t('designer.translations.onlyGaps')}
        </label>
      </div>
      <div className="translations__scroll">
        <table className="translations__table">
          <caption className="visually-hidden">{t('designer.translations.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('designer.translations.text')}</th>
              {LANGS.map((l) => (
                <th key={l} scope="col">
                  {t(`designer.lang.${l}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={keyOf(row)}>
                <th scope="row">{rowName(row, t)}</th>
                {LANGS.map((l) => (
                  <td key={l} className={row.texts[l] === undefined ? 'translations__gap' : undefined}>
                    <Cell row={row} lang={l} name={rowName(row, t)} readOnly={readOnly} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {onlyGaps && shown.length === 0 && <p className="properties__muted">{t('designer.translations.noGaps')}</p>}
      </div>
    </section>
  );
}

function Cell({ row, lang, name, readOnly }: { row: TextRow; lang: Lang; name: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const typing = useTyping(`${keyOf(row)}/${lang}`);
  const missing = row.texts[lang] === undefined;
  return (
    <input
      className="field__input translations__input"
      value={row.texts[lang] ?? ''}
      readOnly={readOnly}
      maxLength={1000}
      aria-label={`${name} — ${t(`designer.lang.${lang}`)}`}
      aria-invalid={missing || undefined}
      placeholder={missing ? t('designer.translations.missing') : undefined}
      onFocus={typing.onFocus}
      onBlur={typing.onBlur}
      onChange={(e) => api.getState().run(fillCommand(row.target, lang, e.target.value), { mergeKey: typing.mergeKey() })}
    />
  );
}
