// `npm run bench`: figures on this machine, printed for the issue notes. Not a test: nothing here fails on
// a slow machine, it only measures.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { build } from 'vite';
import { firstPageJs } from './first-page.ts';
import { runLoad } from './load.ts';
import { genericRenderer } from './generic.ts';
import { ruleEngine } from './rules.ts';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function frontEnd() {
  await build({ root: ROOT, logLevel: 'error' });
  const { files, totalGzip } = firstPageJs(join(ROOT, 'dist'));
  console.log(`First page JavaScript (gzip): ${kB(totalGzip)}  [target ≤ 150 kB]`);
  for (const f of files) console.log(`  ${f.file}  ${kB(f.gzip)}`);
}

async function api() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-bench-'));
  const { db } = await prepareDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, adminPassword: 'bench-password' });
  const app = await buildApp({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}/v1/frontend/get?__lang__v=0`;
  await runLoad({ url, host: 'localhost', method: 'POST', body: '{"domain":"localhost"}', connections: 8, seconds: 1 }); // warm-up
  const r = await runLoad({ url, host: 'localhost', method: 'POST', body: '{"domain":"localhost"}', connections: 16, seconds: 8 });
  console.log(
    `API /v1/frontend/get (configuration fetch, ${db.kind}): ${Math.round(r.perSecond)} requests/s, p50 ${r.p50ms.toFixed(1)} ms, p99 ${r.p99ms.toFixed(1)} ms, ${r.errors} errors (16 connections, 8 s)`,
  );
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const only = process.argv[2];
if (!only || only === 'frontend') await frontEnd();
if (!only || only === 'api') await api();
if (!only || only === 'generic') await genericRenderer();
if (!only || only === 'rules') ruleEngine();
