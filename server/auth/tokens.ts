// Sessions: a login is a family (session_token.family_id) of access tokens (15 minutes) and refresh tokens
// (7 days, rotated on every use). Only sha256 hashes are stored. A refresh token presented after it was
// rotated or revoked is a sign of theft: the whole family is revoked. A family whose last activity (the latest
// use of one of its access tokens) is older than the site's idle time is over; refreshing does not count as
// activity, so the new access token inherits the family's last activity.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError } from '../http/api-error.ts';
import { hashSecret, newSecret } from './secret-hash.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface TokenAnswer {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope?: string;
}

export interface NewSession {
  tenantId: string;
  userId: string;
  scope?: string;
  /** The access key the external-application form logged in with. */
  accessKeyClientId?: string;
  /** Continue this family (a rotation) instead of starting a login. */
  familyId?: string;
  /** The family's last activity (a rotation keeps it); absent = now. */
  lastActivity?: Date | string;
}

/** Issues an access and a refresh token of a new (or the given) family. */
export async function issueSession(tx: Queryable, s: NewSession): Promise<TokenAnswer> {
  const familyId = s.familyId ?? randomUUID();
  // A new login sweeps the user's tokens that ended more than a day ago (spent refresh tokens are kept until
  // they expire, so a reuse is still recognised).
  if (!s.familyId) await tx.query("delete from session_token where user_id = $1 and expires_at < now() - interval '1 day'", [s.userId]);
  const access = newSecret();
  const refresh = newSecret();
  const insert = `insert into session_token (token_hash, tenant_id, user_id, kind, family_id, expires_at, last_used_at, scope, access_key_client_id)
                  values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), coalesce($7::timestamptz, now()), $8, $9)`;
  const common = [s.tenantId, s.userId];
  await tx.query(insert, [hashSecret(access), ...common, 'access', familyId, ACCESS_TOKEN_SECONDS, s.lastActivity ?? null, s.scope ?? null, s.accessKeyClientId ?? null]);
  await tx.query(insert, [hashSecret(refresh), ...common, 'refresh', familyId, REFRESH_TOKEN_SECONDS, null, s.scope ?? null, s.accessKeyClientId ?? null]);
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: ACCESS_TOKEN_SECONDS, ...(s.scope ? { scope: s.scope } : {}) };
}

/** Revokes every token of a login. */
export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('update session_token set revoked_at = now() where family_id = $1 and revoked_at is null', [familyId]);
}

/** Revokes every login of a user (a password reset). */
export async function revokeUserSessions(db: Queryable, tenantId: string, userId: string): Promise<void> {
  await db.query('update session_token set revoked_at = now() where tenant_id = $1 and user_id = $2 and revoked_at is null', [tenantId, userId]);
}

/** The login a token (access or refresh, live or not) belongs to, on this tenant. */
export async function familyOfToken(db: Queryable, tenantId: string, token: string): Promise<string | undefined> {
  const rows = await db.query<{ family_id: string }>('select family_id from session_token where token_hash = $1 and tenant_id = $2', [hashSecret(token), tenantId]);
  return rows[0]?.family_id;
}

/**
 * The refresh_token grant: answers a new pair of the same family, or 10096 — for an unknown, expired or
 * revoked token, an idle family or an account that can no longer log in. A reused token revokes its family.
 */
export async function rotateRefreshToken(db: Queryable & { transaction: <T>(w: (tx: Queryable) => Promise<T>) => Promise<T> }, tenant: { tenant_id: string; session_idle_seconds: number }, refreshToken: string): Promise<TokenAnswer> {
  const hash = hashSecret(refreshToken);
  const [row] = await db.query<{
    family_id: string;
    user_id: string;
    scope: string | null;
    access_key_client_id: string | null;
    revoked: boolean;
    usable: boolean;
    last_activity: Date | string | null;
  }>(
    `select t.family_id, t.user_id, t.scope, t.access_key_client_id, t.revoked_at is not null as revoked,
            (t.expires_at > now() and u.is_active and u.registration_status = 'completed'
             and coalesce(a.last_activity > now() - make_interval(secs => $3), false)) as usable,
            a.last_activity
       from session_token t
       join app_user u on u.user_id = t.user_id
       left join lateral (select max(last_used_at) as last_activity from session_token f
                           where f.family_id = t.family_id and f.kind = 'access') a on true
      where t.token_hash = $1 and t.tenant_id = $2 and t.kind = 'refresh'`,
    [hash, tenant.tenant_id, tenant.session_idle_seconds],
  );
  if (!row) throw new ApiError('session_ended');
  if (row.revoked || !row.usable) {
    await revokeFamily(db, row.family_id);
    throw new ApiError('session_ended');
  }
  const answer = await db.transaction(async (tx) => {
    // Taking the token is the lock: of two simultaneous uses only one wins; the other is a reuse.
    const taken = await tx.query('update session_token set revoked_at = now() where token_hash = $1 and revoked_at is null returning 1', [hash]);
    if (!taken.length) return undefined;
    return issueSession(tx, {
      tenantId: tenant.tenant_id,
      userId: row.user_id,
      familyId: row.family_id,
      lastActivity: row.last_activity ?? undefined,
      ...(row.scope ? { scope: row.scope } : {}),
      ...(row.access_key_client_id ? { accessKeyClientId: row.access_key_client_id } : {}),
    });
  });
  if (!answer) {
    await revokeFamily(db, row.family_id);
    throw new ApiError('session_ended');
  }
  return answer;
}
