// Small hooks over the store shared by the router, the layout and the pages.
import { useMemo } from 'react';
import type { LanguageLabel } from '../../generated/types/entities';
import { isLoggedIn, useAppStore } from '../store';
import type { AccessContext } from './catalogue';

export const useActiveLabel = (): LanguageLabel => useAppStore((s) => s.language.active.label);

/** The active language first, then the others in the configuration's order. */
export function useLanguageOrder(): LanguageLabel[] {
  const active = useActiveLabel();
  const list = useAppStore((s) => s.language.list);
  return useMemo(() => [active, ...list.map((l) => l.label).filter((l) => l !== active)], [active, list]);
}

export function useAccess(): AccessContext {
  const session = useAppStore((s) => s.session);
  return useMemo(() => ({ loggedIn: isLoggedIn(session), authCodes: session.authCodes }), [session]);
}

export const usePages = () => useAppStore((s) => s.configuration.menuData);
