// A browser-like scope for the benches that render React views (generic renderer, designer preview): jsdom as
// vitest's jsdom environment installs it, style sheets as empty modules, and a wait for the scheduler's tasks.
import { register } from 'node:module';

/** A browser-like global scope from jsdom (what vitest's jsdom environment does). */
export async function installDom(): Promise<void> {
  const name = 'jsdom';
  const { JSDOM } = (await import(name)) as { JSDOM: new (html: string, options: object) => { window: Window & typeof globalThis } };
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  const overridden = new Set(['Event', 'EventTarget', 'CustomEvent', 'MessageEvent', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage']);
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key.startsWith('_') || key === 'undefined') continue;
    if (!(key in g) || overridden.has(key)) {
      try {
        Object.defineProperty(g, key, { configurable: true, writable: true, value: (window as unknown as Record<string, unknown>)[key] });
      } catch {
        // read-only globals of Node stay as they are
      }
    }
  }
  g.window = window;
  g.document = window.document;
  g.requestAnimationFrame = (cb: (t: number) => void) => setTimeout(() => cb(performance.now()), 0);
  g.cancelAnimationFrame = (id: number) => clearTimeout(id);
}

/** Style sheets the views import are the bundler's business: here they load as empty modules. */
export function ignoreCss(): void {
  const hook = `export async function load(url, context, next) { return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context); }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

/** Lets the scheduler's tasks run until `done` (production React has no act()). */
export async function until(done: () => boolean, limit = 10_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > limit) throw new Error(`bench: the view did not render in time: ${document.body.innerHTML.slice(0, 600)}`);
    await flush();
  }
}
