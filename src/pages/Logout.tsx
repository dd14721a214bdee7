// /logout: tells the server (the login's refresh tokens are revoked), forgets the session here (store and
// browser storage), then goes to /login. Also where a …096 answer sends the browser.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logOut } from '../app/session';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { usePagePath } from './shared/hooks';

export default function Logout({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const loginPath = usePagePath('login') ?? '/login';
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut().then(() => navigate(loginPath, { replace: true }));
  }, [loginPath, navigate]);

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p role="status">{t('logout.inProgress')}</p>
    </article>
  );
}
