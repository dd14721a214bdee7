// Per-route rate limits from the route catalogue (spec section 9: every route is speed-controlled), holding
// across processes without a database round trip per call. Each process counts the calls it admits per key
// (site, route, caller) in a fixed window. Only a key that has used half its limit is shared: from then on,
// about once a second, this process adds its calls to the shared count in PostgreSQL (one statement for all
// such keys) and reads back every process's total. Most visitors never come near a limit, so neither the
// statement nor its cost grows with their number. A call is admitted while the last shared total plus this
// process's calls since then stay under the limit; over it: 10011 with Retry-After.
// Overshoot: another process may admit up to half the limit before it shares the key, plus what it saw room
// for before its next sync, and never more than the limit itself, so a caller spread over P processes gets at
// most P × max in one window (docs/decisions.md). One process (PGlite) is exact.
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
  max: number;
  /** Every process's calls in the window, as of the last sync. */
  shared: number;
  /** This process's calls admitted since the last sync. */
  local: number;
}

/** From this many calls in its window a key is shared with the other processes. */
const shareFrom = (max: number) => Math.ceil(max / 2);

export interface RateLimiterOptions {
  /** Milliseconds between syncs with the shared count (default 1000; 0 = only on sync(), for tests). */
  syncMs?: number;
  /** The limit of a route (default: the route table's, from the catalogue). */
  limitOf?: (route: RouteTableEntry) => RateLimit;
  log?: FastifyBaseLogger;
  /** The most keys kept in memory (default 100,000): past it, keys far from their limit are forgotten, oldest first. */
  maxKeys?: number;
}

/** The most shared keys one sync sends: the statement stays small even when a crowd nears its limits at once. */
export const MAX_KEYS_PER_SYNC = 2000;

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
  /** The keys at or past half their limit, shared at each sync. */
  private readonly near = new Set<Entry>();
  private readonly maxKeys: number;
  private readonly timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private lastDrop = 0;

  constructor(
    private readonly db: Db,
    private readonly options: RateLimiterOptions = {},
  ) {
    this.maxKeys = options.maxKeys ?? 100_000;
    const every = options.syncMs ?? 1000;
    if (every > 0) this.timer = setInterval(() => void this.sync(), every).unref();
  }

  /** How many keys this process holds in memory. */
  get keys(): number {
    return this.entries.size;
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
      if (this.entries.size >= this.maxKeys) this.forgetFarFromLimit(now);
      entry = { tenantId, routeName, callerKey, windowStart, windowMs, max, shared: 0, local: 0 };
      this.entries.set(key, entry);
    } else if (entry.windowStart !== windowStart) {
      entry.windowStart = windowStart;
      entry.shared = 0;
      entry.local = 0;
      this.near.delete(entry);
    }
    const calls = entry.shared + entry.local;
    if (calls >= max) return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    entry.local++;
    if (calls + 1 >= shareFrom(max)) this.near.add(entry);
    return 0;
  }

  /**
   * Makes room for a tenth of the keys: ended windows go first, then keys of a single call (a crowd of visitors
   * or a flood from many addresses), then the oldest keys below half their limit (each forgets fewer calls than
   * that). Keys near their limit are kept unless nothing else is left.
   */
  private forgetFarFromLimit(now: number): void {
    const goal = Math.floor(this.maxKeys * 0.9);
    const forgettable = [
      (e: Entry) => e.windowStart + e.windowMs <= now,
      (e: Entry) => e.shared + e.local <= 1,
      (e: Entry) => !this.near.has(e),
      () => true,
    ];
    for (const forget of forgettable)
      for (const [key, entry] of this.entries) {
        if (this.entries.size <= goal) return;
        if (!forget(entry)) continue;
        this.entries.delete(key);
        this.near.delete(entry);
      }
  }

  /**
   * Adds this process's calls of the keys near their limit to the shared counts and reads every process's totals
   * back (one statement of at most MAX_KEYS_PER_SYNC keys, those with new calls first), then forgets the keys
   * whose window has ended. A sync that fails keeps the calls for the next one.
   */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const now = Date.now();
      for (const [key, entry] of this.entries)
        if (entry.windowStart + entry.windowMs <= now) {
          this.entries.delete(key);
          this.near.delete(entry);
        }
      const entries = this.batch();
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
    });
    return this.syncing;
  }

  /** The near keys to send: those with calls to add first, then those only read back, MAX_KEYS_PER_SYNC at most. */
  private batch(): Entry[] {
    if (this.near.size <= MAX_KEYS_PER_SYNC) return [...this.near];
    const adding: Entry[] = [];
    const reading: Entry[] = [];
    for (const entry of this.near) (entry.local > 0 ? adding : reading).push(entry);
    return [...adding, ...reading].slice(0, MAX_KEYS_PER_SYNC);
  }

  /** Stops syncing; the last calls are added to the shared count (the app's onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sync();
  }
}
