// Small hooks shared by the account pages.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LanguageLabel } from '../../generated/types/entities';
import { holdsAuth, pageAtPath, pageNamed, pathOf } from '../../app/router/catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../../app/router/hooks';
import { activateLanguage } from '../../app/preferences';
import { useAppStore } from '../../app/store';

/** The path of a catalogue page in the active language, or null when this site has no such page. */
export function usePagePath(routeName: string): string | null {
  const pages = usePages();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const page = pageNamed(pages, routeName);
  return page ? pathOf(page, lang, order) : null;
}

/** The path of a catalogue page the viewer may open (holds one of its auth codes), else null: a link they could not follow is not offered. */
export function useAllowedPagePath(routeName: string): string | null {
  const access = useAccess();
  const page = pageNamed(usePages(), routeName);
  const path = usePagePath(routeName);
  return page && holdsAuth(page, access) ? path : null;
}

/** The signed-in user's username (or '' when signed out). */
export const useUsername = (): string => useAppStore((s) => s.session.user?.username ?? '');

/** Switches the language and keeps the page, at its path in the new language (as the top bar does). */
export function useSwitchLanguage(): (label: LanguageLabel) => void {
  const pages = usePages();
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (label: LanguageLabel) => {
      if (!activateLanguage(label)) return;
      const next = pageAtPath(pages, location.pathname)?.path[label];
      if (next && next !== location.pathname) navigate(next + location.search + location.hash, { replace: true });
    },
    [pages, location, navigate],
  );
}
