// Signed-in callers as the database last confirmed them, kept in this process for a few seconds so that a
// busy client's calls do not each cost a query (issue 8, speed). Safety comes first:
// - an entry lives at most ACTIVITY_STEP_SECONDS (then the token is checked again and its use recorded) and
//   never past its token's expiry;
// - any change that can end a login or change what a user holds drops the site's entries: in this process at
//   once, by the write call that made it (callerChangingEntity, before its answer leaves), and in every
//   process through PostgreSQL NOTIFY on sema_caller (migration 0014: tokens revoked or deleted, users,
//   authorizations and holdings changed, the site's idle time changed — by any process or by hand);
// - a lookup that began before such a change is answered but not kept.
import type { Db } from '../db/adapter.ts';
import type { Caller } from './caller.ts';

export const CALLER_CHANNEL = 'sema_caller';

/** Entries kept at most per process (the oldest go first). */
const MAX_ENTRIES = 20_000;

/**
 * The write calls (by the route catalogue's audit entity) that can end a login or change what a user holds:
 * sign-in and refresh, logout, account and password changes, authorizations and their holdings, access keys,
 * the site's session settings.
 */
const CALLER_ENTITIES: ReadonlySet<string> = new Set(['user', 'token', 'authorization', 'user_authorization', 'access_key', 'frontend_configuration']);
export const callerChangingEntity = (entity: string | undefined): boolean => entity !== undefined && CALLER_ENTITIES.has(entity);

type UserCaller = Extract<Caller, { kind: 'user' }>;
interface Entry {
  caller: UserCaller;
  /** Date.now() after which the token is checked in the database again. */
  until: number;
}

export class CallerCache {
  /** By tenant id, then by token hash. */
  private readonly sites = new Map<string, Map<string, Entry>>();
  private size = 0;
  /** Raised by every drop: a lookup that began before it is not kept. */
  private generation = 0;
  private stop?: () => Promise<void>;

  constructor(private readonly db: Db) {}

  /** Starts following changes made by other processes (and by hand). */
  async listen(): Promise<void> {
    this.stop = await this.db.listen(CALLER_CHANNEL, (tenantId) => (tenantId ? this.forgetSite(tenantId) : this.forgetAll()));
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** The caller a token belongs to, if kept and still within its time. */
  get(tenantId: string, tokenHash: string): UserCaller | undefined {
    const site = this.sites.get(tenantId);
    const entry = site?.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.caller;
    site!.delete(tokenHash);
    this.size--;
    return undefined;
  }

  /** The moment a lookup begins: hand it to keep(). */
  mark(): number {
    return this.generation;
  }

  /** Keeps what a lookup that began at `mark` found, unless something was dropped meanwhile. */
  keep(mark: number, tenantId: string, tokenHash: string, caller: UserCaller, until: number): void {
    if (mark !== this.generation || until <= Date.now()) return;
    if (this.size >= MAX_ENTRIES) this.dropOldest();
    let site = this.sites.get(tenantId);
    if (!site) {
      site = new Map();
      this.sites.set(tenantId, site);
    }
    if (!site.has(tokenHash)) this.size++;
    site.set(tokenHash, { caller, until });
  }

  /** Drops a site's entries (a change to its tokens, users, authorizations or session settings). */
  forgetSite(tenantId: string): void {
    this.generation++;
    this.size -= this.sites.get(tenantId)?.size ?? 0;
    this.sites.delete(tenantId);
  }

  /** Drops everything (a lost notification channel: something may have been missed). */
  forgetAll(): void {
    this.generation++;
    this.sites.clear();
    this.size = 0;
  }

  private dropOldest(): void {
    for (const [tenantId, site] of this.sites) {
      const oldest = site.keys().next();
      if (oldest.done) continue;
      site.delete(oldest.value);
      this.size--;
      if (!site.size) this.sites.delete(tenantId);
      return;
    }
  }
}
