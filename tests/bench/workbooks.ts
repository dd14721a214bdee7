// Workbook reads under attack (issue 28 §1), over HTTP on the embedded database (or DATABASE_URL):
// - a 1 MB .xlsx whose sheet inflates to 1 GB while its headers claim 1,000 bytes: time to the refusal and the
//   process's growth (target: refused within 1 s, under 100 MB);
// - 40 callers reading workbooks over and over while a trivial call (the start-up configuration) is measured
//   from another process (target: its p99 < 100 ms);
// - one caller flooding with 20 reads at once while a second user uploads a normal workbook now and then
//   (target: every upload of the second user read).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';
import { signInForTest } from '../server/harness.ts';
import { lyingWorkbook } from '../server/support/zip-bomb.ts';
import { COUNTED_NOT_LIMITED, runLoad } from './load.ts';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** A workbook of `rows` × 10 numbers, as an analyst would upload (10,000 rows: 100,000 cells, the limit). */
async function normalWorkbook(rows: number): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(Array.from({ length: 10 }, (_, c) => `column_${c + 1}`));
  for (let r = 0; r < rows; r++) ws.addRow(Array.from({ length: 10 }, (_, c) => r * 10 + c));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** A POST to the site at localhost (fetch may not set Host), answered as parsed JSON. */
function postJson(origin: string, path: string, authorization: string, body: object): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method: 'POST', agent, headers: { host: 'localhost', authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

interface Answer {
  status: string;
  ms: number;
}

export async function workbookReads(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-bench-workbooks-'));
  const { db } = await prepareDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, adminPassword: 'bench-password-long-enough' });
  const app = await buildApp({ db, monitoring: COUNTED_NOT_LIMITED });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const price = async (authorization: string, content_base64: string): Promise<Answer> => {
    const start = performance.now();
    const answer = await postJson(origin, '/v1/excel/calculate_credit', authorization, { excel_file: { file_name: 'data.xlsx', content_base64 } });
    return { status: String(answer.status_code), ms: performance.now() - start };
  };
  const counts = (answers: Answer[]) => {
    const by = new Map<string, number>();
    for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
    return [...by].map(([s, n]) => `${s}: ${n}`).join(', ');
  };
  try {
    const callers = await Promise.all(Array.from({ length: 41 }, (_, i) => signInForTest(db, { username: `bench.reader${i}` })));
    const small = await normalWorkbook(1000);

    // The bomb: what the process grows by is sampled while it is refused.
    const bomb = (await lyingWorkbook(1024 * MB)).toString('base64');
    await price(callers[0], small); // the reader's first start compiles its modules
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampling = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const refused = await price(callers[0], bomb);
    clearInterval(sampling);
    console.log(
      `A ${mb(Buffer.byteLength(bomb, 'base64'))} workbook inflating to 1,024 MB (headers claim 1,000 bytes): ${refused.status} in ${refused.ms.toFixed(0)} ms, the process ${mb(peak - before)} larger at its peak  [target: refused < 1 s, < 100 MB]`,
    );

    // 40 callers reading at once, each again as soon as it has its answer; the configuration measured meanwhile.
    const SECONDS = 10;
    let reading = true;
    const reads: Answer[] = [];
    const readers = callers.slice(0, 40).map(async (authorization) => {
      while (reading) reads.push(await price(authorization, small));
    });
    const trivial = await runLoad({ scenario: 'single', origin, host: 'localhost', method: 'POST', path: '/v1/frontend/get?__lang__v=0', body: '{"domain":"localhost"}', connections: 4, seconds: SECONDS });
    reading = false;
    await Promise.all(readers);
    const done = reads.filter((r) => r.status === '10000').map((r) => r.ms).sort((a, b) => a - b);
    console.log(`40 callers reading 10,000-cell workbooks for ${SECONDS} s: ${counts(reads)}; a read answered in p50 ${done[Math.floor(done.length / 2)]?.toFixed(0)} ms`);
    console.log(`  the configuration meanwhile (4 connections): ${Math.round(trivial.perSecond)} requests/s, p50 ${trivial.p50ms.toFixed(1)} ms, p99 ${trivial.p99ms.toFixed(1)} ms, ${trivial.errors} errors  [target p99 < 100 ms]`);

    // One caller floods; another uploads now and then and is read every time.
    let flooding = true;
    const flood: Answer[] = [];
    const flooders = Array.from({ length: 20 }, async () => {
      while (flooding) flood.push(await price(callers[0], small));
    });
    const second: Answer[] = [];
    for (let i = 0; i < 10; i++) second.push(await price(callers[40], small));
    flooding = false;
    await Promise.all(flooders);
    const worst = Math.max(...second.map((a) => a.ms));
    console.log(`One caller flooding with 20 reads at once: ${counts(flood)}; a second user's 10 uploads meanwhile: ${counts(second)}, the slowest in ${worst.toFixed(0)} ms  [target: all 10000]`);
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
