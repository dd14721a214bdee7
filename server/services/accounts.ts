// Accounts in the database (app_user) as the handlers need them: the stored row → the wire's UserAccount, the
// public profile, the search, settings, registration (eligibility, the new account, its approval), passwords,
// and the 6-digit codes sent by mail (stored hashed, used once, compared in constant time).
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import type { Tenant } from '../http/context.ts';
import type { Lang } from '../http/api-error.ts';
import type { SiteInfo, MailLang } from '../mail/templates.ts';
import type { Gender, UserAccount } from '../../src/generated/types/entities.ts';
import type { UserGetResponse, UserRecordRequest, UserSearchRequest, UserSearchResponse, UserSettingsSaveRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, orderBy, pageRows, Where } from './paging.ts';

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

const PROFILE_FIELDS = ['about_me', 'cover_photo', 'website', 'facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;

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

export const langValueOf = (lang: Lang): MailLang => (lang === 'tr' ? 0 : 1);

export function siteOf(tenant: Tenant, origin: (domain: string) => string): SiteInfo {
  const name = typeof tenant.frontend.application_name === 'string' ? tenant.frontend.application_name : tenant.domain;
  return { name, origin: origin(tenant.domain) };
}

// ---------------------------------------------------------------------------------------------------------
// Profiles, the user search and settings

/** The id of the site's active user with this username (any letter case). */
export async function activeUserIdByUsername(db: Queryable, tenantId: string, username: string): Promise<string | undefined> {
  const [user] = await db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and lower(username) = lower($2) and is_active', [tenantId, username]);
  return user?.user_id;
}

/** Those of the ids that are users of the site. */
export async function siteUserIds(db: Queryable, tenantId: string, ids: string[]): Promise<string[]> {
  return (await db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and user_id = any($2::uuid[])', [tenantId, ids])).map((r) => r.user_id);
}

/** The public profile of the site's active, registered user with this username (any letter case): no mail, birth date or gender. */
export async function publicProfile(db: Queryable, tenantId: string, username: string): Promise<UserGetResponse['user'] | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `select user_id, username, firstname, lastname, about_me, cover_photo, website, facebook, instagram, linkedin, twitter, youtube
       from app_user where tenant_id = $1 and lower(username) = lower($2) and is_active and registration_status = 'completed'`,
    [tenantId, username],
  );
  if (!row) return undefined;
  const { user_id, ...profile } = row;
  const user = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== null && v !== undefined));
  return { user_client_id: user_id as string, ...(user as { username: string }) };
}

/**
 * Replaces the user's profile with `d`, the whole profile: an absent profile field is cleared; gender and
 * language keep their value. False when the site has no such user.
 */
export async function updateProfile(db: Queryable, tenantId: string, userId: string, d: UserRecordRequest['user_data']): Promise<boolean> {
  const profile = PROFILE_FIELDS.map((k) => (k === 'about_me' ? (d.about_me ? JSON.stringify(d.about_me) : null) : (d[k] ?? null)));
  const updated = await db.query(
    `update app_user set firstname = $3, lastname = $4, gender = coalesce($5, gender), date_of_birth = $6::date,
            active_lang = coalesce($7, active_lang), about_me = $8::jsonb, cover_photo = $9, website = $10, facebook = $11,
            instagram = $12, linkedin = $13, twitter = $14, youtube = $15, updated_at = now()
      where tenant_id = $1 and user_id = $2 returning user_id`,
    [tenantId, userId, d.firstname, d.lastname, d.gender ?? null, d.date_of_birth ?? null, d.active_lang?.value ?? null, ...profile],
  );
  return updated.length > 0;
}

/** One page of the site's active, registered users whose username or names contain the search text. */
export async function searchUsers(db: Queryable, tenantId: string, input: UserSearchRequest) {
  const pattern = containsPattern(input.search.trim());
  const where = new Where()
    .add("tenant_id = ? and is_active and registration_status = 'completed'", tenantId)
    .add("(username ilike ? escape '\\' or firstname ilike ? escape '\\' or lastname ilike ? escape '\\')", pattern, pattern, pattern);
  const { rows, ...paging } = await pageRows<{ user_id: string; username: string; firstname: string | null; lastname: string | null }>(db, {
    select: 'select user_id, username, firstname, lastname from app_user',
    where,
    order: orderBy(input.sort, 'username', { username: 'lower(username)', lastname: 'lower(lastname)' }, 'lower(username) asc, user_id'),
    paging: input,
  });
  const users: UserSearchResponse['user_list'] = rows.map((r) => ({
    user_client_id: r.user_id,
    username: r.username,
    ...(r.firstname ? { firstname: r.firstname } : {}),
    ...(r.lastname ? { lastname: r.lastname } : {}),
  }));
  return { rows: users, ...paging };
}

export type UserSettings = UserSettingsSaveRequest['user_settings'];

