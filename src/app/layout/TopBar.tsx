// The top bar: menu toggle, logo and application name, language and currency switches, the buyer's cart
// link with its count, and the session: the signed-in user's name with a logout link, or a login link.
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrencyType, LanguageLabel } from '../../generated/types/entities';
import { activateLanguage, chooseCurrency } from '../preferences';
import { LOGIN_ROUTE, LOGOUT_PATH, loginRedirect, pageAtPath, pageNamed } from '../router/catalogue';
import { useActiveLabel, usePages } from '../router/hooks';
import { checkoutView } from '../router/registry';
import { useAppStore } from '../store';
import { Icon } from './icons';

// Its own chunk (through the checkout views' chunk); a chunk that fails to load shows no link.
const CartLink = lazy(() => (checkoutView('CartLink')() as Promise<{ default: ComponentType }>).catch(() => ({ default: () => null })));

export function TopBar() {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.configuration.settings);
  const opened = useAppStore((s) => s.layout.sidebar.opened);
  const hidden = useAppStore((s) => s.layout.sidebar.hidden);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  // Signed in once the server has named the session's user (and the session is stored): while the login check
  // runs, a reload would still find no session.
  const loggedIn = useAppStore((s) => Boolean(s.session.token?.access_token && s.session.user));
  const name = settings?.application_name ?? '';

  return (
    <header className="topbar">
      {!hidden && (
        <button type="button" className="topbar__toggle" aria-expanded={opened} aria-controls="sidebar" onClick={() => toggleSidebar()}>
          <Icon name="menu" />
          <span className="visually-hidden">{t('topbar.menu')}</span>
        </button>
      )}
      <Link to="/" className="topbar__brand">
        {settings?.navbar_middle_logo && <img src={settings.navbar_middle_logo} alt="" className="topbar__logo" />}
        <span className="topbar__name">{name}</span>
      </Link>
      <div className="topbar__controls">
        <LanguageSwitch />
        {/* Prices are the shop's: a site without a shop has nothing to show in another currency. */}
        {settings?.shop_function === 1 && <CurrencySwitch />}
        {settings?.shop_function === 1 && loggedIn && (
          <Suspense>
            <CartLink />
          </Suspense>
        )}
        <SessionLinks />
      </div>
    </header>
  );
}

/** The language select of the top bar; frame-mode pages, drawn without it, show it themselves. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const list = useAppStore((s) => s.language.list);
  const active = useAppStore((s) => s.language.active.label);
  const pages = usePages();
  const navigate = useNavigate();
  if (list.length < 2) return null;

  const onChange = (label: LanguageLabel) => {
    if (!activateLanguage(label)) return;
    // Stay on the same page, at its path in the new language (no reload). The address, not useLocation():
    // while a navigation's render is under way the screen still holds the page before it.
    const { pathname, search, hash } = window.location;
    const next = pageAtPath(pages, pathname)?.path[label];
    if (next && next !== pathname) navigate(next + search + hash, { replace: true });
  };

  return (
    <label className="topbar__select">
      <span className="visually-hidden">{t('topbar.language')}</span>
      <select value={active} onChange={(e) => onChange(e.target.value as LanguageLabel)}>
        {list.map((l) => (
          <option key={l.label} value={l.label} lang={l.label}>
            {t(`language.${l.label}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

const CURRENCIES: CurrencyType[] = [0, 1];

function CurrencySwitch() {
  const { t } = useTranslation();
  const type = useAppStore((s) => s.currency.type);
  return (
    <label className="topbar__select">
      <span className="visually-hidden">{t('topbar.currency')}</span>
      <select value={type} onChange={(e) => chooseCurrency(Number(e.target.value) as CurrencyType)}>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {t(`currency.${c}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function SessionLinks() {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.session.user);
  // Signed in once the server has named the session's user (and the session is stored): while the login check
  // runs, a reload would still find no session.
  const loggedIn = useAppStore((s) => Boolean(s.session.token?.access_token && s.session.user));
  const pages = usePages();
  const lang = useActiveLabel();
  const location = useLocation();
  if (!pageNamed(pages, LOGIN_ROUTE)) return null; // no login on this site

  if (!loggedIn) {
    const here = location.pathname + location.search + location.hash;
    const onLoginPage = pageAtPath(pages, location.pathname)?.route_name === LOGIN_ROUTE;
    return (
      <Link className="topbar__session" to={onLoginPage ? here : loginRedirect(pages, lang, here)}>
        <Icon name="login" />
        <span className="topbar__label">{t('topbar.login')}</span>
      </Link>
    );
  }
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.username || '';
  return (
    <div className="topbar__user">
      {name && (
        <span className="topbar__username" title={user?.username}>
          <span className="visually-hidden">{t('topbar.signedInAs')} </span>
          {name}
        </span>
      )}
      <Link className="topbar__session" to={LOGOUT_PATH}>
        <Icon name="logout" />
        <span className="topbar__label">{t('topbar.logout')}</span>
      </Link>
    </div>
  );
}
