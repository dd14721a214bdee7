// `npm run bench`: figures on this machine, printed for the issue notes. Not a test: nothing here fails on
// a slow machine, it only measures.
import { join } from 'node:path';
import { build } from 'vite';
import { firstPageJs } from './first-page.ts';
import { apiUnderLoad } from './api.ts';
import { genericRenderer } from './generic.ts';
import { ruleEngine } from './rules.ts';
import { ordersPerSecond } from './orders.ts';
import { designer, designerPreview } from './designer.ts';
import { statisticsEngine } from './statistics.ts';
import { datasets } from './datasets.ts';
import { machineLearning } from './ml.ts';
import { workbookReads } from './workbooks.ts';
import { startUp } from './startup.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function frontEnd() {
  await build({ root: ROOT, logLevel: 'error' });
  const { files, totalGzip } = firstPageJs(join(ROOT, 'dist'));
  console.log(`First page JavaScript (gzip): ${kB(totalGzip)}  [target ≤ 150 kB]`);
  for (const f of files) console.log(`  ${f.file}  ${kB(f.gzip)}`);
}

const only = process.argv[2];
if (!only || only === 'frontend') await frontEnd();
if (!only || only === 'api') await apiUnderLoad();
if (!only || only === 'generic') await genericRenderer();
if (!only || only === 'rules') ruleEngine();
if (!only || only === 'orders') await ordersPerSecond();
if (!only || only === 'designer') {
  designer();
  await designerPreview();
}
if (!only || only === 'statistics') statisticsEngine();
if (!only || only === 'datasets') await datasets();
if (!only || only === 'ml') machineLearning();
if (!only || only === 'workbooks') await workbookReads();
if (!only || only === 'startup') await startUp();
