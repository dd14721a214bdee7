// Leaving a hand-written editor with unsaved changes asks first (the rule canvas, the data-model designer): a
// move to another page or another document is blocked until confirmed, and closing or reloading the tab gets
// the browser's own question. Switching the language keeps the page: it is not leaving.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { pageAtPath } from '../router/catalogue';
import { usePages } from '../router/hooks';

/** The router's blocker: `state === 'blocked'` while a confirmation is due (`proceed` / `reset`). */
export function useUnsavedGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const pages = usePages();
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) => {
      const pageOf = (pathname: string) => pageAtPath(pagesRef.current, pathname)?.route_name ?? pathname;
      return dirtyRef.current && (pageOf(currentLocation.pathname) !== pageOf(nextLocation.pathname) || currentLocation.search !== nextLocation.search);
    }, []),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}
