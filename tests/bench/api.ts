// The API under load, on the embedded database (or DATABASE_URL): the start-up configuration fetch against a
// bare Fastify route measured in the same run (target: ≥ 50 % of its requests per second, p99 < 20 ms at
// 50 connections), then a mixed load of reads and writes of website units and decision packages at 200
// connections for 20 s (target: 0 errors; p99 < 1 s on PGlite, < 250 ms on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';
import { signInForTest } from '../server/harness.ts';
import bmi from '../../fixtures/rule-packages/bmi_class.json' with { type: 'json' };
import { runLoad, type LoadResult } from './load.ts';

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (r: LoadResult) =>
  `${Math.round(r.perSecond)} requests/s, p50 ${ms(r.p50ms)}, p99 ${ms(r.p99ms)}, max ${ms(r.maxms)}, ${r.errors} errors (HTTP ${Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(', ')})`;

async function bareFastify(connections: number, seconds: number): Promise<LoadResult> {
  const bare = Fastify();
  bare.post('/bare', async () => ({ status_code: '10000', status_message: 'Done.' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  await runLoad({ scenario: 'single', origin, host: 'localhost', method: 'POST', path: '/bare', body: '{}', connections, seconds: 1 });
  const r = await runLoad({ scenario: 'single', origin, host: 'localhost', method: 'POST', path: '/bare', body: '{}', connections, seconds });
  await bare.close();
  return r;
}

/** Units and packages for the mixed load: one of each per connection (no two writers of one version), owned by the administrator. */
async function fixtures(app: FastifyInstance, authorization: string, count: number) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: { host: 'localhost', authorization }, payload });
    const answer = res.json() as Record<string, unknown>;
    if (answer.status_code !== '10000') throw new Error(`${url}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const units = [];
  const packages = [];
  for (let i = 0; i < count; i++) {
    const body = {
      route_name: `bench_unit_${i}`,
      path: { en: `/bench-unit-${i}`, tr: `/deneme-birimi-${i}` },
      caption: { en: `Bench unit ${i}`, tr: `Deneme birimi ${i}` },
      show_in_menu: false,
      login: false,
      shop_active: false,
      parent: null,
      position: 500 + i,
      content: { kind: 'text', text: { en: 'A page under load.', tr: 'Yük altında bir sayfa.' } },
    };
    const unit = (await post('/v1/frontend/websiteunit/new', { website_unit: body })).website_unit as { website_unit_client_id: string; version: number };
    units.push({ id: unit.website_unit_client_id, version: unit.version, body });
    const pkg = (await post('/v1/rule/package/new', { name: { en: `Bench ${i}`, tr: `Deneme ${i}` }, document: bmi.document })).decision_package as { package_id: string; version: number };
    packages.push({ id: pkg.package_id, version: pkg.version, document: bmi.document });
  }
  return { units, packages };
}

export async function apiUnderLoad(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-bench-'));
  const { db } = await prepareDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, adminPassword: 'bench-password-long-enough' });
  const app = await buildApp({ db });
  const perRoute = new Map<string, number[]>();
  if (process.env.BENCH_ROUTES)
    app.addHook('onResponse', async (request, reply) => {
      const key = `${request.routeOptions.url} ${reply.statusCode}`;
      const times = perRoute.get(key) ?? [];
      if (!times.length) perRoute.set(key, times);
      times.push(reply.elapsedTime);
    });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const database = db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
  try {
    if (!process.env.BENCH_MIXED_ONLY) {
    const bare = await bareFastify(50, 10);
    const fetchOptions = { scenario: 'single' as const, origin, host: 'localhost', method: 'POST' as const, path: '/v1/frontend/get?__lang__v=0', body: '{"domain":"localhost"}', connections: 50 };
    await runLoad({ ...fetchOptions, seconds: 1 }); // warm-up
    const config = await runLoad({ ...fetchOptions, seconds: 10 });
    console.log(`Bare Fastify route (50 connections, 10 s): ${line(bare)}`);
    console.log(`/v1/frontend/get on ${database} (50 connections, 10 s): ${line(config)}`);
    console.log(`  = ${((100 * config.perSecond) / bare.perSecond).toFixed(0)} % of the bare route  [target ≥ 50 %, p99 < 20 ms]`);
    }

    const authorization = await signInForTest(db, { username: 'admin' });
    const { units, packages } = await fixtures(app, authorization, 200);
    const mixed = await runLoad({ scenario: 'mixed', origin, host: 'localhost', authorization, units, packages, connections: 200, seconds: 20 });
    console.log(`Mixed load on ${database} (200 connections, 20 s; configuration, unit list, unit writes, package list, package writes): ${line(mixed)}`);
    console.log(`  [target 0 errors, p99 < ${db.kind === 'pglite' ? '1 s' : '250 ms'}]`);
    for (const [key, times] of perRoute) {
      times.sort((a, b) => a - b);
      console.log(`  ${key}: ${times.length}, p50 ${ms(times[Math.floor(times.length / 2)])}, p99 ${ms(times[Math.floor(times.length * 0.99)])}, max ${ms(times[times.length - 1])}`);
    }
  } finally {
    // A PostgreSQL database outlives the run: its fixtures go, so the next run starts alike.
    if (db.kind === 'postgres') {
      await db.query("delete from website_unit_version where route_name like 'bench\\_unit\\_%'");
      await db.query("delete from website_unit where route_name like 'bench\\_unit\\_%'");
      await db.query("delete from decision_package where name->>'en' like 'Bench %'");
    }
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
