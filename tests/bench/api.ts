// The API under load, on the embedded database (or DATABASE_URL): the start-up configuration fetch (from one
// address, then from 256 and from 65,536 visitors behind a proxy) against a bare Fastify route measured in turns
// with it in the same run (target: ≥ 50 % of its requests per second, p99 < 20 ms at
// 50 connections), then a mixed load of reads and writes of website units and decision packages at 200
// connections for 20 s, measured once every connection has been answered (target: 0 errors; p99 < 1 s on
// PGlite, < 250 ms on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';
import { signInForTest } from '../server/harness.ts';
import bmi from '../../fixtures/decision-packages/bmi_class.json' with { type: 'json' };
import { COUNTED_NOT_LIMITED, runLoad, type LoadOptions, type LoadResult } from './load.ts';

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (r: LoadResult) =>
  `${Math.round(r.perSecond)} requests/s, p50 ${ms(r.p50ms)}, p99 ${ms(r.p99ms)}, max ${ms(r.maxms)}, ${r.errors} errors (HTTP ${Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(', ')})`;

/** A bare Fastify route, the yardstick of the configuration fetch. */
async function bareFastify(): Promise<{ origin: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.post('/bare', async () => ({ status_code: '10000', status_message: 'Done.' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`, close: () => bare.close() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The sides are measured in turns (ROUNDS of ROUND_SECONDS each): this machine's speed drifts by a third from one
 * minute to the next, so one long run of each compares two different machines. Each side's figures are its median
 * round, and its ratio to the bare route the median of the rounds' ratios.
 */
const ROUNDS = 5;
const ROUND_SECONDS = 4;
type Side = Omit<Extract<LoadOptions, { scenario: 'single' }>, 'seconds'>;
async function inTurns(sides: Record<string, Side>): Promise<Record<string, { result: LoadResult; ratio: number }>> {
  const yardstick = await bareFastify();
  const all: Record<string, Side> = {
    bare: { scenario: 'single', origin: yardstick.origin, host: 'localhost', method: 'POST', path: '/bare', body: '{}', connections: 50 },
    ...sides,
  };
  for (const side of Object.values(all)) await runLoad({ ...side, seconds: 1 }); // warm-up
  const rounds: Record<string, LoadResult>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round: Record<string, LoadResult> = {};
    for (const [name, side] of Object.entries(all)) round[name] = await runLoad({ ...side, seconds: ROUND_SECONDS });
    rounds.push(round);
  }
  await yardstick.close();
  return Object.fromEntries(
    Object.keys(all).map((name) => [
      name,
      {
        result: rounds.map((r) => r[name]).sort((a, b) => a.perSecond - b.perSecond)[Math.floor(ROUNDS / 2)],
        ratio: median(rounds.map((r) => r[name].perSecond / r.bare.perSecond)),
      },
    ]),
  );
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
  const app = await buildApp({ db, monitoring: COUNTED_NOT_LIMITED });
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
      // The visitors' runs go to an instance behind a proxy (TRUST_PROXY) with the catalogue's own limits: each
      // request names its visitor in X-Forwarded-For, so the limiter keeps one count per visitor.
      const proxied = await buildApp({ db, trustProxy: true });
      await proxied.listen({ port: 0, host: '127.0.0.1' });
      const config = { scenario: 'single' as const, host: 'localhost', method: 'POST' as const, path: '/v1/frontend/get?__lang__v=0', body: '{"domain":"localhost"}', connections: 50 };
      const behindProxy = `http://127.0.0.1:${(proxied.server.address() as { port: number }).port}`;
      const sides = await inTurns({
        config: { ...config, origin },
        visitors256: { ...config, origin: behindProxy, visitors: 256 },
        visitors65536: { ...config, origin: behindProxy, visitors: 65_536 },
      });
      await proxied.close();
      const turns = `50 connections, median of ${ROUNDS} turns of ${ROUND_SECONDS} s`;
      const of = (name: string) => `${line(sides[name].result)} = ${(100 * sides[name].ratio).toFixed(0)} % of the bare route`;
      console.log(`Bare Fastify route (${turns}): ${line(sides.bare.result)}`);
      console.log(`/v1/frontend/get on ${database} (${turns}): ${of('config')}  [target ≥ 50 %, p99 < 20 ms]`);
      console.log(`  from 256 visitors behind a proxy (catalogue limits): ${of('visitors256')}`);
      console.log(`  from 65,536 visitors behind a proxy (catalogue limits): ${of('visitors65536')}  [target: as from 256]`);
    }
    if (process.env.BENCH_RATIO_ONLY) return;

    const authorization = await signInForTest(db, { username: 'admin' });
    const { units, packages } = await fixtures(app, authorization, 200);
    const mixed = await runLoad({ scenario: 'mixed', origin, host: 'localhost', authorization, units, packages, connections: 200, seconds: 20 });
    console.log(`Mixed load on ${database} (200 connections, 20 s after ${(mixed.warmUpMs! / 1000).toFixed(1)} s of warm-up; configuration, unit list, unit writes, package list, package writes): ${line(mixed)}`);
    for (const [path, t] of Object.entries(mixed.byPath ?? {})) console.log(`  ${path}: p50 ${t.p50ms} ms, p99 ${t.p99ms} ms (${t.count})`);
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
