// page404: where unknown paths land, in the active language.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';

export default function Page404({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('page404.text')}</p>
      <p>
        <Link to="/">{t('page404.home')}</Link>
      </p>
    </article>
  );
}
