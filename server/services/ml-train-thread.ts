// Training runs in a worker thread (./source-thread.ts), not on the event loop of the process that serves
// requests and heartbeats its processes: a forest on 100,000 cells takes seconds of pure computation. The thread
// is terminated at once when the process is stopped or the time limit passes.
import type { ModelMetrics, TrainedModel, TrainingProblem, TrainingRequest } from '../../src/domain/ml/train.ts';
import { runSourceThread } from './source-thread.ts';

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

const ENTRY = new URL('./ml-train-worker.ts', import.meta.url);

export interface ThreadOptions {
  signal: AbortSignal;
  timeLimitMs: number;
  /** Hears the share done (0–1); a rejection (the process was stopped) ends the thread. */
  progress: (share: number) => Promise<void>;
}

/** Trains in a new thread; rejects with TrainingEnded, or with the signal's reason once it aborts. */
export function trainInThread(request: TrainingRequest, options: ThreadOptions): Promise<{ model: TrainedModel; metrics: ModelMetrics }> {
  return runSourceThread<ThreadMessage, { model: TrainedModel; metrics: ModelMetrics }>({
    entry: ENTRY,
    workerData: request,
    memoryMb: THREAD_MEMORY_MB,
    timeLimitMs: options.timeLimitMs,
    signal: options.signal,
    timedOut: () => new TrainingEnded({ type: 'time_limit' }),
    onMessage: (m, end) => {
      if (m.type === 'progress') options.progress(m.share).catch((e) => end({ error: options.signal.aborted ? options.signal.reason : e }));
      else if (m.type === 'done') end({ value: { model: m.model, metrics: m.metrics } });
      else end({ error: new TrainingEnded(m) });
    },
    failed: (e) => new TrainingEnded({ type: 'error', message: e.message }),
    exited: (code) => new TrainingEnded({ type: 'error', message: `training thread exited (${code})` }),
  });
}
