// jsdom helpers shared by component tests (no app imports, so the setup file stays light).
import type { createBrowserRouter } from 'react-router-dom';

/** jsdom has no layout: the body width the mobile breakpoint reads is set by hand. */
export function setBodyWidth(width: number): void {
  Object.defineProperty(document.body, 'clientWidth', { configurable: true, get: () => width });
}

const routers: ReturnType<typeof createBrowserRouter>[] = [];

/** Routers created in a test, disposed after it (they listen to the window's history). */
export function trackRouter(router: ReturnType<typeof createBrowserRouter>): void {
  routers.push(router);
}

export function disposeRouters(): void {
  while (routers.length) routers.pop()!.dispose();
}
