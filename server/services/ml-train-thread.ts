// Training runs in a worker thread, not on the event loop of the process that serves requests and heartbeats its
// processes: a forest on 100,000 cells takes seconds of pure computation. The thread is terminated at once when
// the process is stopped or the time limit passes.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ModelMetrics, TrainedModel, TrainingProblem, TrainingRequest } from '../../src/domain/ml/train.ts';

export type ThreadMessage =
  | { type: 'progress'; share: number }
  | { type: 'done'; model: TrainedModel; metrics: ModelMetrics }
  | { type: 'problem'; problem: TrainingProblem['problem']; count: number }
  | { type: 'error'; message: string };

/** The thread's outcome besides a trained model. */
export class TrainingEnded extends Error {
  constructor(
    readonly outcome: { type: 'problem'; problem: TrainingProblem['problem']; count: number } | { type: 'error'; message: string } | { type: 'time_limit' },
  ) {
    super(outcome.type);
  }
}

/** A training that needs more memory than this ends (its thread only) instead of starving the server. */
const THREAD_MEMORY_MB = 1024;

/**
 * The thread loads the TypeScript sources through tsx's module loader (the app runs from its sources, and a
 * thread does not inherit `--import tsx`), resolved from this file so it works from any working directory.
 */
function threadEntry(): URL {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const body = new URL('./ml-train-worker.ts', import.meta.url).href;
  return new URL(`data:text/javascript,${encodeURIComponent(`const { tsImport } = await import(${JSON.stringify(tsx)}); await tsImport(${JSON.stringify(body)}, import.meta.url);`)}`);
}

export interface ThreadOptions {
  signal: AbortSignal;
  timeLimitMs: number;
  /** Hears the share done (0–1); a rejection (the process was stopped) ends the thread. */
  progress: (share: number) => Promise<void>;
}

/** Trains in a new thread; rejects with TrainingEnded, or with the signal's reason once it aborts. */
export function trainInThread(request: TrainingRequest, options: ThreadOptions): Promise<{ model: TrainedModel; metrics: ModelMetrics }> {
  return new Promise((resolve, reject) => {
    options.signal.throwIfAborted();
    const worker = new Worker(threadEntry(), { workerData: request, resourceLimits: { maxOldGenerationSizeMb: THREAD_MEMORY_MB } });
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => end(() => reject(options.signal.reason));
    const timer = setTimeout(() => end(() => reject(new TrainingEnded({ type: 'time_limit' }))), options.timeLimitMs);
    options.signal.addEventListener('abort', onAbort);
    worker.on('message', (m: ThreadMessage) => {
      if (m.type === 'progress') options.progress(m.share).catch((e) => end(() => reject(options.signal.aborted ? options.signal.reason : e)));
      else if (m.type === 'done') end(() => resolve({ model: m.model, metrics: m.metrics }));
      else end(() => reject(new TrainingEnded(m)));
    });
    worker.on('error', (e) => end(() => reject(new TrainingEnded({ type: 'error', message: e.message }))));
    worker.on('exit', (code) => end(() => reject(new TrainingEnded({ type: 'error', message: `training thread exited (${code})` }))));
  });
}
