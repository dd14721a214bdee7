// Rate limits kept in the database (table rate_limit), so they hold across processes and restarts. A bucket
// counts hits of one key (an account name, an address, an e-mail, a user) within a window; the hit that
// reaches the bucket's maximum locks the key for the lock time, and a locked key is answered 10011.
// Failed logins (server/auth/login-guard.ts): 5 within 15 minutes lock an account name from one address, or an
// address; 50 within an hour reach the account's ceiling, which only addresses the account knows pass.
import type { Queryable } from '../db/adapter.ts';
import { ApiError } from '../http/api-error.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

const QUARTER = 15 * 60;
const HOUR = 60 * 60;

export const LIMITS = {
  /** Failed logins of one account name from one address (key: `<account name>|<address>`). */
  login_pair: { max: 5, windowSeconds: QUARTER, lockSeconds: QUARTER },
  /** Failed logins of one account name from all addresses together: the ceiling (login-guard.ts). */
  login_ceiling: { max: 50, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Failed logins (any account, and bad access key tokens) from one address. */
  login_address: { max: 5, windowSeconds: QUARTER, lockSeconds: QUARTER },
  /** Wrong mail codes (approval, password reset) for one user or one e-mail address. */
  code_target: { max: 5, windowSeconds: QUARTER, lockSeconds: QUARTER },
  /** Wrong mail codes from one address. */
  code_address: { max: 10, windowSeconds: QUARTER, lockSeconds: QUARTER },
  /** Registrations from one address. */
  register_address: { max: 20, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Password-reset requests from one address. */
  reset_address: { max: 10, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Password-reset mails to one address (over it, the call still answers success and sends nothing). */
  reset_mail: { max: 3, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Support tickets opened by mail (no account) for one mail address: each sends a confirmation mail there. */
  support_mail: { max: 5, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Support tickets opened by mail (no account) from one caller address. */
  support_address: { max: 20, windowSeconds: HOUR, lockSeconds: HOUR },
  /** Captcha challenges for one address. */
  captcha_address: { max: 100, windowSeconds: QUARTER, lockSeconds: QUARTER },
} satisfies Record<string, Limit>;

export type Bucket = keyof typeof LIMITS;
export type LimitKey = [bucket: Bucket, key: string];

export async function isLocked(db: Queryable, tenantId: string, bucket: Bucket, key: string): Promise<boolean> {
  const rows = await db.query('select 1 from rate_limit where tenant_id = $1 and bucket = $2 and key = $3 and locked_until > now()', [tenantId, bucket, key]);
  return rows.length > 0;
}

/** 10011 when any of the keys is locked. */
export async function assertNotLocked(db: Queryable, tenantId: string, keys: LimitKey[]): Promise<void> {
  for (const [bucket, key] of keys) if (await isLocked(db, tenantId, bucket, key)) throw new ApiError('rate_limited');
}

/** Counts one hit; answers true when this hit locked the key (false when it was locked already). */
export async function hit(db: Queryable, tenantId: string, bucket: Bucket, key: string): Promise<boolean> {
  const limit: Limit = LIMITS[bucket];
  const [row] = await db.query<{ hits: number }>(
    `insert into rate_limit (tenant_id, bucket, key, hits, window_start) values ($1, $2, $3, 1, now())
     on conflict (tenant_id, bucket, key) do update set
       hits = case when rate_limit.window_start <= now() - make_interval(secs => $4) then 1 else rate_limit.hits + 1 end,
       window_start = case when rate_limit.window_start <= now() - make_interval(secs => $4) then now() else rate_limit.window_start end
     returning hits`,
    [tenantId, bucket, key, limit.windowSeconds],
  );
  // Now and then, forget keys that are neither counting nor locked (an address seen once a week ago).
  if (Math.random() < 0.01)
    await db.query("delete from rate_limit where window_start < now() - interval '1 day' and (locked_until is null or locked_until < now())");
  if (row.hits < limit.max) return false;
  // Two hits reaching the maximum at once lock the key once: the second finds it locked.
  const locked = await db.query(
    `update rate_limit set hits = 0, window_start = now(), locked_until = now() + make_interval(secs => $4)
      where tenant_id = $1 and bucket = $2 and key = $3 and (locked_until is null or locked_until <= now())
      returning 1`,
    [tenantId, bucket, key, limit.lockSeconds],
  );
  return locked.length > 0;
}

/** Counts a hit on each key (a failure). */
export async function hitAll(db: Queryable, tenantId: string, keys: LimitKey[]): Promise<void> {
  for (const [bucket, key] of keys) await hit(db, tenantId, bucket, key);
}

/** A request that counts whatever its outcome: refused (10011) while locked, else counted. */
export async function consume(db: Queryable, tenantId: string, bucket: Bucket, key: string): Promise<void> {
  await assertNotLocked(db, tenantId, [[bucket, key]]);
  await hit(db, tenantId, bucket, key);
}

/** Forgets a key's failures (a successful login clears its pair's count, not its address's); a lock stays. */
export async function clear(db: Queryable, tenantId: string, bucket: Bucket, key: string): Promise<void> {
  await db.query('delete from rate_limit where tenant_id = $1 and bucket = $2 and key = $3 and (locked_until is null or locked_until <= now())', [tenantId, bucket, key]);
}

/** Ends the count and the lock of a key, or of every key starting with it (a completed password reset). */
export async function release(db: Queryable, tenantId: string, bucket: Bucket, key: string, match: 'key' | 'prefix' = 'key'): Promise<void> {
  const which = match === 'key' ? 'key = $3' : 'left(key, length($3)) = $3';
  await db.query(`delete from rate_limit where tenant_id = $1 and bucket = $2 and ${which}`, [tenantId, bucket, key]);
}

/** The account-name key of a username: case-insensitive, like usernames. */
export const accountKey = (username: string): string => username.trim().toLowerCase();
