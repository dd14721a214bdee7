// Long CPU work off the event loop that serves requests: a worker thread running one of the app's TypeScript
// modules, with a memory cap and a time limit, ended at once (terminated) when its caller has its answer, the
// time passes or the caller stops it. The thread loads the sources through tsx's module loader (the app runs from
// its sources, and a thread does not inherit `--import tsx`), resolved from this file so it works from any
// working directory, under `npm start` and under vitest alike.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;

/** A data: module that imports the TypeScript module `entry` through tsx. */
const bootOf = (entry: URL) =>
  new URL(`data:text/javascript,${encodeURIComponent(`const { tsImport } = await import(${JSON.stringify(TSX)}); await tsImport(${JSON.stringify(entry.href)}, import.meta.url);`)}`);

export interface SourceThread<M, T> {
  /** The module the thread runs (it reads workerData and posts messages). */
  entry: URL;
  workerData: unknown;
  memoryMb: number;
  timeLimitMs: number;
  /** Stops the thread at once: the run rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The rejection when the time limit passes. */
  timedOut: () => unknown;
  /** A message of the thread: settle the run with `end`, or not (progress). */
  onMessage: (message: M, end: (settle: { value: T } | { error: unknown }) => void) => void;
  /** The rejection for an error thrown in the thread (out of memory included). */
  failed: (error: Error & { code?: string }) => unknown;
  /** The rejection when the thread exits without having settled the run. */
  exited: (code: number) => unknown;
}

/** Runs the thread to its answer; whatever settles first wins and the thread is terminated. */
export function runSourceThread<M, T>(run: SourceThread<M, T>): Promise<T> {
  return new Promise((resolve, reject) => {
    run.signal?.throwIfAborted();
    const worker = new Worker(bootOf(run.entry), { workerData: run.workerData, resourceLimits: { maxOldGenerationSizeMb: run.memoryMb } });
    let settled = false;
    const end = (settle: { value: T } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if ('value' in settle) resolve(settle.value);
      else reject(settle.error);
    };
    const onAbort = () => end({ error: run.signal!.reason });
    const timer = setTimeout(() => end({ error: run.timedOut() }), run.timeLimitMs);
    run.signal?.addEventListener('abort', onAbort);
    worker.on('message', (m: M) => run.onMessage(m, end));
    worker.on('error', (e: Error & { code?: string }) => end({ error: run.failed(e) }));
    worker.on('exit', (code) => end({ error: run.exited(code) }));
  });
}
