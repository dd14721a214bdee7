// The edit history: each command in words (src/domain/data-model/commands.ts `describe`), newest first; what
// undo would take back is marked, and undone steps stay listed until a new edit replaces them.
import { useTranslation } from 'react-i18next';
import { describe } from '../../../src/domain/data-model/commands';
import type { Lang } from '../../../src/domain/language';
import { useDesigner } from '../store';

export function History({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const history = useDesigner((s) => s.history);
  const past = [...history.past].reverse();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="properties__title">
        {t('designer.history.title')}
      </h2>
      {past.length === 0 && history.future.length === 0 ? (
        <p className="properties__muted">{t('designer.history.empty')}</p>
      ) : (
        <ol className="history__list">
          {[...history.future].reverse().map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a history entry's place is its identity
            <li key={`f${i}`} className="history__item history__item--undone">
              {describe(e.command)[lang]} <span className="history__tag">{t('designer.history.undone')}</span>
            </li>
          ))}
          {past.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a history entry's place is its identity
            <li key={`p${i}`} className={i === 0 ? 'history__item history__item--last' : 'history__item'}>
              {describe(e.command)[lang]}
              {e.merged > 0 && <span className="history__tag">{t('designer.history.merged', { count: e.merged + 1 })}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
