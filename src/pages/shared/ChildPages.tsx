// The links a page shows to its child pages that the user may open ("Pages"), used by every page that has
// children in the catalogue.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { childPages, pathOf, type PageDefinition } from '../../app/router/catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../../app/router/hooks';

/** The child pages of `routeName` this user may open, in menu order. */
export const useChildPages = (routeName: string): PageDefinition[] => childPages(usePages(), routeName, useAccess());

/** Links to `pages` under their heading; nothing when there are none. */
export function ChildPagesNav({ pages, className }: { pages: readonly PageDefinition[]; className?: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  if (!pages.length) return null;
  return (
    <nav aria-labelledby="page-children" className={className}>
      <h2 id="page-children">{t('generic.children')}</h2>
      <ul className="page__children">
        {pages.map((child) => (
          <li key={child.route_name}>
            <Link to={pathOf(child, lang, order)}>{child.caption[lang]}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
