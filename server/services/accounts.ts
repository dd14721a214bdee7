// Accounts as the handlers need them: the stored row → the wire's UserAccount, registration eligibility, and
// the 6-digit codes sent by mail (stored hashed, used once, compared in constant time).
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import type { Tenant } from '../http/context.ts';
import type { Lang } from '../http/api-error.ts';
import type { SiteInfo, MailLang } from '../mail/templates.ts';
import type { Gender, UserAccount } from '../../src/generated/types/entities.ts';

export const USER_COLUMNS = `u.user_id, u.username, u.mail, u.firstname, u.lastname, u.gender,
  to_char(u.date_of_birth, 'YYYY-MM-DD') as date_of_birth, u.about_me, u.active_lang, u.is_active, u.registration_status,
  u.cover_photo, u.website, u.facebook, u.instagram, u.linkedin, u.twitter, u.youtube`;

export interface UserRow {
  user_id: string;
  username: string;
  mail: string | null;
  firstname: string | null;
  lastname: string | null;
  gender: Gender | null;
  date_of_birth: string | null;
  about_me: string[] | null;
  active_lang: number;
  is_active: boolean;
  registration_status: UserAccount['registration_status'];
  cover_photo: string | null;
  website: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
  twitter: string | null;
  youtube: string | null;
  [k: string]: unknown;
}

export const PROFILE_FIELDS = ['about_me', 'cover_photo', 'website', 'facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;

const LANG_LABELS = ['tr', 'en'] as const;

export const languageOption = (value: number) => ({ label: LANG_LABELS[value === 1 ? 1 : 0], value: (value === 1 ? 1 : 0) as 0 | 1 });

/** The stored row as the wire's account: absent fields are left out, never null. */
export function accountOf(row: UserRow): UserAccount {
  const optional = Object.fromEntries(
    (['mail', 'firstname', 'lastname', 'gender', 'date_of_birth', ...PROFILE_FIELDS] as const)
      .filter((k) => row[k] !== null && row[k] !== undefined)
      .map((k) => [k, row[k]]),
  );
  return {
    user_client_id: row.user_id,
    username: row.username,
    ...optional,
    active_lang: languageOption(row.active_lang),
    is_active: { label: row.is_active ? 'active' : 'passive', value: row.is_active ? 1 : 0 },
    registration_status: row.registration_status,
  };
}

export async function loadUser(db: Queryable, tenantId: string, userId: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from app_user u where u.tenant_id = $1 and u.user_id = $2`, [tenantId, userId]);
  return rows[0];
}

/** The id of the site's active user with this username (any letter case). */
export async function activeUserIdByUsername(db: Queryable, tenantId: string, username: string): Promise<string | undefined> {
  const [user] = await db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and lower(username) = lower($2) and is_active', [tenantId, username]);
  return user?.user_id;
}

/** Those of the ids that are users of the site. */
export async function siteUserIds(db: Queryable, tenantId: string, ids: string[]): Promise<string[]> {
  return (await db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and user_id = any($2::uuid[])', [tenantId, ids])).map((r) => r.user_id);
}

export const langValueOf = (lang: Lang): MailLang => (lang === 'tr' ? 0 : 1);

export function siteOf(tenant: Tenant, origin: (domain: string) => string): SiteInfo {
  const name = typeof tenant.frontend.application_name === 'string' ? tenant.frontend.application_name : tenant.domain;
  return { name, origin: origin(tenant.domain) };
}

// ---------------------------------------------------------------------------------------------------------
// Registration eligibility

/**
 * A registration that was never approved and whose code has expired (or that was not accepted) does not
 * hold its username and e-mail: it is removed when someone registers with either.
 */
export async function releaseStaleRegistrations(tx: Queryable, tenantId: string, username: string, mail: string): Promise<void> {
  await tx.query(
    `delete from app_user u
      where u.tenant_id = $1 and (lower(u.username) = lower($2) or lower(u.mail) = lower($3))
        and u.registration_status <> 'completed'
        and not exists (select 1 from mail_code c where c.user_id = u.user_id and c.purpose = 'register' and c.used_at is null and c.expires_at > now())`,
    [tenantId, username, mail],
  );
}

export async function eligibility(tx: Queryable, tenantId: string, username: string, mail: string): Promise<{ is_username_eligible: boolean; is_email_eligible: boolean }> {
  await releaseStaleRegistrations(tx, tenantId, username, mail);
  const [row] = await tx.query<{ username_taken: boolean; mail_taken: boolean }>(
    `select exists (select 1 from app_user where tenant_id = $1 and lower(username) = lower($2)) as username_taken,
            exists (select 1 from app_user where tenant_id = $1 and lower(mail) = lower($3)) as mail_taken`,
    [tenantId, username, mail],
  );
  return { is_username_eligible: !row.username_taken, is_email_eligible: !row.mail_taken };
}

// ---------------------------------------------------------------------------------------------------------
// Mail codes

export type CodePurpose = 'register' | 'password_reset';

export const CODE_SECONDS = {
  register: 24 * 60 * 60,
  password_reset: 60 * 60,
  /** The set-password code of an account an authorized person opened. */
  first_password: 24 * 60 * 60,
} as const;

/** Six digits, evenly drawn. */
export const newMailCode = (): string => String(randomInt(1_000_000)).padStart(6, '0');

const codeHash = (mailId: string, code: string) => hashSecret(`${mailId}:${code}`);

/** Stores a new code (hashed); it replaces the user's earlier codes of the same purpose. */
export async function createMailCode(
  tx: Queryable,
  c: { tenantId: string; userId: string; purpose: CodePurpose; mail: string; seconds: number },
): Promise<{ mailId: string; code: string }> {
  const mailId = randomUUID();
  const code = newMailCode();
  await tx.query('update mail_code set used_at = now() where user_id = $1 and purpose = $2 and used_at is null', [c.userId, c.purpose]);
  await tx.query(
    `insert into mail_code (mail_id, tenant_id, user_id, purpose, mail, code_hash, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [mailId, c.tenantId, c.userId, c.purpose, c.mail, codeHash(mailId, code), c.seconds],
  );
  return { mailId, code };
}

export type CodeCheck = { result: 'ok'; mailId: string } | { result: 'wrong' } | { result: 'expired' };

/** Checks `code` against the user's live code of this purpose, without using it up. */
export async function checkMailCode(db: Queryable, c: { tenantId: string; userId: string; purpose: CodePurpose; code: string }): Promise<CodeCheck> {
  const [row] = await db.query<{ mail_id: string; code_hash: string; fresh: boolean }>(
    `select mail_id, code_hash, expires_at > now() as fresh from mail_code
      where tenant_id = $1 and user_id = $2 and purpose = $3 and used_at is null
      order by created_at desc limit 1`,
    [c.tenantId, c.userId, c.purpose],
  );
  if (!row) return { result: 'wrong' };
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHash(row.mail_id, c.code));
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row.fresh) return { result: 'expired' };
  return matches ? { result: 'ok', mailId: row.mail_id } : { result: 'wrong' };
}

/** Uses a code up; false when another call used it first. */
export async function useMailCode(tx: Queryable, mailId: string): Promise<boolean> {
  return (await tx.query('update mail_code set used_at = now() where mail_id = $1 and used_at is null returning 1', [mailId])).length > 0;
}
