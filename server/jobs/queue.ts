// The queue behind AppServices.jobs, on pg-boss (docs/decisions.md "Which job queue?"). pg-boss carries
// "process X is waiting" from the transaction that started it to a worker in any process on the same
// database; the process row (./process-store.ts) says whether it may still run, how far it got and its log.
// A worker claims the row, runs the kind, heartbeats the rows it runs, aborts a run stopped from anywhere
// (NOTIFY, or its next progress() call), and sweeps rows whose worker died (stale heartbeat).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/adapter.ts';
import type { JobKind, JobRun, Jobs, LogLevel, StartProcess } from './job-kind.ts';
import type { ProcessInfo } from '../../src/generated/types/entities.ts';
import { bossDb, bossTx } from './pg-boss-db.ts';
import { appendLog, insertProcess, STOP_CHANNEL, processById, processInfoOf, setStatus, type ProcessRow } from './process-store.ts';
import { logLine } from './log-messages.ts';

// biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of every payload type
export type JobKinds = Record<string, JobKind<any>>;

/** One pg-boss queue carries every kind: the process row names the kind, so a worker takes whatever waits. */
const QUEUE = 'sema_process';

export interface QueueOptions {
  db: Db;
  kinds: JobKinds;
  /** Processes this process runs at once; 0 = it only queues (an API-only process, SEMA_WORKERS=0). */
  concurrency?: number;
  /** How often an idle worker asks for work (pg-boss polls; at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often a worker writes the heartbeat of the processes it runs. */
  heartbeatMs?: number;
  /** A running process whose heartbeat is older than this lost its worker (a crash). */
  staleAfterMs?: number;
  /** How often a worker looks for such processes (besides once at its start). */
  sweepEveryMs?: number;
  onError?: (err: unknown) => void;
}

/** The reason a stopped process's signal carries (and its progress() throws). */
class ProcessStopped extends Error {
  constructor() {
    super('The process was stopped.');
  }
}
/** The reason a run's signal carries when its worker shuts down. */
class WorkerShutdown extends Error {
  constructor() {
    super('The worker is shutting down.');
  }
}

/** What /process/start needs beyond Jobs.start: a process queued again. */
export interface ProcessQueue {
  /** Queues a waiting process in `tx` (it runs once `tx` commits). */
  send(tx: Queryable, processId: string): Promise<void>;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)) || 'error';

