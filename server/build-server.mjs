// @ts-check
// The server compiled by esbuild into .sema-build/server/<build>/ (each entry, and a chunk per module imported
// dynamically, with source maps), for `npm start` and `npm run worker` (./launch.mjs), compiled again when any
// of its sources changed. Loading ~270 TypeScript modules through tsx's loader took a second of each start;
// the compiled files take a tenth of that. Packages stay outside the build (node_modules loads as it is); a
// module imported dynamically stays a chunk loaded on first use, with the packages it imports. Each build has a
// folder of its own, kept a day, so a process still running an older build can load its chunks. Plain
// JavaScript on purpose: it runs before anything could compile TypeScript. A worker thread still loads its
// TypeScript entry through tsx.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '..');
export const OUT = join(ROOT, '.sema-build', 'server');
const ENTRIES = { main: 'server/main.ts', worker: 'server/worker.ts' };
/** The current build: its folder's name, when it was compiled, and the sources it was compiled from. */
const CURRENT = join(OUT, 'current.json');
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * The folder of the current build when it exists and no source it was made from changed since (a source gone
 * counts as changed); else undefined.
 */
export function freshBuild() {
  try {
    const { build, built, inputs } = JSON.parse(readFileSync(CURRENT, 'utf8'));
    return inputs.every((/** @type {string} */ file) => statSync(join(ROOT, file)).mtimeMs <= built) ? join(OUT, build) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `import.meta.dirname` and `import.meta.url` as each source file sees them, so paths next to a source (the
 * migrations, the fixtures, a worker thread's entry) stay what they are when it runs from its source.
 * @type {import('esbuild').Plugin}
 */
const keepSourcePaths = {
  name: 'keep-source-paths',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      loader: 'ts',
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
    }));
  },
};

/**
 * Compiles the entries; with `write`, into a new build folder, then names it current (a second start compiling
 * at the same moment makes a folder of its own) and removes the builds older than a day. Answers the build's
 * folder and esbuild's metafile.
 * @param {{ write: boolean }} options
 */
export async function compileServer({ write }) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const name = `${started.toString(36)}-${process.pid}`;
  const folder = join(OUT, name);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    plugins: [keepSourcePaths],
    metafile: true,
    write,
    logLevel: 'warning',
  });
  if (write) {
    const inputs = Object.keys(result.metafile.inputs).map((file) => relative(ROOT, join(ROOT, file)));
    const temporary = `${CURRENT}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ build: name, built: started, inputs }));
    renameSync(temporary, CURRENT);
    for (const other of readdirSync(OUT, { withFileTypes: true }))
      if (other.isDirectory() && other.name !== name && statSync(join(OUT, other.name)).mtimeMs < started - KEEP_MS) rmSync(join(OUT, other.name), { recursive: true, force: true });
  }
  return { folder, metafile: result.metafile };
}
