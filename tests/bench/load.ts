// HTTP load with autocannon, run in a child process so it does not share the server's event loop. Two
// scenarios: `single` (one request over and over) and `mixed` (each connection reads and writes its own
// website unit and decision package, tracking their versions, among reads of the configuration and lists).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { AppOptions } from '../../server/app.ts';

interface Common {
  /** http://127.0.0.1:<port> */
  origin: string;
  host: string;
  connections: number;
  seconds: number;
}
/**
 * The bench's load comes from one address and a few users, far beyond any caller's rate limit: the limiter still
 * counts every call (its cost is measured) but never refuses one.
 */
export const COUNTED_NOT_LIMITED: AppOptions['monitoring'] = { rateLimitOf: (route) => ({ ...route.rate_limit, max: Number.MAX_SAFE_INTEGER }) };

export type LoadOptions =
  | (Common & {
      scenario: 'single';
      method: 'GET' | 'POST';
      path: string;
      body?: string;
      /** Each request comes from the next of this many addresses (X-Forwarded-For, for a server with TRUST_PROXY). */
      visitors?: number;
    })
  | (Common & { scenario: 'mixed'; authorization: string; units: { id: string; version: number; body: object }[]; packages: { id: string; version: number; document: object }[] });

export interface LoadResult {
  requests: number;
  /** Answers that were not 2xx, socket errors and time-outs. */
  errors: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** The mixed scenario's latencies by request path: where the tail comes from. */
  byPath?: Record<string, { p50ms: number; p99ms: number; count: number }>;
  /** The mixed scenario's warm-up: how long until every connection had its first answer. */
  warmUpMs?: number;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--generate'], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as LoadResult));
    child.send(options);
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
}

type Request = autocannon.Request;
interface Owned {
  id: string;
  version: number;
}

/**
 * Each cycle of a connection's requests takes a unit and a package that nobody else is writing, and gives them
 * back with the version its write answered (autocannon clears a connection's context every cycle).
 */
/** Each answered request of the mixed scenario: its path, when it was set up and how long its answer took. */
const samples: { path: string; started: number; ms: number }[] = [];

/** A request that notes its time from setup to answer under its path, around its own setup and answer hooks. */
function timed(req: Partial<Request> & { path: string }): Request {
  const { setupRequest, onResponse } = req;
  return {
    ...req,
    setupRequest: (r, context) => {
      (context as Record<string, number>)[`t:${req.path}`] = performance.now();
      return setupRequest ? (setupRequest as (r: Request, c: object) => Request)(r, context) : r;
    },
    onResponse: (status: number, body: string, context: object) => {
      const started = (context as Record<string, number>)[`t:${req.path}`];
      if (started !== undefined) samples.push({ path: req.path, started, ms: performance.now() - started });
      (onResponse as ((s: number, b: string, c: object) => void) | undefined)?.(status, body, context);
    },
  } as Request;
}

const at = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const sortedMs = (list: { ms: number }[]) => list.map((x) => x.ms).sort((a, b) => a - b);

/**
 * The mixed scenario's figures over its measured window: requests set up from `from` for `seconds`. The warm-up
 * before it is left out because the server accepts new connections one per turn of its event loop: under this
 * load the last connections' first requests wait seconds to be accepted, a cost of opening connections, not of
 * answering requests (the warm-up's length is reported apart, as `warmUpMs`).
 */
function windowed(from: number, seconds: number): Pick<LoadResult, 'requests' | 'perSecond' | 'p50ms' | 'p99ms' | 'maxms' | 'byPath'> {
  const inWindow = samples.filter((x) => x.started >= from && x.started < from + seconds * 1000);
  const all = sortedMs(inWindow);
  const paths = [...new Set(inWindow.map((x) => x.path))];
  return {
    requests: all.length,
    perSecond: all.length / seconds,
    p50ms: at(all, 0.5),
    p99ms: at(all, 0.99),
    maxms: Math.round(all[all.length - 1] ?? 0),
    byPath: Object.fromEntries(
      paths.map((path) => {
        const sorted = sortedMs(inWindow.filter((x) => x.path === path));
        return [path, { p50ms: at(sorted, 0.5), p99ms: at(sorted, 0.99), count: sorted.length }];
      }),
    ),
  };
}

