// Per-route speed of the /v1 calls, measured once per answer (each route's onResponse hook) at the cost of a
// few additions: for the operator, Prometheus counters and a latency histogram (labels route, method and status
// class; the process's default metrics beside them, GET /metrics); for the speed-monitoring page, each site's
// calls per minute and route, kept in memory and added to the database every ~15 s and when the app closes.
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/adapter.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import { addMinuteCounts, rollAwayMinutes, type MinuteCounts } from '../services/route-minute-store.ts';
import { BUCKET_BOUNDS_MS, BUCKET_COUNT, bucketOf } from './latency-histogram.ts';

/** How long minutes are kept (the page shows a day; a week back compares a weekday with the last). */
export const KEEP_DAYS = 8;
const ROLL_AWAY_EVERY_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The process's own metrics (memory, CPU, event loop, GC), collected once per process whatever the number of apps. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

interface Children {
  requests: Counter.Internal;
  duration: Histogram.Internal<string>;
}

/** One route's counts: its Prometheus children by status class, and the current minute's counts by site. */
interface RouteState {
  route: Pick<RouteTableEntry, 'name' | 'method'>;
  children: (Children | undefined)[];
  errors: Counter.Internal | undefined;
  minute: number;
  bySite: Map<string, MinuteCounts>;
}

export interface RequestMetricsOptions {
  /** Milliseconds between writes of the per-minute counts (default 15 s; 0 = only on flush() and close). */
  flushMs?: number;
  log?: FastifyBaseLogger;
}

export class RequestMetrics {
  /** Everything /metrics answers: this app's HTTP metrics and the process's default metrics. */
  readonly registry: Registry;
  private readonly requests: Counter<string>;
  private readonly duration: Histogram<string>;
  private readonly errors: Counter<string>;
  private readonly routes = new Map<string, RouteState>();
  /** Minutes that ended, not yet written. */
  private ended: MinuteCounts[] = [];
  private readonly timer: NodeJS.Timeout | undefined;
  private lastRollAway = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: RequestMetricsOptions = {},
  ) {
    const own = new Registry();
    const labelNames = ['route', 'method', 'status_class'];
    this.requests = new Counter({ name: 'sema_http_requests_total', help: 'Calls answered, by route, method and status class.', labelNames, registers: [own] });
    this.duration = new Histogram({
      name: 'sema_http_request_duration_seconds',
      help: 'Time from the request to the answer, by route, method and status class.',
      labelNames,
      buckets: BUCKET_BOUNDS_MS.map((ms) => ms / 1000),
      registers: [own],
    });
    this.errors = new Counter({ name: 'sema_http_errors_total', help: 'Calls that failed on the server (HTTP 5xx), by route and method.', labelNames: ['route', 'method'], registers: [own] });
    this.registry = Registry.merge([processMetrics(), own]);
    const every = options.flushMs ?? 15_000;
    if (every > 0) this.timer = setInterval(() => void this.flush(), every).unref();
  }

  private state(route: Pick<RouteTableEntry, 'name' | 'method'>): RouteState {
    let state = this.routes.get(route.name);
    if (!state) {
      state = { route, children: [], errors: undefined, minute: 0, bySite: new Map() };
      this.routes.set(route.name, state);
    }
    return state;
  }

  /**
   * A route's counter, called as its answer is made: at the end of the handler, or by the error handler for a
   * refusal or failure (no onResponse hook: a hook per call cost ~10 % of a light route's throughput). The time is
   * from the request to that point, so it leaves out writing the answer to the socket.
   */
  counter(route: RouteTableEntry): (tenantId: string | undefined, httpStatus: number, ms: number) => void {
    const state = this.state(route);
    return (tenantId, httpStatus, ms) => this.count(state, tenantId, httpStatus, ms);
  }

  /** Counts one call of a route (the counter's work; the tests feed known durations through it). */
  record(route: Pick<RouteTableEntry, 'name' | 'method'>, tenantId: string | undefined, httpStatus: number, ms: number): void {
    this.count(this.state(route), tenantId, httpStatus, ms);
  }

  private count(state: RouteState, tenantId: string | undefined, httpStatus: number, ms: number): void {
    const cls = Math.min(4, Math.max(0, Math.floor(httpStatus / 100) - 1));
    let children = state.children[cls];
    if (!children) {
      const labels = [state.route.name, state.route.method, STATUS_CLASSES[cls]];
      children = { requests: this.requests.labels(...labels), duration: this.duration.labels(...labels) };
      state.children[cls] = children;
    }
    children.requests.inc();
    children.duration.observe(ms / 1000);
    if (cls === 4) {
      state.errors ??= this.errors.labels(state.route.name, state.route.method);
      state.errors.inc();
    }
    // A call refused before its site was known (an unknown host) belongs to no site's page.
    if (tenantId === undefined) return;
    const now = Date.now();
    const minute = now - (now % MINUTE_MS);
    if (minute !== state.minute) {
      for (const counts of state.bySite.values()) this.ended.push(counts);
      state.bySite.clear();
      state.minute = minute;
    }
    let counts = state.bySite.get(tenantId);
    if (!counts) {
      counts = { tenantId, routeName: state.route.name, minute, requests: 0, refused: 0, failed: 0, sumMs: 0, maxMs: 0, buckets: new Array(BUCKET_COUNT).fill(0) };
      state.bySite.set(tenantId, counts);
    }
    counts.requests++;
    if (cls === 3) counts.refused++;
    else if (cls === 4) counts.failed++;
    counts.sumMs += ms;
    if (ms > counts.maxMs) counts.maxMs = ms;
    counts.buckets[bucketOf(ms)]++;
  }

  /** Takes every count not written yet (the current minute's too: the upsert adds, so a minute may be written in parts). */
  private take(): MinuteCounts[] {
    const taken = this.ended;
    this.ended = [];
    for (const state of this.routes.values()) {
      for (const counts of state.bySite.values()) taken.push(counts);
      state.bySite.clear();
    }
    return taken;
  }

  /**
   * Writes the counts so far in one statement (after the previous write: never two at once) and, about hourly,
   * rolls away minutes older than KEEP_DAYS. A write that fails is logged and its counts dropped: the page
   * misses them, the request path never waits for the database.
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const counts = this.take();
      try {
        await addMinuteCounts(this.db, counts);
        if (Date.now() - this.lastRollAway > ROLL_AWAY_EVERY_MS) {
          this.lastRollAway = Date.now();
          await rollAwayMinutes(this.db, KEEP_DAYS);
        }
      } catch (err) {
        this.options.log?.warn({ err, minutes: counts.length }, 'the speed counts could not be written');
      }
    });
    return this.writing;
  }

  /** Stops the timer and writes what is left (the app's onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
