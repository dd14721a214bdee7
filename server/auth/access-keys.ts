// External applications' keys, users' access keys and the tokens made from them. Every one of them is a
// secret kept only as a sha256 hash (server/auth/secret-hash.ts) and looked up within one tenant.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { hashSecret, newSecret } from './secret-hash.ts';

/** The longest key a person or the server may choose (spec section 9, "Maximum key character count is 32"). */
export const KEY_MAX_LENGTH = 32;
/** How long a token made by user/accesskey/token/create works. */
export const ACCESS_KEY_TOKEN_SECONDS = 24 * 60 * 60;

/** A new random key of exactly 32 characters (24 random bytes, base64url: letters, digits, _ and -). */
export const newKey = (): string => randomBytes(24).toString('base64url');

/** A new access key token (43 characters, 256 random bits). */
export const newAccessKeyToken = (): string => newSecret(32);

export interface AccessKeyTokenOwner {
  user_id: string;
  access_key_client_id: string;
  externalapplication_client_id: string;
}

/**
 * The user behind an access key token presented with an external application's key (the external-application
 * form of /v1/oauth/token): the token must be unexpired and unrevoked, made from an access key of that
 * application on this tenant, whose user is active. Answers undefined otherwise, whatever the reason, so the
 * caller cannot tell a wrong key from a wrong token.
 */
export async function userOfAccessKeyToken(
  tx: Queryable,
  tenantId: string,
  externalapplicationKey: string,
  accessKeyToken: string,
): Promise<AccessKeyTokenOwner | undefined> {
  if (!externalapplicationKey || externalapplicationKey.length > KEY_MAX_LENGTH || !accessKeyToken) return undefined;
  const rows = await tx.query<{ user_id: string; access_key_client_id: string; externalapplication_client_id: string }>(
    `select k.user_id, k.access_key_client_id, k.externalapplication_client_id
       from access_key_token t
       join access_key k on k.access_key_client_id = t.access_key_client_id and k.tenant_id = t.tenant_id
       join external_application e on e.externalapplication_client_id = k.externalapplication_client_id and e.tenant_id = k.tenant_id
       join app_user u on u.user_id = k.user_id and u.tenant_id = k.tenant_id
      where t.token_hash = $1 and t.tenant_id = $2 and e.key_hash = $3
        and t.revoked_at is null and t.expires_at > now() and u.is_active`,
    [hashSecret(accessKeyToken), tenantId, hashSecret(externalapplicationKey)],
  );
  return rows[0];
}

export type TokenStatus = 'valid' | 'expired' | 'revoked';

/**
 * The state of an access key token for /v1/externalapplication/token/check: undefined when this application
 * (by its key, on this tenant) never issued it.
 */
export async function accessKeyTokenStatus(
  tx: Queryable,
  tenantId: string,
  externalapplicationKey: string,
  accessKeyToken: string,
): Promise<{ token_status: TokenStatus; expires_at: string } | undefined> {
  const rows = await tx.query<{ revoked: boolean; expired: boolean; expires_at: Date | string }>(
    `select t.revoked_at is not null as revoked, t.expires_at <= now() as expired, t.expires_at
       from access_key_token t
       join access_key k on k.access_key_client_id = t.access_key_client_id and k.tenant_id = t.tenant_id
       join external_application e on e.externalapplication_client_id = k.externalapplication_client_id and e.tenant_id = k.tenant_id
      where t.token_hash = $1 and t.tenant_id = $2 and e.key_hash = $3`,
    [hashSecret(accessKeyToken), tenantId, hashSecret(externalapplicationKey)],
  );
  if (!rows.length) return undefined;
  const r = rows[0];
  return { token_status: r.revoked ? 'revoked' : r.expired ? 'expired' : 'valid', expires_at: new Date(r.expires_at).toISOString() };
}
