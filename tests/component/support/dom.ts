// jsdom helpers shared by component tests (no app imports, so the setup file stays light).
import type { createBrowserRouter } from 'react-router-dom';

/** jsdom has no layout: the body width the mobile breakpoint reads is set by hand. */
export function setBodyWidth(width: number): void {
  Object.defineProperty(document.body, 'clientWidth', { configurable: true, get: () => width });
}

/**
 * The search landmark named `name` (a shown <search> element). Testing Library's roles come from aria-query
 * 5.3, which does not know the element yet, so getByRole('search') cannot find it; browsers and axe do.
 */
export function getSearch(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('search')].filter((e) => !e.closest('[hidden]') && e.getAttribute('aria-label') === name);
  if (found.length !== 1) throw new Error(`expected one shown <search> named "${name}", found ${found.length}`);
  return found[0];
}

const routers: ReturnType<typeof createBrowserRouter>[] = [];

/** Routers created in a test, disposed after it (they listen to the window's history). */
export function trackRouter(router: ReturnType<typeof createBrowserRouter>): void {
  routers.push(router);
}

export function disposeRouters(): void {
  while (routers.length) routers.pop()!.dispose();
}

/** Captures downloads: the Blob handed to URL.createObjectURL and the file name of the link clicked. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      last = blob;
      return 'blob:sema-test';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}
