// Who is calling, from the Authorization header: `Bearer <access token>` (a user) or `Fkey <key>` (a front
// end acting without a user). Credentials are looked up by hash, within the request's tenant only.
import type { Queryable } from '../db/adapter.ts';
import { ApiError } from '../http/api-error.ts';
import { hashSecret } from './secret-hash.ts';
import type { CallerCache } from './caller-cache.ts';
import type { CallerType } from '../../src/generated/route-table.ts';
import type { Viewer } from '../../src/domain/page-access.ts';

export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      username: string;
      authCodes: string[];
      /** The login (session_token.family_id) the access token belongs to. */
      familyId?: string;
      /** Set when oauth/token issued the login from an access key token (the external-application form). */
      accessKeyClientId?: string;
    }
  | { kind: 'fkey'; keyName: string; /** What the administrator let it call (a route's fkey_scope). */ scopes: readonly string[] };

type Credential = { scheme: 'bearer' | 'fkey'; secret: string } | undefined;

export function credentialOf(header: string | undefined): Credential {
  const m = /^(Bearer|Fkey)\s+(\S{8,512})\s*$/i.exec(header ?? '');
  return m ? { scheme: m[1].toLowerCase() as 'bearer' | 'fkey', secret: m[2] } : undefined;
}

/**
 * The auth codes a user holds today: a holding that is not cancelled, with today inside its dates and its
 * authorization's, of an authorization that is not cancelled (server/services/authorization-rules.ts isValidOn).
 * `user` names the user id in SQL: a parameter, or a column of the statement it is part of.
 */
export const activeAuthCodesSql = (tenant: string, user: string) => `select distinct h.auth_name from user_authorization h
       join "authorization" a on a.auth_id = h.auth_id and a.tenant_id = h.tenant_id
      where h.tenant_id = ${tenant} and h.user_id = ${user} and not h.is_cancelled and not a.is_cancelled
        and (h.start_date is null or h.start_date <= current_date) and (h.end_date is null or h.end_date >= current_date)
        and (a.start_date is null or a.start_date <= current_date) and (a.end_date is null or a.end_date >= current_date)`;

export async function activeAuthCodes(db: Queryable, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ auth_name: string }>(activeAuthCodesSql('$1', '$2'), [tenantId, userId]);
  return rows.map((r) => r.auth_name).sort();
}

/**
 * A token's last use is written when it is older than this: the idle window slides in steps this long, and
 * a busy client's calls read its session without writing it (nor queueing behind each other on its row).
 * It is also the longest a signed-in caller is kept in memory (./caller-cache.ts) before the token is checked again.
 */
export const ACTIVITY_STEP_SECONDS = 30;

async function userOfToken(db: Queryable, callers: CallerCache, tenantId: string, token: string, idleSeconds: number): Promise<Caller | undefined> {
  const tokenHash = hashSecret(token);
  const kept = callers.get(tenantId, tokenHash);
  if (kept) return kept;
  const mark = callers.mark();
  // One statement checks the token, its user and their auth codes, and slides the idle window. The window is
  // the login's (family's): its last activity is the latest use of any of its access tokens, so a refresh
  // (which makes a new access token without using it) does not count as activity.
  const rows = await db.query<{ user_id: string; username: string; family_id: string; access_key_client_id: string | null; auth_codes: string[]; remaining_ms: number }>(
    `with caller as (
       select t.token_hash, t.last_used_at, t.expires_at, t.family_id, t.access_key_client_id, u.user_id, u.username
         from session_token t join app_user u on u.user_id = t.user_id
        where t.token_hash = $1 and t.tenant_id = $2 and t.kind = 'access' and t.revoked_at is null and t.expires_at > now()
          and (select max(f.last_used_at) from session_token f where f.family_id = t.family_id and f.kind = 'access')
              > now() - make_interval(secs => $3)
          and u.is_active and u.registration_status = 'completed'),
     touched as (
       update session_token t set last_used_at = now() from caller c
        where t.token_hash = c.token_hash and t.tenant_id = $2 and c.last_used_at < now() - make_interval(secs => $4)
       returning 1)
     select c.user_id, c.username, c.family_id, c.access_key_client_id,
            array(${activeAuthCodesSql('$2', 'c.user_id')} order by 1) as auth_codes,
            (extract(epoch from c.expires_at - now()) * 1000)::float8 as remaining_ms
       from caller c`,
    [tokenHash, tenantId, idleSeconds, ACTIVITY_STEP_SECONDS],
  );
  if (!rows.length) return undefined;
  const r = rows[0];
  // Frozen: one object answers this token's calls while it is kept.
  const caller: Extract<Caller, { kind: 'user' }> = Object.freeze({
    kind: 'user',
    userId: r.user_id,
    username: r.username,
    authCodes: Object.freeze(r.auth_codes) as string[],
    familyId: r.family_id,
    ...(r.access_key_client_id ? { accessKeyClientId: r.access_key_client_id } : {}),
  } as const);
  // The token's remaining life as the database counts it: no clock difference between the two hosts lengthens it.
  callers.keep(mark, tenantId, tokenHash, caller, Date.now() + Math.min(ACTIVITY_STEP_SECONDS * 1000, r.remaining_ms));
  return caller;
}