/** The user's settings; a user who chose no currency yet gets `defaultCurrency` (the site's). */
export async function userSettings(db: Queryable, tenantId: string, userId: string, defaultCurrency: 0 | 1): Promise<UserSettings | undefined> {
  const [row] = await db.query<{ active_lang: number; user_currency_type: number | null; mail_notification: boolean }>(
    'select active_lang, user_currency_type, mail_notification from app_user where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  if (!row) return undefined;
  return {
    active_lang: (row.active_lang === 1 ? 1 : 0) as 0 | 1,
    user_currency_type: (row.user_currency_type ?? defaultCurrency) as 0 | 1,
    mail_notification: row.mail_notification,
  };
}

export async function saveUserSettings(db: Queryable, tenantId: string, userId: string, s: UserSettings): Promise<void> {
  await db.query('update app_user set active_lang = $3, user_currency_type = $4, mail_notification = $5, updated_at = now() where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
    s.active_lang,
    s.user_currency_type,
    s.mail_notification,
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Logging in and passwords

type LoginAccount = { user_id: string; password_hash: string | null; is_active: boolean; registration_status: string };

/** What a password login checks, for the site's user with this username (any letter case). */
export async function loginAccount(db: Queryable, tenantId: string, username: string): Promise<LoginAccount | undefined> {
  const [user] = await db.query<LoginAccount>(
    'select user_id, password_hash, is_active, registration_status from app_user where tenant_id = $1 and lower(username) = lower($2)',
    [tenantId, username],
  );
  return user;
}

/** The registration status of the site's user when the account is active. */
export async function registrationStatusOfActiveUser(db: Queryable, tenantId: string, userId: string): Promise<string | undefined> {
  const [user] = await db.query<{ registration_status: string }>('select registration_status from app_user where user_id = $1 and tenant_id = $2 and is_active', [
    userId,
    tenantId,
  ]);
  return user?.registration_status;
}

/** Replaces a password hash made at an older cost, only while it is still `oldHash` (a reset meanwhile wins). */
export async function upgradePasswordHash(db: Queryable, userId: string, hash: string, oldHash: string): Promise<void> {
  await db.query('update app_user set password_hash = $2, updated_at = now() where user_id = $1 and password_hash = $3', [userId, hash, oldHash]);
}

/** Sets a new password (its hash) and when it changed. */
export async function setPassword(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query('update app_user set password_hash = $2, password_changed_at = now(), updated_at = now() where user_id = $1', [userId, hash]);
}

/** The site's active, registered user with this mail (any letter case): whom a password reset mail goes to. */
export async function activeUserByMail(db: Queryable, tenantId: string, mail: string) {
  const [user] = await db.query<{ user_id: string; username: string; mail: string; active_lang: number }>(
    `select user_id, username, mail, active_lang from app_user
      where tenant_id = $1 and lower(mail) = lower($2) and registration_status = 'completed' and is_active`,
    [tenantId, mail],
  );
  return user;
}

/** The site's active, registered user with this id, with what a new password is checked against. */
export async function activeUserById(db: Queryable, tenantId: string, userId: string) {
  const [user] = await db.query<{ user_id: string; username: string; mail: string | null; firstname: string | null; lastname: string | null }>(
    "select user_id, username, mail, firstname, lastname from app_user where tenant_id = $1 and user_id = $2 and registration_status = 'completed' and is_active",
    [tenantId, userId],
  );
  return user;
}

// ---------------------------------------------------------------------------------------------------------
// Registration

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

export interface NewUser {
  tenantId: string;
  username: string;
  mail: string;
  firstname: string;
  lastname: string;
  gender: Gender;
  dateOfBirth?: string;
  activeLang: MailLang;
  passwordHash: string | null;
  status: 'approve_waiting' | 'completed';
  agreementsApproved: boolean;
  registeredBy?: string;
  application?: string;
}

/** Stores a new account; answers its id. */
export async function insertUser(tx: Queryable, u: NewUser): Promise<string> {
  const [row] = await tx.query<{ user_id: string }>(
    `insert into app_user (user_id, tenant_id, username, mail, firstname, lastname, gender, date_of_birth, active_lang, password_hash,
                           registration_status, agreements_approved_at, registered_by, registered_through_application, password_changed_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $11 then now() end, $12, $13, case when $9::text is not null then now() end)
     returning user_id`,
    [u.tenantId, u.username, u.mail, u.firstname, u.lastname, u.gender, u.dateOfBirth ?? null, u.activeLang, u.passwordHash, u.status, u.agreementsApproved, u.registeredBy ?? null, u.application ?? null],
  );
  return row.user_id;
}

/** The id of the site's registration waiting for approval, by the user's id. */
export async function waitingUserById(db: Queryable, tenantId: string, userId: string): Promise<string | undefined> {
  const [user] = await db.query<{ user_id: string }>("select user_id from app_user where tenant_id = $1 and user_id = $2 and registration_status = 'approve_waiting'", [
    tenantId,
    userId,
  ]);
  return user?.user_id;
}

/** The id of the site's registration waiting for approval, by its mail (any letter case). */
export async function waitingUserByMail(db: Queryable, tenantId: string, mail: string): Promise<string | undefined> {
  const [user] = await db.query<{ user_id: string }>(
    "select user_id from app_user where tenant_id = $1 and lower(mail) = lower($2) and registration_status = 'approve_waiting'",
    [tenantId, mail],
  );
  return user?.user_id;
}

/** A waiting registration whose code expired is not accepted. */
export async function refuseRegistration(db: Queryable, userId: string): Promise<void> {
  await db.query("update app_user set registration_status = 'not_accepted', updated_at = now() where user_id = $1 and registration_status = 'approve_waiting'", [userId]);
}

/** Completes a waiting registration; answers when its mail was approved, undefined when it was not waiting. */
export async function completeRegistration(tx: Queryable, tenantId: string, userId: string): Promise<Date | string | undefined> {
  const [row] = await tx.query<{ mail_approved_at: Date | string }>(
    `update app_user set registration_status = 'completed', mail_approved_at = now(), updated_at = now()
      where user_id = $1 and tenant_id = $2 and registration_status = 'approve_waiting' returning mail_approved_at`,
    [userId, tenantId],
  );
  return row?.mail_approved_at;
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
