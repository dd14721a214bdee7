// The page of every catalogue entry without a hand-written component: its caption, a website unit's text in
// the active language, and links to the child pages the user may open.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { childPages, pathOf } from '../app/router/catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';

export default function GenericPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const children = childPages(usePages(), page.route_name, useAccess());
  const text = page.content?.kind === 'text' ? page.content.text?.[lang] : undefined;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {text && <p className="page__text">{text}</p>}
      {children.length > 0 && (
        <nav aria-labelledby="page-children">
          <h2 id="page-children">{t('generic.children')}</h2>
          <ul className="page__children">
            {children.map((child) => (
              <li key={child.route_name}>
                <Link to={pathOf(child, lang, order)}>{child.caption[lang]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!text && children.length === 0 && <p className="page__empty">{t('generic.empty')}</p>}
    </article>
  );
}