async function frontendKey(db: Queryable, tenantId: string, key: string): Promise<Caller | undefined> {
  const rows = await db.query<{ name: string; scope_list: string[] }>(
    'select name, scope_list from frontend_key where key_hash = $1 and tenant_id = $2 and revoked_at is null',
    [hashSecret(key), tenantId],
  );
  return rows.length ? { kind: 'fkey', keyName: rows[0].name, scopes: rows[0].scope_list } : undefined;
}

/**
 * Identifies the caller and enforces the route's caller type. Routes open to anyone ignore credentials that
 * do not check out (an expired token must not block logout or the shop window).
 */
export async function identifyCaller(
  db: Queryable,
  callers: CallerCache,
  tenant: { tenant_id: string; session_idle_seconds: number },
  header: string | undefined,
  callerType: CallerType,
): Promise<Caller> {
  const credential = credentialOf(header);
  let caller: Caller | undefined;
  if (credential?.scheme === 'bearer') caller = await userOfToken(db, callers, tenant.tenant_id, credential.secret, tenant.session_idle_seconds);
  else if (credential?.scheme === 'fkey' && callerType !== 'token') caller = await frontendKey(db, tenant.tenant_id, credential.secret);
  if (caller) return caller;
  if (isOpen(callerType)) return ANONYMOUS;
  if (credential?.scheme === 'bearer') throw new ApiError('session_ended');
  if (credential?.scheme === 'fkey' && callerType === 'token_or_fkey') throw new ApiError('invalid_key');
  throw new ApiError('login_required');
}

/** Nobody signed in (frozen: one object for every such call). */
export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });
const isOpen = (callerType: CallerType) => callerType === 'none' || callerType === 'token_or_fkey_or_none';

/** The caller of a call without credentials: a visitor where the route is open to one, else asked to sign in. */
export function visitor(callerType: CallerType): Caller {
  if (isOpen(callerType)) return ANONYMOUS;
  throw new ApiError('login_required');
}

/** A signed-in user as handlers see them. */
export interface SignedIn {
  userId: string;
  username: string;
  authCodes: string[];
  /** Holds admin: reaches every record of the site. */
  isAdmin: boolean;
  familyId?: string;
  accessKeyClientId?: string;
}

/** The caller as the page-access rule sees it (a front-end key is nobody signed in). */
export const viewerOf = ({ caller }: { caller: Caller }): Viewer =>
  caller.kind === 'user' ? { loggedIn: true, authCodes: caller.authCodes } : { loggedIn: false, authCodes: [] };

/** The signed-in user of this call, or undefined for a visitor or a front-end key. */
export function optionalUser({ caller }: { caller: Caller }): SignedIn | undefined {
  if (caller.kind !== 'user') return undefined;
  const { kind: _kind, ...user } = caller;
  return { ...user, isAdmin: user.authCodes.includes('admin') };
}

/** The signed-in user of this call; anyone else is asked to sign in (10014). */
export function requireUser(ctx: { caller: Caller }): SignedIn {
  const user = optionalUser(ctx);
  if (!user) throw new ApiError('login_required');
  return user;
}

/**
 * A route with auth codes admits a user holding one of them today. A front-end key never holds any: it is
 * admitted to such a route only when the route names a scope (fkey_scope) the key was given.
 */
export function requireAuthCodes(caller: Caller, authCodes: readonly string[], fkeyScope?: string): void {
  if (caller.kind === 'fkey' && fkeyScope) {
    if (!caller.scopes.includes(fkeyScope)) throw new ApiError('fkey_scope_missing');
    return;
  }
  if (authCodes.length && !(caller.kind === 'user' && caller.authCodes.some((c) => authCodes.includes(c))))
    throw new ApiError('forbidden', { auth_codes: authCodes.join(', ') });
}

/**
 * Hospital management (the hospital settings, the idle time): the route's auth codes admit admin and hospital
 * officials; a hospital official manages only a clinical site (clinical_function 1), the site's admin any site.
 */
export function requireHospitalManager(ctx: { caller: Caller; tenant: { frontend: { clinical_function?: number } } }): SignedIn {
  const me = requireUser(ctx);
  if (!me.isAdmin && ctx.tenant.frontend.clinical_function !== 1) throw new ApiError('forbidden', { auth_codes: 'admin' });
  return me;
}
