// The workbook worker thread's entry (started by workbook-reader.ts): reads one workbook — its first sheet's rows,
// a dataset, or only its filled cells' count (a price) — and posts it back, or the refusal's catalogue key.
// Parsing a 10 MB workbook takes seconds of CPU; here it never holds up the request thread.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../http/api-error.ts';
import { datasetOfWorkbook } from './workbook-dataset.ts';
import { readFirstSheet } from './excel.ts';
import type { WorkbookReading } from './workbook-reader.ts';

const { bytes, cellLimit, lang, reading } = workerData as { bytes: Uint8Array; cellLimit: number; lang: 'tr' | 'en'; reading: WorkbookReading };

async function answer(workbook: Buffer): Promise<object> {
  if (reading === 'dataset') return { dataset: await datasetOfWorkbook(workbook, cellLimit, lang) };
  const { sheet, filledCells } = await readFirstSheet(workbook, cellLimit);
  return reading === 'sheet' ? { sheet } : { filledCells };
}

try {
  parentPort!.postMessage(await answer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
} catch (e) {
  parentPort!.postMessage({ refusal: e instanceof ApiError ? e.key : 'invalid_file_type' });
}
