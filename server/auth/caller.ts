// Who is calling, from the Authorization header: `Bearer <access token>` (a user) or `Fkey <key>` (a front
// end acting without a user). Credentials are looked up by hash, within the request's tenant only.
import type { Queryable } from '../db/adapter.ts';
import { ApiError } from '../http/api-error.ts';
import { hashSecret } from './secret-hash.ts';
import type { CallerType } from '../../src/generated/route-table.ts';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; username: string; authCodes: string[] }
  | { kind: 'fkey'; keyName: string };

type Credential = { scheme: 'bearer' | 'fkey'; secret: string } | undefined;

export function credentialOf(header: string | undefined): Credential {
  const m = /^(Bearer|Fkey)\s+(\S{8,512})\s*$/i.exec(header ?? '');
  return m ? { scheme: m[1].toLowerCase() as 'bearer' | 'fkey', secret: m[2] } : undefined;
}

/** The auth codes a user holds today: not cancelled and inside their start/end dates. */
export async function activeAuthCodes(db: Queryable, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ auth_name: string }>(
    `select distinct auth_name from user_authorization
      where tenant_id = $1 and user_id = $2 and not is_cancelled
        and (start_date is null or start_date <= current_date)
        and (end_date is null or end_date >= current_date)`,
    [tenantId, userId],
  );
  return rows.map((r) => r.auth_name).sort();
}

async function userOfToken(db: Queryable, tenantId: string, token: string, idleSeconds: number): Promise<Caller | undefined> {
  // One statement both checks and slides the idle window, so a busy user is not logged out mid-work.
  const rows = await db.query<{ user_id: string; username: string }>(
    `update session_token t set last_used_at = now()
       from app_user u
      where t.token_hash = $1 and t.tenant_id = $2 and t.kind = 'access' and t.revoked_at is null
        and t.expires_at > now() and t.last_used_at > now() - make_interval(secs => $3)
        and u.user_id = t.user_id and u.is_active
      returning u.user_id, u.username`,
    [hashSecret(token), tenantId, idleSeconds],
  );
  if (!rows.length) return undefined;
  return { kind: 'user', userId: rows[0].user_id, username: rows[0].username, authCodes: await activeAuthCodes(db, tenantId, rows[0].user_id) };
}

async function frontendKey(db: Queryable, tenantId: string, key: string): Promise<Caller | undefined> {
  const rows = await db.query<{ name: string }>('select name from frontend_key where key_hash = $1 and tenant_id = $2 and revoked_at is null', [
    hashSecret(key),
    tenantId,
  ]);
  return rows.length ? { kind: 'fkey', keyName: rows[0].name } : undefined;
}

/**
 * Identifies the caller and enforces the route's caller type. Routes open to anyone ignore credentials that
 * do not check out (an expired token must not block logout or the shop window).
 */
export async function identifyCaller(
  db: Queryable,
  tenant: { tenant_id: string; session_idle_seconds: number },
  header: string | undefined,
  callerType: CallerType,
): Promise<Caller> {
  const credential = credentialOf(header);
  const open = callerType === 'none' || callerType === 'token_or_fkey_or_none';
  let caller: Caller | undefined;
  if (credential?.scheme === 'bearer') caller = await userOfToken(db, tenant.tenant_id, credential.secret, tenant.session_idle_seconds);
  else if (credential?.scheme === 'fkey' && callerType !== 'token') caller = await frontendKey(db, tenant.tenant_id, credential.secret);
  if (caller) return caller;
  if (open) return { kind: 'anonymous' };
  if (credential?.scheme === 'bearer') throw new ApiError('session_ended');
  if (credential?.scheme === 'fkey' && callerType === 'token_or_fkey') throw new ApiError('invalid_key');
  throw new ApiError('login_required');
}

/** A route with auth codes admits a user holding one of them today; a front-end key never holds any. */
export function requireAuthCodes(caller: Caller, authCodes: readonly string[]): void {
  if (authCodes.length && !(caller.kind === 'user' && caller.authCodes.some((c) => authCodes.includes(c))))
    throw new ApiError('forbidden', { auth_codes: authCodes.join(', ') });
}
