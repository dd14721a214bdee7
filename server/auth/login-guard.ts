// The failed-login limits of a password login (docs/decisions.md "How are failed logins limited?"):
// - an account name from one address (login_pair): 5 failures in 15 minutes lock that pair for 15 minutes;
// - an address (login_address): 5 failures on any accounts in 15 minutes lock it for 15 minutes;
// - an account name from all addresses together (login_ceiling): 50 failures in an hour reach its ceiling for
//   an hour, during which only the account's known addresses (a successful login from there within 90 days)
//   may try its password. Reaching it mails the owner once; a completed password reset lifts it.
// So nobody can lock an owner out at will: an attacker's failures lock the attacker's own address and pair,
// and the ceiling that many addresses together can reach still lets the owner in from where they log in.
// Everything is keyed by the account name as typed (case-insensitive), whether or not such an account
// exists: an unknown name is counted, locked and answered exactly like a known one.
import type { RequestContext } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { hashSecret } from './secret-hash.ts';
import { accountKey, hit, isLocked, LIMITS, clear, release } from './login-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import { loginGuessedMail } from '../mail/templates.ts';
import { siteOf } from '../services/accounts.ts';
import type { Queryable } from '../db/adapter.ts';

/** How long a successful login keeps its address known to the account. */
export const KNOWN_ADDRESS_DAYS = 90;

const pairKey = (username: string, ip: string) => `${accountKey(username)}|${ip}`;

/** An address as stored: salted with the site and the account name, never in clear. */
const addressHash = (tenantId: string, username: string, ip: string) => hashSecret(`${tenantId}:${accountKey(username)}:${ip}`);

interface Attempt {
  tenantId: string;
  username: string;
  ip: string;
}

const attemptOf = (ctx: RequestContext, username: string): Attempt => ({ tenantId: ctx.tenant.tenant_id, username, ip: ctx.ip });

async function isKnownAddress(db: Queryable, a: Attempt): Promise<boolean> {
  const rows = await db.query(
    `select 1 from login_known_address k join app_user u on u.user_id = k.user_id
      where u.tenant_id = $1 and lower(u.username) = $2 and k.address_hash = $3
        and k.last_login_at > now() - make_interval(days => $4)`,
    [a.tenantId, accountKey(a.username), addressHash(a.tenantId, a.username, a.ip), KNOWN_ADDRESS_DAYS],
  );
  return rows.length > 0;
}

export interface LoginGate {
  /** The account's ceiling is reached (this address is a known one, or it would have been refused). */
  ceilingReached: boolean;
}

/**
 * Before the captcha and the credentials: 10011 when this address or this account name from this address is
 * locked, or when the account's ceiling is reached and the address is not one the account knows.
 */
export async function openLoginGate(ctx: RequestContext, username: string): Promise<LoginGate> {
  const a = attemptOf(ctx, username);
  if ((await isLocked(ctx.db, a.tenantId, 'login_address', a.ip)) || (await isLocked(ctx.db, a.tenantId, 'login_pair', pairKey(username, a.ip))))
    throw new ApiError('rate_limited');
  const ceilingReached = await isLocked(ctx.db, a.tenantId, 'login_ceiling', accountKey(username));
  if (ceilingReached && !(await isKnownAddress(ctx.db, a))) throw new ApiError('rate_limited');
  return { ceilingReached };
}

/**
 * A failed password login: counts on the address, the pair and (unless reached already) the ceiling, and
 * records the address for the owner's mail; the failure that reaches the ceiling queues that mail.
 */
