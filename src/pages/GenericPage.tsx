// The page of every catalogue entry without a hand-written component: its caption, a website unit's text in
// the active language, and links to the child pages the user may open.
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { ChildPagesNav, useChildPages } from './shared/ChildPages';

export default function GenericPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const children = useChildPages(page.route_name);
  const text = page.content?.kind === 'text' ? page.content.text?.[lang] : undefined;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {text && <p className="page__text">{text}</p>}
      <ChildPagesNav pages={children} />
      {!text && children.length === 0 && <p className="page__empty">{t('generic.empty')}</p>}
    </article>
  );
}
