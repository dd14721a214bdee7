// What long work looks like to the code that does it. A job kind is registered once (server/jobs/kinds.ts);
// a handler starts a process of that kind with `services.jobs.start(...)` inside its transaction and answers
// at once with the process (/process/* shows its progress and log). The work then runs on a worker — in this
// process or another one on the same database — never in the request.
import type { Db, Queryable } from '../db/adapter.ts';
import type { Lang } from '../http/api-error.ts';
import type { ProcessInfo } from '../../src/generated/types/entities.ts';

export type LogLevel = 'info' | 'warning' | 'error';

/** What a running job can do besides its own work. */
export interface JobRun {
  readonly processId: string;
  readonly tenantId: string;
  /** Who started it (absent when a front-end key did). */
  readonly userId: string | null;
  /** The starter's language, for the log lines and names the job writes. */
  readonly lang: Lang;
  /** Aborted when the process is stopped (/process/stop, from any process) or the worker shuts down. */
  readonly signal: AbortSignal;
  /** The database, for the job's own transactions. */
  readonly db: Db;
  /** Records the progress (0–100); throws the abort reason once the process was stopped. */
  progress(percent: number): Promise<void>;
  /** Appends a line to the process log (shown on the process page, in the starter's language). */
  log(level: LogLevel, message: string): Promise<void>;
}

export interface JobKind<P = unknown> {
  /** Stable name of the kind (stored with each process). */
  readonly kind: string;
  /** Attempts after a failure or a crash before the process is marked failed (default 0: no retry). */
  readonly retryLimit?: number;
  /**
   * Does the work. Resolves when done; throws to fail (the message goes to the log). Must return promptly
   * after `run.signal` aborts, leaving nothing half-written (write in transactions).
   */
  run(payload: P, run: JobRun): Promise<void>;
}

export interface StartProcess<P = unknown> {
  kind: string;
  tenantId: string;
  userId: string | null;
  /** The front-end key's name when a key started it (its owner then sees it through the same key). */
  frontendKeyName?: string | null;
  lang: Lang;
  /** Shown in lists, in the starter's language, e.g. "Update of the layer Countries from countries.xlsx". */
  processName: string;
  payload: P;
  projectId?: string | null;
}

/** The queue as handlers see it (AppServices.jobs). */
export interface Jobs {
  /** Records a waiting process in `tx` (with the caller's other writes) and queues it once `tx` commits. */
  start<P>(tx: Queryable, process: StartProcess<P>): Promise<ProcessInfo>;
}