export class JobQueue implements Jobs, ProcessQueue {
  private readonly boss: PgBoss;
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** The runs of this worker by process id: each claim's own id (the row's worker_id) and its abort. */
  private readonly running = new Map<string, { runId: string; controller: AbortController }>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unlisten?: () => Promise<void>;
  private closed = false;

  private constructor(private readonly options: QueueOptions) {
    this.boss = new PgBoss({
      db: bossDb(options.db),
      migrate: true,
      schedule: false,
      // Expiring and archiving pg-boss's own rows is a worker's chore; an API-only process just sends.
      supervise: (options.concurrency ?? 0) > 0,
    });
    this.boss.on('error', (err) => this.options.onError?.(err));
  }

  /** Installs pg-boss's schema when missing, and starts this process's workers when it has any. */
  static async open(options: QueueOptions): Promise<JobQueue> {
    const queue = new JobQueue(options);
    await queue.boss.start();
    // No retries nor expiry in pg-boss: the process row decides retries; a long run must not be cut at pg-boss's
    // default 15 minutes (its longest is under 24 hours).
    await queue.boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: 23 * 3600 });
    if ((options.concurrency ?? 0) > 0) await queue.startWorkers(options.concurrency ?? 0);
    return queue;
  }

  async start<P>(tx: Queryable, p: StartProcess<P>): Promise<ProcessInfo> {
    if (!this.options.kinds[p.kind]) throw new Error(`No job kind "${p.kind}" is registered (server/jobs/kinds.ts).`);
    const processId = randomUUID();
    await insertProcess(tx, {
      processId,
      tenantId: p.tenantId,
      userId: p.userId,
      frontendKeyName: p.userId ? null : (p.frontendKeyName ?? null),
      projectId: p.projectId ?? null,
      kind: p.kind,
      name: p.processName,
      lang: p.lang,
      payload: p.payload,
    });
    await this.send(tx, processId);
    return processInfoOf((await processById(tx, processId)) as ProcessRow);
  }

  async send(tx: Queryable, processId: string): Promise<void> {
    await this.boss.send(QUEUE, { processId }, { db: bossTx(tx) });
  }

  private async startWorkers(concurrency: number): Promise<void> {
    const { heartbeatMs = 5000, sweepEveryMs = 30_000, pollingIntervalSeconds = 1 } = this.options;
    this.unlisten = await this.options.db.listen(STOP_CHANNEL, (processId) => {
      if (processId === null) void this.heartbeat().catch(this.report);
      else this.running.get(processId)?.controller.abort(new ProcessStopped());
    });
    await this.sweep();
    for (let i = 0; i < concurrency; i++)
      await this.boss.work<{ processId: string }>(QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        const run = this.runProcess(job.data.processId);
        this.inFlight.add(run);
        try {
          await run;
        } finally {
          this.inFlight.delete(run);
        }
      });
    this.timers.push(
      setInterval(() => void this.heartbeat().catch(this.report), heartbeatMs),
      setInterval(() => void this.sweep().catch(this.report), sweepEveryMs),
    );
    for (const t of this.timers) t.unref();
  }

  private readonly report = (err: unknown) => {
    if (!this.closed) this.options.onError?.(err);
  };

  /**
   * Takes a waiting process for a run of this worker; a stopped (or already taken) one is not run. The run's own
   * id guards its later writes: a run stopped and resumed meanwhile (even on this worker) writes nothing.
   */
  private async claim(processId: string, runId: string): Promise<ProcessRow | undefined> {
    const claimed = await this.options.db.query(
      `update process set process_status = 'running', attempt = attempt + 1, started_at = now(), finished_at = null,
              heartbeat_at = now(), worker_id = $2
        where process_id = $1 and process_status = 'waiting' returning 1`,
      [processId, runId],
    );
    return claimed.length ? processById(this.options.db, processId) : undefined;
  }

  private async runProcess(processId: string): Promise<void> {
    const { db, kinds } = this.options;
    const runId = `${this.workerId}/${randomUUID().slice(0, 8)}`;
    const row = await this.claim(processId, runId);
    if (!row) return;
    const kind = kinds[row.process_kind];
    if (!kind) {
      if (await setStatus(db, processId, ['running'], 'failed', { runId })) await appendLog(db, processId, 'error', logLine('unknownKind', row.lang));
      return;
    }
    const controller = new AbortController();
    this.running.set(processId, { runId, controller });
    const stopped = () => {
      controller.abort(new ProcessStopped());
      throw controller.signal.reason;
    };
    const run: JobRun = {
      processId,
      tenantId: row.tenant_id,
      userId: row.user_id,
      lang: row.lang,
      signal: controller.signal,
      db,
      progress: async (percent) => {
        if (controller.signal.aborted) throw controller.signal.reason;
        const still = await db.query(
          `update process set progress_percent = $2, heartbeat_at = now()
            where process_id = $1 and process_status = 'running' and worker_id = $3 returning 1`,
          [processId, Math.max(0, Math.min(100, Math.round(percent))), runId],
        );
        if (!still.length) stopped();
      },
      log: (level: LogLevel, message: string) => appendLog(db, processId, level, message),
    };
    try {
      await appendLog(db, processId, 'info', logLine('started', row.lang, { attempt: row.attempt }));
      await kind.run(row.payload, run);
      // A stopped run's end is not a finish; a run cut by a shutdown is the crash sweep's (heartbeat expired).
      if (controller.signal.aborted) return;
      if (await setStatus(db, processId, ['running'], 'finished', { runId })) await appendLog(db, processId, 'info', logLine('finished', row.lang));
    } catch (e) {
      if (controller.signal.aborted) return;
      const reason = errorText(e);
      const retry = row.attempt <= (kind.retryLimit ?? 0);
      await db.transaction(async (tx) => {
        if (!(await setStatus(tx, processId, ['running'], retry ? 'waiting' : 'failed', { runId }))) return;
        await appendLog(tx, processId, 'error', logLine(retry ? 'failedRetried' : 'failed', row.lang, { reason }));
        if (retry) await this.send(tx, processId);
      });
    } finally {
      // A newer run of the same process (resumed meanwhile) keeps its entry.
      if (this.running.get(processId)?.controller === controller) this.running.delete(processId);
    }
  }

  /** Marks this worker's runs alive; a run whose row is no longer its own (stopped, swept) is aborted. */
  private async heartbeat(): Promise<void> {
    const runs = [...this.running.entries()];
    if (!runs.length) return;
    const alive = await this.options.db.query<{ process_id: string }>(
      `update process set heartbeat_at = now()
        where process_status = 'running' and worker_id = any($1::text[]) returning process_id`,
      [runs.map(([, r]) => r.runId)],
    );
    const kept = new Set(alive.map((r) => r.process_id));
    for (const [id, r] of runs) if (!kept.has(id)) r.controller.abort(new ProcessStopped());
  }

  /**
   * Running processes whose worker stopped writing their heartbeat (it crashed or was shut down): queued again
   * while the kind allows another attempt, otherwise failed. Never left running.
   */
  async sweep(): Promise<void> {
    const { db, kinds, staleAfterMs = 30_000 } = this.options;
    await db.transaction(async (tx) => {
      const stale = await tx.query<{ process_id: string; process_kind: string; attempt: number; lang: 'tr' | 'en' }>(
        `select process_id, process_kind, attempt, lang from process
          where process_status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1))
          for update skip locked`,
        [staleAfterMs / 1000],
      );
      for (const p of stale) {
        const retry = p.attempt <= (kinds[p.process_kind]?.retryLimit ?? 0);
        await setStatus(tx, p.process_id, ['running'], retry ? 'waiting' : 'failed');
        await appendLog(tx, p.process_id, retry ? 'warning' : 'error', logLine(retry ? 'interruptedRetried' : 'interruptedFailed', p.lang));
        if (retry) await this.send(tx, p.process_id);
      }
    });
  }

  /**
   * Stops taking work and aborts this worker's runs. Their rows stay running with an expired heartbeat, so the
   * next sweep (this worker's successor at its start, or another worker) retries or fails them at once.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.unlisten?.();
    await this.boss.stop({ graceful: false, wait: true, close: false });
    const runIds = [...this.running.values()].map((r) => r.runId);
    for (const r of this.running.values()) r.controller.abort(new WorkerShutdown());
    await Promise.allSettled([...this.inFlight]);
    if (runIds.length)
      await this.options.db.query(`update process set heartbeat_at = '-infinity' where process_status = 'running' and worker_id = any($1::text[])`, [runIds]);
  }
}
