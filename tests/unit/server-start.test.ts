// What the server loads before it listens (issue 28 §6): `npm start` runs the compiled server
// (server/build-server.mjs), and everything its entry reaches through static imports loads before the
// database opens. A package that only some calls need (spreadsheets, statistics, machine learning, the S3
// client, mail over SMTP, HTML sanitizing, upload checks, tracing, the front-end build) must be reached only
// through a dynamic import, or a start pays for it whether it is used or not.
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { compileServer } from '../../server/build-server.mjs';

const LOADED_ON_FIRST_USE = [
  'exceljs',
  'unzipper',
  'jstat',
  'ml-matrix',
  '@aws-sdk/client-s3',
  'nodemailer',
  'sanitize-html',
  'file-type',
  '@opentelemetry/sdk-trace-node',
  'vite',
];

/**
 * The packages an entry loads as it starts (a package's name, without its subpath): those imported statically
 * by the sources it reaches through static imports. A source imported dynamically is a chunk of its own, loaded
 * with its packages on first use.
 */
function staticPackages(metafile: Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of metafile.inputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement' && i.kind !== 'require-call') continue;
      if (!i.external) visit(i.path);
      else packages.add(i.path.startsWith('@') ? i.path.split('/').slice(0, 2).join('/') : i.path.split('/')[0]);
    }
  };
  visit(entry);
  return packages;
}

describe('the compiled server', () => {
  it('loads no package that only some calls need before it listens', async () => {
    const { metafile } = await compileServer({ write: false });
    const loaded = staticPackages(metafile, 'server/main.ts');
    // The start's own packages are reached (the walk sees the app's graph).
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('pg-boss');
    expect(LOADED_ON_FIRST_USE.filter((p) => loaded.has(p))).toEqual([]);
  });
});
