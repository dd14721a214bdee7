// Analysis datasets (issue 14): a 100,000-cell workbook parsed (in the worker thread) and stored by a project save,
// and the project reopened — its details and columns, then the first page of rows — which the issue wants under a
// second. On the embedded database or DATABASE_URL, through the app's own request handling (no sockets).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import { signInForTest } from '../server/harness.ts';
import { COUNTED_NOT_LIMITED } from './load.ts';

const ROWS = 9_999;
const COLUMNS = 10;
const REOPENS = 5;

/** A header row and 9,999 rows of 10 columns (numbers, a category, dates): 100,000 filled cells. */
async function workbook(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Veri');
  ws.addRow(Array.from({ length: COLUMNS }, (_, c) => `col_${c + 1}`));
  for (let r = 0; r < ROWS; r++)
    ws.addRow(Array.from({ length: COLUMNS }, (_, c) => (c === 1 ? ['A', 'B', 'C'][r % 3] : c === 2 ? new Date(Date.UTC(2020, 0, 1 + (r % 900))) : Math.sin(r * (c + 1)) * 100)));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const ms = (from: number) => performance.now() - from;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function datasets(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-bench-datasets-'));
  const { db } = await prepareDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, adminPassword: 'bench-password-long-enough' });
  const app = await buildApp({ db, monitoring: COUNTED_NOT_LIMITED });
  try {
    const authorization = await signInForTest(db, { username: 'bench.analyst' });
    const [{ tenant_id, user_id }] = await db.query<{ tenant_id: string; user_id: string }>(
      "select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = 'localhost' and u.username = 'bench.analyst'",
    );
    await db.transaction((tx) => grantCredits(tx, tenant_id, user_id, 100, { reason: 'manual_adjustment' }));
    const call = async (path: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `/v1${path}`, headers: { host: 'localhost', authorization }, payload });
      const answer = res.json() as Record<string, unknown>;
      if (answer.status_code !== '10000') throw new Error(`${path}: ${answer.status_code} ${answer.status_message}`);
      return answer;
    };
    const content_base64 = await workbook();
    let start = performance.now();
    const saved = (await call('/wanalyzer/project/save', { project_name: 'Bench', excel_file: { file_name: 'bench.xlsx', content_base64 } })) as { project: { project_id: string } };
    console.log(`Parse + store a 100,000-cell workbook (${ROWS + 1} × ${COLUMNS}): ${ms(start).toFixed(0)} ms`);
    const reopen: number[] = [];
    for (let i = 0; i < REOPENS; i++) {
      start = performance.now();
      await call('/wanalyzer/project/details/columns/wai/get', { project_id: saved.project.project_id });
      await call('/wanalyzer/project/dataset/get', { project_id: saved.project.project_id, page_size: 50 });
      reopen.push(ms(start));
    }
    console.log(`Reopen a 100,000-cell project (details + first 50 rows), median of ${REOPENS}: ${median(reopen).toFixed(0)} ms  [target < 1000 ms]`);
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
