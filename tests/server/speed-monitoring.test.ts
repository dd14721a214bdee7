// Speed monitoring (issue 13) against PGlite and PostgreSQL: GET /metrics is protected and counts calls; each
// process's per-minute counts reach the database and the admin's report computes the percentiles of known
// latencies; the catalogue's rate limits refuse with 10011 and Retry-After, per caller, and two app instances
// on one database share the count within the documented bound (docs/decisions.md).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationVersion, systemSpeedReport } from '../../src/generated/client/index.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/adapter.ts';
import { RequestMetrics } from '../../server/monitoring/request-metrics.ts';
import { MAX_KEYS_PER_SYNC, RateLimiter, type RateLimiterOptions } from '../../server/monitoring/rate-limiter.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';

const TOKEN = 'a-metrics-token-for-the-tests';

describe.each(databaseKinds('depends-on-database'))('speed monitoring on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind, { metricsToken: TOKEN });
    admin = await actor(t, 'speed.admin', { authCodes: ['admin'] });
  });
  afterAll(() => t.close());

  const metrics = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost', ...(authorization ? { authorization } : {}) } });

  it('answers /metrics only with the token, never cached, counting each call by route, method and status class', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics('Bearer not-the-token')).statusCode).toBe(401);
    const before = await metrics(`Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    expect(before.body).toContain('process_cpu_user_seconds_total');
    const line = /sema_http_requests_total\{route="application_version",method="POST",status_class="2xx"\} (\d+)/;
    const counted = Number(line.exec(before.body)?.[1] ?? 0);
    t.as();
    expect((await applicationVersion({})).status_code).toBe('10000');
    const after = (await metrics(`Bearer ${TOKEN}`)).body;
    expect(Number(line.exec(after)?.[1])).toBe(counted + 1);
    expect(after).toMatch(/sema_http_request_duration_seconds_bucket\{le="0\.005",route="application_version",method="POST",status_class="2xx"\} \d+/);
  });

  it('has no /metrics when no token is configured: the path answers as an unknown one', async () => {
    const bare = await buildApp({ db: t.db, monitoring: { flushMs: 0, syncMs: 0 } });
    try {
      const res = await bare.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost', authorization: `Bearer ${TOKEN}` } });
      const unknown = await bare.inject({ method: 'GET', url: '/no-such-path', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().status_code).toBe(unknown.json().status_code);
    } finally {
      await bare.close();
    }
  });

  it("adds each process's minutes to the database and reports p50/p95/p99 from the summed buckets, slowest first", async () => {
    const tenantId = await tenantIdOf(t.db);
    const clinicalId = await tenantIdOf(t.db, 'clinical.localhost');
    // Another process over the same database: 90 calls of about 7 ms and 10 of 300 ms, written in two flushes.
    const other = new RequestMetrics(t.db, { flushMs: 0 });
    const details = { name: 'bundle_details', method: 'POST' } as RouteTableEntry;
    for (let i = 0; i < 90; i++) other.record(details, tenantId, 200, 7);
    await other.flush();
    for (let i = 0; i < 9; i++) other.record(details, tenantId, 200, 300);
    other.record(details, tenantId, 500, 300);
    other.record(details, clinicalId, 200, 9000);
    await other.close();
    const [row] = await t.db.query<{ requests: number; failed: number; buckets: number[] }>(
      "select requests, failed, buckets from route_minute where tenant_id = $1 and route_name = 'bundle_details'",
      [tenantId],
    );
    expect(row).toMatchObject({ requests: 100, failed: 1 });
    expect(row.buckets.reduce((a, b) => a + b, 0)).toBe(100);

    admin.use();
    const report = await systemSpeedReport({ window: 'hour' });
    expect(report.status_code, report.status_message).toBe('10000');
    const bundle = report.route_list.find((r) => r.route_name === 'bundle_details')!;
    // p95: the 95th of 100 calls is the 5th of the 10 in the 250–500 ms bucket, whose top is the slowest call
    // seen (300 ms): 250 + 50 × 5/10. p50: the 50th of the 90 in the 5–10 ms bucket: 5 + 5 × 50/90.
    expect(bundle).toMatchObject({ requests: 100, failed: 1, error_rate: 0.01, p95_ms: 275, p50_ms: 7.8, max_ms: 300, method: 'POST', path: '/v1/bundle/details' });
    expect(bundle.p99_ms).toBe(295);
    expect(bundle.summary).toEqual({ en: 'A bundle with its products and agreements', tr: 'Ürünleri ve sözleşmeleriyle bir paket' });
    // The other site's call is not this site's; the slowest route comes first.
    expect(bundle.max_ms).toBeLessThan(9000);
    expect(report.route_list[0].route_name).toBe('bundle_details');
    const minute = report.series.at(-1)!;
    expect(minute.requests).toBeGreaterThanOrEqual(100);
    const only = await systemSpeedReport({ window: 'day', route_name: 'bundle_details' });
    expect(only.series.map((m) => m.requests)).toEqual([100]);
    expect(only.series[0].p95_ms).toBe(275);
  });

  it("counts the report's own process's calls at once, and refuses the report to anyone but an admin", async () => {
    t.as({ query: { __lang__v: 1 } });
    await applicationVersion({});
    admin.use();
    const report = await systemSpeedReport({ window: 'day' });
    expect(report.route_list.find((r) => r.route_name === 'application_version')?.requests).toBeGreaterThanOrEqual(1);
    const shopper = await actor(t, 'speed.shopper');
    shopper.use();
    expect(await systemSpeedReport({ window: 'hour' })).toMatchObject({ status_code: '10009', http_status: 403 });
  });

  it('rolls away minutes older than 8 days when it writes', async () => {
    const tenantId = await tenantIdOf(t.db);
    await t.db.query(
      `insert into route_minute (tenant_id, minute, route_name, requests, refused, failed, duration_sum_ms, duration_max_ms, buckets)
       values ($1, now() - interval '9 days', 'login', 1, 0, 0, 1, 1, '{1,0,0,0,0,0,0,0,0,0,0,0}'),
              ($1, now() - interval '7 days', 'login', 1, 0, 0, 1, 1, '{1,0,0,0,0,0,0,0,0,0,0,0}')`,
      [tenantId],
    );
    const fresh = new RequestMetrics(t.db, { flushMs: 0 });
    await fresh.close();
    const left = await t.db.query<{ days: number }>("select extract(day from now() - minute)::integer as days from route_minute where route_name = 'login' order by minute");
    expect(left.map((r) => r.days)).toEqual([7]);
  });
});

describe.each(databaseKinds('depends-on-database'))('rate limits on %s', (kind) => {
  let t: TestApp;
  /** A small limit on the version route, in a day-long window (no window turns during the test). */
  const LIMIT = { max: 10, per_seconds: 86_400 };
  const limits = (route: RouteTableEntry) => (route.name === 'application_version' ? LIMIT : route.rate_limit);
  beforeAll(async () => {
    t = await startTestApp(kind, { monitoring: { syncMs: 50, rateLimitOf: limits } });
  });
  afterAll(() => t.close());

  const version = (app: FastifyInstance, ip: string, lang = 1) =>
    app.inject({ method: 'POST', url: `/v1/application/version?__lang__v=${lang}`, remoteAddress: ip, headers: { host: 'localhost' }, payload: {} });

  it('refuses a caller over the limit with 10011 and Retry-After in their language; another caller is not held', async () => {
    for (let i = 0; i < LIMIT.max; i++) expect((await version(t.app, '10.0.0.1')).statusCode).toBe(200);
    const refused = await version(t.app, '10.0.0.1', 0);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status_code: '10011', status_message: 'Çok fazla istek. Lütfen biraz bekleyip tekrar deneyin.' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMIT.per_seconds);
    expect((await version(t.app, '10.0.0.1')).json().status_message).toBe('Too many requests. Please wait a moment and try again.');
    expect((await version(t.app, '10.0.0.2')).statusCode).toBe(200);
    // A signed-in user is counted as themselves, not by address.
    const user = await actor(t, 'limited.user');
    const res = await t.app.inject({ method: 'POST', url: '/v1/application/version', remoteAddress: '10.0.0.1', headers: { host: 'localhost', authorization: user.authorization }, payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it('shares the count of a caller past half the limit between two app instances on one database, within the documented bound', async () => {
    const ip = '10.0.0.3';
    /** An instance over the same database that notes the shared total of this caller each of its syncs read back. */
    const instance = async () => {
      const synced: number[] = [];
      const query = async (sql: string, params?: unknown[]) => {
        const rows = await t.db.query(sql, params);
        if (/insert into route_call_count/.test(sql)) {
          const sent = JSON.parse(params![0] as string) as { i: number; caller_key: string }[];
          const mine = sent.find((r) => r.caller_key === `a:${ip}`);
          const total = mine && (rows as { i: number; hits: number }[]).find((r) => r.i === mine.i)?.hits;
          if (total !== undefined) synced.push(total);
        }
        return rows;
      };
      const app = await buildApp({ db: { ...t.db, query } as Db, monitoring: { syncMs: 50, rateLimitOf: limits } });
      return { app, synced };
    };
    /** Waits until the instance has synced and read back this total (its next call counts with it). */
    const learned = (synced: number[], total: number) => vi.waitFor(() => expect(synced).toContain(total), { timeout: 10_000, interval: 20 });
    const first = await instance();
    const second = await instance();
    try {
      for (let i = 0; i < 6; i++) expect((await version(first.app, ip)).statusCode).toBe(200);
      // Past half its limit (5 of 10), the first instance shares the key.
      await learned(first.synced, 6);
      // The second has not seen this caller: it admits four calls without sharing them, and the fifth (half the
      // limit) makes it share them: 6 + 5 = 11, one over the limit, within the documented bound.
      for (let i = 0; i < 5; i++) expect((await version(second.app, ip)).statusCode).toBe(200);
      await learned(second.synced, 11);
      expect((await version(second.app, ip)).statusCode).toBe(429);
      // The first reads the shared total of a key near its limit at each sync, new calls or not.
      await learned(first.synced, 11);
      expect((await version(first.app, ip)).statusCode).toBe(429);
      const [{ hits }] = await t.db.query<{ hits: number }>("select hits from route_call_count where route_name = 'application_version' and caller_key = $1", [`a:${ip}`]);
      expect(hits).toBe(LIMIT.max + 1);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  /** A limiter of its own over a database that notes the rows each sync sends. */
  const counted = (options: RateLimiterOptions) => {
    const sent: number[] = [];
    const query = async (sql: string, params?: unknown[]) => {
      if (/insert into route_call_count/.test(sql)) sent.push((JSON.parse(params![0] as string) as unknown[]).length);
      return t.db.query(sql, params);
    };
    return { limiter: new RateLimiter({ ...t.db, query } as Db, { syncMs: 0, ...options }), sent };
  };
  const visit = async (limiter: RateLimiter, route: RouteTableEntry, ip: string): Promise<boolean> => {
    const request = { tenant: { tenant_id: await tenantId() }, caller: { kind: 'none' }, ip } as unknown as FastifyRequest;
    try {
      limiter.check(route)(request, { header: () => undefined } as unknown as FastifyReply);
      return true;
    } catch {
      return false;
    }
  };
  let tenant: string | undefined;
  const tenantId = async () => (tenant ??= await tenantIdOf(t.db, 'localhost'));
  const route = (name: string, max: number) => ({ name, rate_limit: { max, per_seconds: 86_400 } }) as RouteTableEntry;

  it('keeps a crowd of 65,536 visitors cheap: nothing is shared below half a limit, and memory stays bounded', async () => {
    const { limiter, sent } = counted({ maxKeys: 10_000 });
    const page = route('frontend_get', 1200);
    await tenantId();
    let heavy = 0;
    for (let i = 0; i < 65_536; i++) {
      expect(await visit(limiter, page, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)).toBe(true);
      // One visitor among them calls far more often than the others: forgetting the crowd never forgets them.
      if (i % 40 === 0 && (await visit(limiter, page, '192.0.2.1'))) heavy++;
    }
    expect(heavy).toBe(1200);
    expect(limiter.keys).toBeLessThanOrEqual(10_000);
    await limiter.sync();
    // Only the one visitor past half the limit is shared.
    expect(sent).toEqual([1]);
    const rows = await t.db.query<{ caller_key: string; hits: number }>("select caller_key, hits from route_call_count where route_name = 'frontend_get'");
    expect(rows).toEqual([{ caller_key: 'a:192.0.2.1', hits: 1200 }]);
    await limiter.close();
  });

  it(`sends at most ${MAX_KEYS_PER_SYNC} keys in one sync, those with new calls first, and the rest at the next`, async () => {
    const { limiter, sent } = counted({});
    const strict = route('login', 2);
    for (let i = 0; i < MAX_KEYS_PER_SYNC + 1000; i++) expect(await visit(limiter, strict, `10.1.${i >> 8}.${i & 255}`)).toBe(true);
    await limiter.sync();
    await limiter.sync();
    expect(sent[0]).toBe(MAX_KEYS_PER_SYNC);
    const [{ keys, hits }] = await t.db.query<{ keys: number; hits: number }>("select count(*)::integer as keys, sum(hits)::integer as hits from route_call_count where route_name = 'login'");
    expect({ keys, hits }).toEqual({ keys: MAX_KEYS_PER_SYNC + 1000, hits: MAX_KEYS_PER_SYNC + 1000 });
    await limiter.close();
  });
});