export async function countLoginFailure(ctx: RequestContext, username: string, gate: LoginGate): Promise<void> {
  const { db } = ctx;
  const a = attemptOf(ctx, username);
  await hit(db, a.tenantId, 'login_address', a.ip);
  await hit(db, a.tenantId, 'login_pair', pairKey(username, a.ip));
  await db.query(
    `insert into login_failure (tenant_id, account_key, address_hash, failures, last_failed_at) values ($1, $2, $3, 1, now())
     on conflict (tenant_id, account_key, address_hash) do update set
       failures = case when login_failure.last_failed_at <= now() - make_interval(secs => $4) then 1 else login_failure.failures + 1 end,
       last_failed_at = now()`,
    [a.tenantId, accountKey(username), addressHash(a.tenantId, username, a.ip), LIMITS.login_ceiling.windowSeconds],
  );
  if (Math.random() < 0.01) await db.query("delete from login_failure where last_failed_at < now() - interval '1 day'");
  if (gate.ceilingReached) return;
  if (await hit(db, a.tenantId, 'login_ceiling', accountKey(username))) await mailOwner(ctx, a);
}

/** Tells the account's owner (when the name is an account with a mail) that it is being guessed, once per ceiling. */
async function mailOwner(ctx: RequestContext, a: Attempt): Promise<void> {
  const { db, tenant } = ctx;
  // The figures of this period; the next period counts afresh.
  const rows = await db.query<{ failures: number; recent: boolean }>(
    `delete from login_failure where tenant_id = $1 and account_key = $2
     returning failures, last_failed_at > now() - make_interval(secs => $3) as recent`,
    [a.tenantId, accountKey(a.username), LIMITS.login_ceiling.windowSeconds],
  );
  const recent = rows.filter((r) => r.recent);
  const figures = { attempts: recent.reduce((n, r) => n + r.failures, 0), addresses: recent.length };
  const [user] = await db.query<{ user_id: string; username: string; mail: string | null; active_lang: number }>(
    "select user_id, username, mail, active_lang from app_user where tenant_id = $1 and lower(username) = $2 and registration_status = 'completed' and is_active",
    [a.tenantId, accountKey(a.username)],
  );
  if (!user?.mail) return;
  const rt = ctx.services.accounts;
  const outboxId = await queueMail(db, {
    tenantId: a.tenantId,
    userId: user.user_id,
    purpose: 'login_guessed',
    ...loginGuessedMail(siteOf(tenant, rt.linkOrigin), user.active_lang === 1 ? 1 : 0, { mail: user.mail, username: user.username }, {
      attempts: Math.max(figures.attempts, 1),
      addresses: Math.max(figures.addresses, 1),
      lockMinutes: LIMITS.login_ceiling.lockSeconds / 60,
    }),
  });
  rt.deliver(db, [outboxId], ctx.log);
}

/** A successful login: forgets this pair's failures and makes (or keeps) the address known to the account. */
export async function loginSucceeded(ctx: RequestContext, username: string, userId: string): Promise<void> {
  const { db } = ctx;
  const a = attemptOf(ctx, username);
  await clear(db, a.tenantId, 'login_pair', pairKey(a.username, a.ip));
  await db.query(
    `insert into login_known_address (user_id, address_hash, last_login_at) values ($1, $2, now())
     on conflict (user_id, address_hash) do update set last_login_at = now()`,
    [userId, addressHash(a.tenantId, username, a.ip)],
  );
  await db.query('delete from login_known_address where user_id = $1 and last_login_at <= now() - make_interval(days => $2)', [userId, KNOWN_ADDRESS_DAYS]);
}

/**
 * A completed password reset proves the mailbox: the account's ceiling and its pairs' locks end, and the
 * address the reset came from is known from now on.
 */
export async function passwordWasReset(ctx: RequestContext, username: string, userId: string): Promise<void> {
  const { db } = ctx;
  const tenantId = ctx.tenant.tenant_id;
  await release(db, tenantId, 'login_ceiling', accountKey(username));
  await release(db, tenantId, 'login_pair', `${accountKey(username)}|`, 'prefix');
  await db.query('delete from login_failure where tenant_id = $1 and account_key = $2', [tenantId, accountKey(username)]);
  await loginSucceeded(ctx, username, userId);
}
