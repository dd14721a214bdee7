// sanitize-html, loaded on first use: it and its HTML parser took a tenth of a second of every start, and most
// processes (a worker, a test) never sanitize anything. It is CommonJS, so it loads synchronously.
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

let loaded: typeof SanitizeHtml | undefined;

export function sanitizeHtml(html: string, options?: SanitizeHtml.IOptions): string {
  loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return loaded(html, options);
}
