// The model's problems (spec section 5's rules, src/domain/data-model/validate.ts), found as it is edited, and
// those the server named when it refused to publish; each opens the item it is about.
import { useTranslation } from 'react-i18next';
import { problemMessage, type Problem } from '../../../src/domain/data-model/validate';
import type { Lang } from '../../../src/domain/language';
import { useDesigner, useDesignerApi } from '../store';
import { selectionAt, selectionName } from '../words';

export function Problems({ problems, serverProblems, lang }: { problems: Problem[]; serverProblems: Problem[] | null; lang: Lang }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const doc = useDesigner((s) => s.doc);
  const list = (items: Problem[], id: string) => (
    <ul className="problems__list" id={id}>
      {items.map((p, i) => {
        const s = selectionAt(doc, p.path);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is remade from the model on each check
          <li key={i}>
            <button type="button" className="problems__item" onClick={() => api.getState().openProperties(s)}>
              <span className="problems__where">{selectionName(doc, s, lang, t('designer.model'))}</span>
              <span>{problemMessage(p, lang)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
  return (
    <section aria-labelledby="problems-title">
      <h2 id="problems-title" className="properties__title">
        {t('designer.problems.title')}
      </h2>
      {problems.length === 0 ? <p className="problems__none">{t('designer.problems.none')}</p> : list(problems, 'model-problems')}
      {serverProblems && serverProblems.length > 0 && (
        <>
          <h3 className="problems__server">{t('designer.problems.server')}</h3>
          {list(serverProblems, 'server-problems')}
        </>
      )}
    </section>
  );
}
