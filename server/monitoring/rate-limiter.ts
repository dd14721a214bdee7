// Per-route rate limits from the route catalogue (spec section 9: every route is speed-controlled), holding
// across processes without a database round trip per call. Each process counts the calls it admits per key
// (site, route, caller) in a fixed window and about once a second adds them to the shared count in PostgreSQL
// (one statement for all keys), reading back every process's total. A call is admitted while the last shared
// total plus this process's calls since then stay under the limit; over it: 10011 with Retry-After.
// Overshoot: before they sync, each other process may admit what it saw room for, so a caller spread over P
// processes can get at most (P − 1) × (its calls to one process in one sync interval) more than the limit, and
// never more than P × max in one window (docs/decisions.md). One process (PGlite) is exact.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/adapter.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import { ApiError } from '../http/api-error.ts';
import { addCallCounts, dropEndedWindows } from '../services/route-call-count-store.ts';

export type RateLimit = RouteTableEntry['rate_limit'];

interface Entry {
  tenantId: string;
  routeName: string;
  callerKey: string;
  windowStart: number;
  windowMs: number;
  /** Every process's calls in the window, as of the last sync. */
  shared: number;
  /** This process's calls admitted since the last sync. */
  local: number;
}

export interface RateLimiterOptions {
  /** Milliseconds between syncs with the shared count (default 1000; 0 = only on sync(), for tests). */
  syncMs?: number;
  /** The limit of a route (default: the route table's, from the catalogue). */
  limitOf?: (route: RouteTableEntry) => RateLimit;
  log?: FastifyBaseLogger;
}

const DROP_EVERY_MS = 60 * 60 * 1000;
/** Windows are at most a day long (schemas/meta/route-catalogue.schema.json): older ones are kept no longer. */
const LONGEST_WINDOW_MS = 86_400_000;

/** Who a call is counted for: the signed-in user, else the front-end key, else the address. */
function callerKeyOf(request: FastifyRequest): string {
  const caller = request.caller;
  if (caller.kind === 'user') return `u:${caller.userId}`;
  if (caller.kind === 'fkey') return `k:${caller.keyName}`;
  return `a:${request.ip}`;
}

export class RateLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private lastDrop = 0;

  constructor(
    private readonly db: Db,
    private readonly options: RateLimiterOptions = {},
  ) {
    const every = options.syncMs ?? 1000;
    if (every > 0) this.timer = setInterval(() => void this.sync(), every).unref();
  }

  /**
   * A route's check, run by the caller hook once the caller is known (one hook less per call): counts the call,
   * or sets Retry-After and throws 10011 when the caller's window is full.
   */
  check(route: RouteTableEntry): (request: FastifyRequest, reply: FastifyReply) => void {
    const limit = this.options.limitOf?.(route) ?? route.rate_limit;
    const windowMs = limit.per_seconds * 1000;
    return (request, reply) => {
      const wait = this.admit(request.tenant!.tenant_id, route.name, callerKeyOf(request), limit.max, windowMs, Date.now());
      if (wait === 0) return;
      reply.header('retry-after', String(wait));
      throw new ApiError('rate_limited');
    };
  }

  /** Counts the call and answers 0, or answers the seconds until the window ends when it is full. */
  private admit(tenantId: string, routeName: string, callerKey: string, max: number, windowMs: number, now: number): number {
    const windowStart = now - (now % windowMs);
    const key = `${tenantId} ${routeName} ${callerKey}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { tenantId, routeName, callerKey, windowStart, windowMs, shared: 0, local: 0 };
      this.entries.set(key, entry);
    } else if (entry.windowStart !== windowStart) {
      entry.windowStart = windowStart;
      entry.shared = 0;
      entry.local = 0;
    }
    if (entry.shared + entry.local >= max) return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    entry.local++;
    return 0;
  }

  /**
   * Adds this process's calls to the shared counts and reads every process's totals back (one statement), then
   * forgets the keys whose window has ended. A sync that fails keeps the calls for the next one.
   */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const now = Date.now();
      const entries = [...this.entries.values()];
      const sent = entries.map((e) => ({ tenantId: e.tenantId, routeName: e.routeName, callerKey: e.callerKey, windowStart: e.windowStart, hits: e.local }));
      try {
        const totals = await addCallCounts(this.db, sent);
        entries.forEach((entry, i) => {
          // A call admitted meanwhile stays local; a window that turned meanwhile starts again from zero.
          if (entry.windowStart !== sent[i].windowStart) return;
          entry.local -= sent[i].hits;
          entry.shared = totals[i];
        });
        if (now - this.lastDrop > DROP_EVERY_MS) {
          this.lastDrop = now;
          await dropEndedWindows(this.db, new Date(now - LONGEST_WINDOW_MS));
        }
      } catch (err) {
        this.options.log?.warn({ err }, 'the rate-limit counts could not be synced');
      }
      for (const [key, entry] of this.entries) if (entry.windowStart + entry.windowMs <= now) this.entries.delete(key);
    });
    return this.syncing;
  }

  /** Stops syncing; the last calls are added to the shared count (the app's onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sync();
  }
}
