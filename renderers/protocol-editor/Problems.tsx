// A protocol's problems (the domain's section 5 check as the protocol is edited — the one the server runs on
// publish): each in the reader's language with the line it is about; a button opens that line.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../src/domain/language';
import { lineSummary } from './lines';
import { lineOf, problemText, type Problem } from './problems';
import { useEditor, useEditorApi } from './store';

export function Problems({ problems, lang }: { problems: readonly Problem[]; lang: Lang }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const doc = useEditor((s) => s.doc);
  return (
    <section className="protocol-section protocol-problems" aria-labelledby="protocol-problems-title">
      <h2 id="protocol-problems-title">{t('protocol.problems.title', { count: problems.length })}</h2>
      <ul>
        {problems.map((p, i) => {
          const id = lineOf(doc, p.path);
          const line = id ? doc.drug_list.find((l) => l.item_id === id) : undefined;
          const where = line ? lineSummary(line, lang) || t('protocol.lines.unnamed') : t('protocol.problems.protocol');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is the server's answer, replaced whole
            <li key={i}>
              {id ? (
                <button
                  type="button"
                  className="protocol-problems__item"
                  onClick={() => {
                    api.getState().select(id);
                    requestAnimationFrame(() => document.getElementById(`line-${id}`)?.focus());
                  }}
                >
                  <span className="protocol-problems__where">{where}</span> {problemText(p, lang)}
                </button>
              ) : (
                <span>
                  <span className="protocol-problems__where">{where}</span> {problemText(p, lang)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
