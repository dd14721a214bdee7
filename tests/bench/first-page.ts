// The JavaScript a visitor downloads before the first page shows: index.html's entry scripts and the
// chunks it preloads (lazy page chunks excluded), gzip-compressed as served.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function firstPageJs(distDir: string): { files: { file: string; gzip: number }[]; totalGzip: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(srcs)].map((src) => ({ file: src, gzip: gzipSync(readFileSync(join(distDir, src.replace(/^\//, '')))).length }));
  return { files, totalGzip: files.reduce((s, f) => s + f.gzip, 0) };
}
