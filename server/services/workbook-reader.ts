// Reads an uploaded workbook into a dataset off the request thread: a worker thread (./source-thread.ts) runs
// exceljs with a time limit and a memory limit, the request only waits.
import { ApiError } from '../http/api-error.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import type { Lang } from '../../src/domain/language.ts';
import { EXCEL_CELL_LIMIT } from './excel.ts';
import type { ParsedDataset } from './workbook-dataset.ts';
import { runSourceThread } from './source-thread.ts';

/** How long a workbook may take to read before it is refused. */
const READ_LIMIT_MS = 20_000;
/** The worker's heap: a 100,000-cell workbook needs far less; a hostile one stops here instead of the server. */
const HEAP_LIMIT_MB = 512;

let readLimitMs = READ_LIMIT_MS;

/** Tests shorten the time limit to see a slow workbook refused; no argument restores it. */
export function setWorkbookReadLimitForTests(ms?: number): void {
  readLimitMs = ms ?? READ_LIMIT_MS;
}

const ENTRY = new URL('./workbook-worker.ts', import.meta.url);

type WorkerAnswer = { dataset?: ParsedDataset; filledCells?: number; refusal?: Exclude<StatusKey, 'ok'> };

/** The workbook's first sheet as a dataset, read in a worker thread. */
export async function readWorkbookDataset(bytes: Buffer, lang: Lang, cellLimit = EXCEL_CELL_LIMIT): Promise<ParsedDataset> {
  return (await inWorker(bytes, lang, cellLimit, false)).dataset!;
}

/** How many filled cells the workbook has (what it costs), counted in a worker thread. */
export async function countWorkbookCells(bytes: Buffer, lang: Lang, cellLimit = EXCEL_CELL_LIMIT): Promise<number> {
  return (await inWorker(bytes, lang, cellLimit, true)).filledCells!;
}

function inWorker(bytes: Buffer, lang: Lang, cellLimit: number, countOnly: boolean): Promise<WorkerAnswer> {
  return runSourceThread<WorkerAnswer, WorkerAnswer>({
    entry: ENTRY,
    workerData: { bytes: new Uint8Array(bytes), cellLimit, lang, countOnly },
    memoryMb: HEAP_LIMIT_MB,
    timeLimitMs: readLimitMs,
    timedOut: () => new ApiError('workbook_read_timeout', { seconds: Math.max(1, Math.round(readLimitMs / 1000)) }),
    onMessage: (m, end) => end(m.refusal ? { error: new ApiError(m.refusal) } : { value: m }),
    failed: (e) => (e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError('workbook_too_large_to_read') : e),
    exited: () => new Error('the workbook worker stopped without an answer'),
  });
}
