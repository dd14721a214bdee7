// Reads every uploaded workbook off the request thread: a worker thread (./source-thread.ts) runs exceljs with a
// time limit and a memory limit, the request only waits.
import { ApiError } from '../http/api-error.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import type { Lang } from '../../src/domain/language.ts';
import { EXCEL_CELL_LIMIT, type ReadSheet, unpacksWithin } from './excel.ts';
import type { ParsedDataset } from './workbook-dataset.ts';
import { runSourceThread } from './source-thread.ts';
import { FairPool, PoolRefusal, type FairPoolLimits } from './fair-pool.ts';
import { availableParallelism } from 'node:os';
import type { Caller } from '../auth/caller.ts';

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

/**
 * Reads at once: one fewer than the cores, so that the request thread keeps one (at least one read); a few wait,
 * and one caller holds at most two — a caller who floods is refused at its share while others' uploads go in.
 */
const POOL_LIMITS: FairPoolLimits = { running: Math.max(1, availableParallelism() - 1), waiting: 16, perCaller: 2 };
let pool = new FairPool(POOL_LIMITS);

/** Tests set the pool's limits (none running or waiting: every read refused as busy); no argument restores them. */
export function setWorkbookPoolForTests(limits?: FairPoolLimits): void {
  pool = new FairPool(limits ?? POOL_LIMITS);
}

/** Who asks for a read, and in which language refusals answer: the request's context is one. */
export interface WorkbookCaller {
  lang: Lang;
  caller: Caller;
  /** The caller's address: the share of a visitor or a front-end key (a site's key is every visitor's). */
  ip: string;
}

const shareOf = (who: WorkbookCaller) => (who.caller.kind === 'user' ? `user:${who.caller.userId}` : `ip:${who.ip}`);

/** What the worker reads of a workbook: its first sheet's rows, a dataset, or only the filled cells' count. */
export type WorkbookReading = 'sheet' | 'dataset' | 'count';

type WorkerAnswer = { sheet?: ReadSheet; dataset?: ParsedDataset; filledCells?: number; refusal?: Exclude<StatusKey, 'ok'> };

/** The workbook's first sheet's rows (the bundle and layer imports), read in a worker thread. */
export async function readWorkbookSheet(bytes: Buffer, who: WorkbookCaller, cellLimit = EXCEL_CELL_LIMIT): Promise<ReadSheet> {
  return (await inWorker(bytes, who, cellLimit, 'sheet')).sheet!;
}

/** The workbook's first sheet as a dataset, read in a worker thread. */
export async function readWorkbookDataset(bytes: Buffer, who: WorkbookCaller, cellLimit = EXCEL_CELL_LIMIT): Promise<ParsedDataset> {
  return (await inWorker(bytes, who, cellLimit, 'dataset')).dataset!;
}

/** How many filled cells the workbook has (what it costs), counted in a worker thread. */
export async function countWorkbookCells(bytes: Buffer, who: WorkbookCaller, cellLimit = EXCEL_CELL_LIMIT): Promise<number> {
  return (await inWorker(bytes, who, cellLimit, 'count')).filledCells!;
}

async function inWorker(bytes: Buffer, who: WorkbookCaller, cellLimit: number, reading: WorkbookReading): Promise<WorkerAnswer> {
  try {
    return await pool.run(shareOf(who), async () => {
      // Counted before a thread starts (inflating runs on libuv's threads, not this one): a bomb costs no worker.
      if (!(await unpacksWithin(bytes))) throw new ApiError('workbook_too_large_to_read');
      return readInThread(bytes, who.lang, cellLimit, reading);
    });
  } catch (e) {
    if (!(e instanceof PoolRefusal)) throw e;
    throw e.reason === 'busy' ? new ApiError('workbook_reader_busy') : new ApiError('workbook_reads_per_caller', { count: e.share });
  }
}

function readInThread(bytes: Buffer, lang: Lang, cellLimit: number, reading: WorkbookReading): Promise<WorkerAnswer> {
  return runSourceThread<WorkerAnswer, WorkerAnswer>({
    entry: ENTRY,
    workerData: { bytes: new Uint8Array(bytes), cellLimit, lang, reading },
    memoryMb: HEAP_LIMIT_MB,
    timeLimitMs: readLimitMs,
    timedOut: () => new ApiError('workbook_read_timeout', { seconds: Math.max(1, Math.round(readLimitMs / 1000)) }),
    onMessage: (m, end) => end(m.refusal ? { error: new ApiError(m.refusal) } : { value: m }),
    failed: (e) => (e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError('workbook_too_large_to_read') : e),
    exited: () => new Error('the workbook worker stopped without an answer'),
  });
}