function mixedRequests(o: Extract<LoadOptions, { scenario: 'mixed' }>): Request[] {
  const freeUnits = o.units.map((u) => ({ id: u.id, version: u.version }));
  const freePackages = o.packages.map((p) => ({ id: p.id, version: p.version }));
  const bodies = new Map(o.units.map((u) => [u.id, u.body]));
  const document = o.packages[0].document;
  const json = { 'content-type': 'application/json', host: o.host };
  const auth = { ...json, authorization: o.authorization };
  /** The version the answer names: the saved one, or the current one of a conflict. */
  const versionIn = (body: string, record: string): number | undefined => {
    const answer = JSON.parse(body) as Record<string, { version?: number } | number | undefined>;
    const saved = answer[record];
    return typeof saved === 'object' ? saved.version : typeof answer.current_version === 'number' ? answer.current_version : undefined;
  };
  const writer = (free: Owned[], key: 'unit' | 'pkg', record: string, body: (owned: Owned) => object): Partial<Request> => ({
    setupRequest: (req, context) => {
      const owned = free.pop();
      if (!owned) throw new Error('more connections than units and packages');
      (context as Record<string, Owned>)[key] = owned;
      return { ...req, body: JSON.stringify(body(owned)) };
    },
    onResponse: (_status: number, body: string, context: object) => {
      const owned = (context as Record<string, Owned>)[key];
      owned.version = versionIn(body, record) ?? owned.version;
      free.push(owned);
    },
  });
  const requests: (Partial<Request> & { path: string })[] = [
    { method: 'POST', path: '/v1/frontend/get', headers: json, body: '{}' },
    {
      method: 'POST',
      path: '/v1/frontend/website_unit/update',
      headers: auth,
      ...writer(freeUnits, 'unit', 'website_unit', (u) => ({ website_unit: { ...bodies.get(u.id), website_unit_client_id: u.id, version: u.version } })),
    },
    { method: 'POST', path: '/v1/frontend/websiteunit/list', headers: json, body: '{}' },
    { method: 'POST', path: '/v1/rule/package/list', headers: auth, body: '{}' },
    {
      method: 'POST',
      path: '/v1/rule/package/save',
      headers: auth,
      ...writer(freePackages, 'pkg', 'decision_package', (p) => ({ package_id: p.id, version: p.version, document })),
    },
  ];
  return requests.map(timed);
}

/** The single scenario's request, from a new visitor's address each time when `visitors` is given. */
function singleRequest(o: Extract<LoadOptions, { scenario: 'single' }>): Request {
  const headers = { host: o.host, 'content-type': 'application/json' };
  const request = { method: o.method, path: o.path, headers, body: o.body } as Request;
  const visitors = o.visitors;
  if (!visitors) return request;
  let next = 0;
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  return { ...request, setupRequest: (req: Request) => ({ ...req, headers: { ...headers, 'x-forwarded-for': address(next++ % visitors) } }) } as Request;
}

/** The longest the mixed scenario waits for every connection's first answer before it measures anyway. */
const MAX_WARM_UP_SECONDS = 15;

async function generate(o: LoadOptions): Promise<LoadResult> {
  const mixed = o.scenario === 'mixed';
  const requests: Request[] = mixed ? mixedRequests(o) : [singleRequest(o)];
  const began = performance.now();
  // Without a callback autocannon answers its tracker, which is also a promise of the result.
  const run = autocannon({ url: o.origin, connections: o.connections, duration: o.seconds + (mixed ? MAX_WARM_UP_SECONDS : 0), requests: requests as autocannon.Request[], timeout: 30 }) as unknown as autocannon.Instance &
    PromiseLike<autocannon.Result>;
  // The measured window of the mixed scenario opens once every connection has had an answer, and lasts o.seconds.
  let opened = began + MAX_WARM_UP_SECONDS * 1000;
  if (mixed) {
    const answered = new Set<unknown>();
    const onResponse = (client: unknown) => {
      answered.add(client);
      if (answered.size < o.connections) return;
      run.off('response', onResponse);
      opened = performance.now();
      setTimeout(() => run.stop(), o.seconds * 1000);
    };
    run.on('response', onResponse);
  }
  const result = await run;
  return {
    requests: result.requests.total,
    // Over the whole run, warm-up included: an error anywhere counts.
    errors: result.non2xx + result.errors + result.timeouts,
    perSecond: result.requests.average,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    maxms: result.latency.max,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count])),
    ...(mixed ? { ...windowed(opened, o.seconds), warmUpMs: Math.round(opened - began) } : {}),
  };
}

if (process.send && process.argv[2] === '--generate') {
  process.once('message', async (options) => {
    process.send!(await generate(options as LoadOptions));
    process.disconnect();
  });
}
