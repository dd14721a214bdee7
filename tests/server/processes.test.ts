// Background processes (issue 13) on PGlite and PostgreSQL: a process is queued in its starter's transaction
// (rolled back = nothing queued), runs on a pg-boss worker with progress and a log, stops for real when stopped
// (the kind sees the abort and writes nothing more), resumes, survives a worker restart (retried or failed,
// never left running), and /process/* shows each caller only their own (admin: the site's).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  processInfo,
  processInfoDeleteLog,
  processInfoLogActiveProcessIdDetails,
  processStart,
  processStop,
} from '../../src/generated/client/index.ts';
import type { JobKind, StartProcess } from '../../server/jobs/job-kind.ts';
import { JobQueue, type JobKinds } from '../../server/jobs/queue.ts';
import { appendLog, LOG_LINES_KEPT } from '../../server/jobs/process-store.ts';
import { databaseKinds, frontendKeyForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** What the test kinds saw, by process id. */
const seen = { aborted: new Set<string>(), ended: new Set<string>(), attempts: new Map<string, number>() };

/**
 * Counts to `steps`, writing a row per step after reporting progress (so a stopped run's later writes show), a
 * step every `stepMs` (the work it stands for). Notes when its run is over, however it ends.
 */
const counting: JobKind<{ steps: number; stepMs: number }> = {
  kind: 'counting',
  async run({ steps, stepMs }, run) {
    run.signal.addEventListener('abort', () => seen.aborted.add(run.processId));
    try {
      for (let i = 1; i <= steps; i++) {
        await run.progress((i * 100) / steps);
        await run.db.query('insert into test_job_write (process_id, step) values ($1, $2)', [run.processId, i]);
        await run.log('info', `step ${i}`);
        await sleep(stepMs);
      }
    } finally {
      seen.ended.add(run.processId);
    }
  },
};

/** Hangs on its first attempt until its worker goes; finishes on the next (retryLimit 1). */
const restartable: JobKind = {
  kind: 'restartable',
  retryLimit: 1,
  async run(_payload, run) {
    const attempt = (seen.attempts.get(run.processId) ?? 0) + 1;
    seen.attempts.set(run.processId, attempt);
    await run.progress(10);
    if (attempt === 1) await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
    else await run.progress(100);
  },
};

/** Fails on its first attempt (retried once), then finishes; `always` fails every time. */
const flaky: JobKind<{ always?: boolean }> = {
  kind: 'flaky',
  retryLimit: 1,
  async run({ always }, run) {
    const attempt = (seen.attempts.get(run.processId) ?? 0) + 1;
    seen.attempts.set(run.processId, attempt);
    if (always || attempt === 1) throw new Error(`broke on attempt ${attempt}`);
  },
};

const noRetry: JobKind = { kind: 'no_retry', run: async () => undefined };

/** Steps of a run that is stopped before its end (at 50 ms a step it would run for hours). */
const LONG = 100_000;

const kinds: JobKinds = { counting, restartable, flaky, no_retry: noRetry };
const TIMINGS = { pollingIntervalSeconds: 0.5, heartbeatMs: 200, staleAfterMs: 2000, sweepEveryMs: 60_000 };

describe.each(databaseKinds('depends-on-database'))('background processes on %s', (kind) => {
  let t: TestApp;
  let tenantId: string;
  let owner: Actor;
  let other: Actor;
  let admin: Actor;
  let fkey: string;
  /** Queues processes (no worker of its own); workers are opened per test. */
  let queue: JobQueue;
  const workers: JobQueue[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { jobKinds: kinds });
    await t.db.exec('create table test_job_write (process_id uuid not null, step integer not null)');
    tenantId = await tenantIdOf(t.db);
    owner = await actor(t, 'proc.owner');
    other = await actor(t, 'proc.other');
    admin = await actor(t, 'proc.admin', { authCodes: ['admin'] });
    fkey = await frontendKeyForTest(t.db);
    queue = await JobQueue.open({ db: t.db, kinds });
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  const openWorker = async () => {
    const w = await JobQueue.open({ db: t.db, kinds, concurrency: 2, ...TIMINGS });
    workers.push(w);
    return w;
  };

  const start = (p: Partial<StartProcess> & { kind: string; payload?: unknown }, by: Actor | null = owner) =>
    t.db.transaction((tx) =>
      queue.start(tx, { tenantId, userId: by?.userId ?? null, frontendKeyName: by ? null : 'test', lang: 'en', processName: `${p.kind} run`, payload: {}, ...p }),
    );

  const row = async (id: string) =>
    (await t.db.query<{ process_status: string; progress_percent: number; attempt: number }>('select process_status, progress_percent, attempt from process where process_id = $1', [id]))[0];
  const statusIs = (id: string, status: string) => until(`process ${status}`, async () => (await row(id)).process_status === status);
  const writes = async (id: string) => (await t.db.query<{ n: number }>('select count(*)::int as n from test_job_write where process_id = $1', [id]))[0].n;
  const logOf = async (id: string) => (await t.db.query<{ message: string }>('select message from process_log where process_id = $1 order by log_id', [id])).map((r) => r.message);
  const queued = async () => (await t.db.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'sema_process'"))[0].n;

  it('queues a process with its starter’s transaction: rolled back, nothing is recorded or queued', async () => {
    const before = await queued();
    await expect(
      t.db.transaction(async (tx) => {
        await queue.start(tx, { kind: 'counting', tenantId, userId: owner.userId, lang: 'en', processName: 'never', payload: { steps: 1, stepMs: 0 } });
        throw new Error('the handler failed');
      }),
    ).rejects.toThrow('the handler failed');
    expect(await queued()).toBe(before);
    expect(await t.db.query("select 1 from process where process_name = 'never'")).toHaveLength(0);

    const started = await start({ kind: 'counting', payload: { steps: 3, stepMs: 0 } });
    expect(started).toMatchObject({ process_status: 'waiting', process_kind: 'counting', progress_percent: 0, started_by: 'proc.owner' });
    expect(await queued()).toBe(before + 1);
  });

  it('runs a process on a worker to the end, with its progress and log (oldest first) in the details', async () => {
    const p = await start({ kind: 'counting', payload: { steps: 4, stepMs: 20 } });
    await openWorker();
    await statusIs(p.process_id, 'finished');
    expect(await writes(p.process_id)).toBe(4);
    owner.use();
    const details = await processInfoLogActiveProcessIdDetails({ process_id: p.process_id });
    expect(details.status_code, details.status_message).toBe('10000');
    expect(details.process_info).toMatchObject({ process_status: 'finished', progress_percent: 100 });
    expect(details.process_info.started_at && details.process_info.finished_at).toBeTruthy();
    expect(details.process_info.log_list?.map((l) => l.message)).toEqual(['Started (attempt 1).', 'step 1', 'step 2', 'step 3', 'step 4', 'Finished.']);
  });

  it('keeps the last 1000 log lines of a process', async () => {
    const p = await start({ kind: 'no_retry' });
    for (let i = 1; i <= LOG_LINES_KEPT + 3; i++) await appendLog(t.db, p.process_id, 'info', `line ${i}`);
    owner.use();
    const log = (await processInfoLogActiveProcessIdDetails({ process_id: p.process_id })).process_info.log_list ?? [];
    expect(log).toHaveLength(LOG_LINES_KEPT);
    expect(log[0].message).toBe('line 4');
    expect(log.at(-1)?.message).toBe(`line ${LOG_LINES_KEPT + 3}`);
  });

  it('stops a running process for real: the kind sees the abort, writes nothing more, and the row stays stopped', async () => {
    const p = await start({ kind: 'counting', payload: { steps: LONG, stepMs: 50 } });
    await openWorker();
    await until('a few steps', async () => (await writes(p.process_id)) >= 2);
    owner.use();
    const stopped = await processStop({ process_id: p.process_id });
    expect(stopped.status_code, stopped.status_message).toBe('10000');
    expect(stopped.process_info.process_status).toBe('stopped');
    await until('the abort', async () => seen.aborted.has(p.process_id));
    const n = await writes(p.process_id);
    // The kind's run is over: nothing of it can write any more.
    await until('the end of its run', async () => seen.ended.has(p.process_id));
    const settled = await writes(p.process_id);
    expect(settled).toBeLessThanOrEqual(n + 1); // at most the step under way when told
    expect(settled).toBeLessThan(LONG);
    expect((await row(p.process_id)).process_status).toBe('stopped');
    expect(await logOf(p.process_id)).toContain('Stopped by proc.owner.');

    // Resumed: queued again with its payload, runs to the end; the log continues.
    const resumed = await processStart({ process_id: p.process_id });
    expect(resumed).toMatchObject({ status_code: '10000', process_info: { process_status: 'waiting', progress_percent: 0 } });
    await statusIs(p.process_id, 'running');
    await processStop({ process_id: p.process_id });
    const log = await logOf(p.process_id);
    expect(log).toContain('Started again by proc.owner.');
    expect(log.filter((l) => l.startsWith('Started (attempt'))).toHaveLength(2);
  });

  it('never starts a process stopped while waiting; resumes it to the end', async () => {
    const p = await start({ kind: 'counting', payload: { steps: 2, stepMs: 0 } });
    owner.use();
    expect((await processStop({ process_id: p.process_id })).process_info.process_status).toBe('stopped');
    await openWorker();
    // The worker has taken its job and let it go (pg-boss: completed) without running it.
    await until('the worker to take its job', async () => {
      const [job] = await t.db.query<{ state: string }>("select state from pgboss.job where name = 'sema_process' and data->>'processId' = $1", [p.process_id]);
      return job?.state === 'completed';
    });
    expect(await row(p.process_id)).toMatchObject({ process_status: 'stopped', attempt: 0 });
    expect(await writes(p.process_id)).toBe(0);
    expect((await processStart({ process_id: p.process_id })).status_code).toBe('10000');
    await statusIs(p.process_id, 'finished');
    expect(await writes(p.process_id)).toBe(2);
    // A finished one can neither be stopped nor started again.
    expect((await processStop({ process_id: p.process_id })).status_code).toBe('13102');
    expect((await processStart({ process_id: p.process_id })).status_code).toBe('13101');
  });

  it('retries a failing kind up to its retry limit, then marks it failed with the reason in the log', async () => {
    const once = await start({ kind: 'flaky', payload: {} });
    const always = await start({ kind: 'flaky', payload: { always: true } });
    await openWorker();
    await statusIs(once.process_id, 'finished');
    await statusIs(always.process_id, 'failed');
    expect(await logOf(once.process_id)).toContain('Failed, retried: broke on attempt 1');
    expect((await logOf(always.process_id)).at(-1)).toBe('Failed: broke on attempt 2');
  });

  it('survives a worker restart: the process a torn-down worker ran is retried by the next worker and finishes', async () => {
    const p = await start({ kind: 'restartable' });
    const first = await openWorker();
    await statusIs(p.process_id, 'running');
    await until('its first progress', async () => (await row(p.process_id)).progress_percent === 10);
    await first.close();
    expect((await row(p.process_id)).process_status).toBe('running'); // the successor decides
    await openWorker();
    await statusIs(p.process_id, 'finished');
    expect(await row(p.process_id)).toMatchObject({ attempt: 2, progress_percent: 100 });
    expect(await logOf(p.process_id)).toContain('Interrupted by a restart, retried.');
  });

  it('marks failed a running process whose worker died without a word once its heartbeat is stale, when no retry is left', async () => {
    const p = await start({ kind: 'no_retry' });
    // As a worker that claimed it and then crashed would have left it.
    await t.db.query("update process set process_status = 'running', attempt = 1, worker_id = 'gone', heartbeat_at = now() - interval '1 hour' where process_id = $1", [
      p.process_id,
    ]);
    const fresh = await start({ kind: 'no_retry' });
    await t.db.query("update process set process_status = 'running', attempt = 1, worker_id = 'alive', heartbeat_at = now() where process_id = $1", [fresh.process_id]);
    await queue.sweep();
    expect((await row(p.process_id)).process_status).toBe('failed');
    expect(await logOf(p.process_id)).toEqual(['Interrupted by a restart; no attempts left, so it failed.']);
    expect((await row(fresh.process_id)).process_status).toBe('running'); // its worker is alive
    await t.db.query("update process set process_status = 'failed' where process_id = $1", [fresh.process_id]);
  });

  it('shows owners their own, admin the site’s, a front-end key what it started; others get 10016', async () => {
    const mine = await start({ kind: 'no_retry', processName: 'Owner’s import' });
    const keys = await start({ kind: 'no_retry', processName: 'Key’s import' }, null);
    const ids = (r: { process_info_list: { process_id: string }[] }) => r.process_info_list.map((p) => p.process_id);

    owner.use();
    const own = await processInfo({ page_size: 100 });
    expect(ids(own)).toContain(mine.process_id);
    expect(ids(own)).not.toContain(keys.process_id);

    other.use();
    expect(ids(await processInfo({ page_size: 100 }))).toEqual([]);
    for (const res of [
      await processInfoLogActiveProcessIdDetails({ process_id: mine.process_id }),
      await processStop({ process_id: mine.process_id }),
      await processStart({ process_id: mine.process_id }),
      await processInfoDeleteLog({ process_id: mine.process_id }),
    ])
      expect(res.status_code).toBe('10016');
    expect((await row(mine.process_id)).process_status).toBe('waiting');

    admin.use();
    const all = ids(await processInfo({ page_size: 100 }));
    expect(all).toEqual(expect.arrayContaining([mine.process_id, keys.process_id]));
    expect((await processInfoLogActiveProcessIdDetails({ process_id: keys.process_id })).process_info.started_by).toBe('test');

    t.as({ authorization: fkey });
    expect(ids(await processInfo({ page_size: 100 }))).toEqual([keys.process_id]);
    expect((await processInfoLogActiveProcessIdDetails({ process_id: mine.process_id })).status_code).toBe('10016');
    expect((await processStop({ process_id: keys.process_id })).process_info.process_status).toBe('stopped');

    // Anonymous callers are asked to sign in; the refusal is in the caller's language.
    t.as({ query: { __lang__v: 0 } });
    const anonymous = await processInfo({});
    expect(anonymous.status_code).not.toBe('10000');
    other.use({ lang: 0 });
    expect((await processStop({ process_id: mine.process_id })).status_message).toMatch(/Bu sitede/);
  });

  it('deletes a log only when the process is not running', async () => {
    const p = await start({ kind: 'counting', payload: { steps: LONG, stepMs: 50 } });
    await openWorker();
    await statusIs(p.process_id, 'running');
    owner.use();
    const refused = await processInfoDeleteLog({ process_id: p.process_id });
    expect(refused.status_code).toBe('13100');
    expect(refused.status_message).toMatch(/running/);
    await processStop({ process_id: p.process_id });
    // Its run is over, the step it was in with it: the log has its last line.
    await until('the end of its run', async () => seen.ended.has(p.process_id));
    const lines = (await logOf(p.process_id)).length;
    const deleted = await processInfoDeleteLog({ process_id: p.process_id });
    expect(deleted).toMatchObject({ status_code: '10000', process_id: p.process_id, deleted_count: lines });
    expect(await logOf(p.process_id)).toEqual([]);
  });

  it('lists with a status filter, a search, a sort and server paging', async () => {
    const lister = await actor(t, 'proc.lister');
    for (const name of ['Beta', 'Alpha', 'Delta', 'Gamma', 'Epsilon'])
      await start({ kind: 'no_retry', processName: `Import ${name}` }, lister);
    lister.use();
    const page = await processInfo({ sort: 'process_name', page: 2, page_size: 2 });
    expect(page).toMatchObject({ status_code: '10000', total: 5, page: 2, page_size: 2 });
    expect(page.process_info_list.map((p) => p.process_name)).toEqual(['Import Delta', 'Import Epsilon']);
    expect(page.process_info_list[0].log_list).toBeUndefined();
    const last = await processInfo({ sort: '-process_name', page: 3, page_size: 2 });
    expect(last.process_info_list.map((p) => p.process_name)).toEqual(['Import Alpha']);
    expect((await processInfo({ search: 'ta' })).process_info_list.map((p) => p.process_name).sort()).toEqual(['Import Beta', 'Import Delta']);
    expect((await processInfo({ process_status: 'finished' })).total).toBe(0);
    expect((await processInfo({ process_status: 'waiting' })).total).toBe(5);
    expect((await processInfo({ page_size: 1000 } as never)).status_code).not.toBe('10000');
  });
});
