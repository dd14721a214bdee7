// The workbook worker thread's entry (started by workbook-reader.ts): reads one workbook into a dataset (or only
// counts its filled cells, for a price) and posts it back, or the refusal's catalogue key. Parsing a 10 MB workbook takes seconds of CPU; here it never holds up
// the request thread.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../http/api-error.ts';
import { datasetOfWorkbook } from './workbook-dataset.ts';
import { readFirstSheet } from './excel.ts';

const { bytes, cellLimit, lang, countOnly } = workerData as { bytes: Uint8Array; cellLimit: number; lang: 'tr' | 'en'; countOnly: boolean };

try {
  const workbook = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  parentPort!.postMessage(countOnly ? { filledCells: (await readFirstSheet(workbook, cellLimit)).filledCells } : { dataset: await datasetOfWorkbook(workbook, cellLimit, lang) });
} catch (e) {
  parentPort!.postMessage({ refusal: e instanceof ApiError ? e.key : 'invalid_file_type' });
}
