// Builds dist/ with Vite when it is missing or older than the front end's sources, so `npm start` on a
// fresh clone needs no separate build step and a stale build is never served.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'public', 'src', 'renderers', 'schemas'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newestMtime(join(path, f))));
}

export async function buildFrontEndIfNeeded(): Promise<void> {
  const built = join(ROOT, 'dist', 'index.html');
  if (!existsSync(join(ROOT, 'index.html'))) return;
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))))) return;
  console.log('  Building the front end (first start or sources changed)…');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn' });
}
