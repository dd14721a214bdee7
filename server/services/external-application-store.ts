// External applications, users' access keys and their tokens in the database (external_application,
// access_key, access_key_token): the rows as the contract's records, and the reads and writes of
// server/handlers/external-application.ts. Keys arrive as sent and are stored and compared only as sha256
// hashes (server/auth/secret-hash.ts). The token lookups of /v1/oauth/token are in server/auth/access-keys.ts.
import type { Queryable } from '../db/adapter.ts';
import type { AccessKey, ExternalApplication } from '../../src/generated/types/entities.ts';
import type { UserGetByAccessKeyResponse } from '../../src/generated/types/routes.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import { languageOption } from './accounts.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

export interface ApplicationRow {
  externalapplication_client_id: string;
  externalapplication_name: string;
  externalapplication_url: string;
  externalapplication_route: string | null;
  register_in_this_application_status: number;
  external_application_for_register: boolean;
  created_by: string | null;
}

const APPLICATION_COLUMNS = `externalapplication_client_id, externalapplication_name, externalapplication_url, externalapplication_route,
  register_in_this_application_status, external_application_for_register, created_by`;

/** The public face of an application (no key, no tokens). */
export function publicApplication(r: ApplicationRow) {
  return {
    externalapplication_client_id: r.externalapplication_client_id,
    externalapplication_name: r.externalapplication_name,
    externalapplication_url: r.externalapplication_url,
    ...(r.externalapplication_route ? { externalapplication_route: r.externalapplication_route } : {}),
    register_in_this_application_status: r.register_in_this_application_status as 0 | 1,
    external_application_for_register: r.external_application_for_register,
  };
}

export const applicationAnswer = (r: ApplicationRow): ExternalApplication => ({
  ...publicApplication(r),
  ...(r.created_by ? { user_client_id: r.created_by } : {}),
});

export async function applicationById(db: Queryable, tenantId: string, id: string): Promise<ApplicationRow | undefined> {
  return (await db.query<ApplicationRow & Record<string, unknown>>(`select ${APPLICATION_COLUMNS} from external_application where externalapplication_client_id = $1 and tenant_id = $2`, [id, tenantId]))[0];
}

/** The id of the site's application with this key. */
export async function applicationIdByKey(db: Queryable, tenantId: string, key: string): Promise<string | undefined> {
  const [app] = await db.query<{ id: string }>('select externalapplication_client_id as id from external_application where tenant_id = $1 and key_hash = $2', [
    tenantId,
    hashSecret(key),
  ]);
  return app?.id;
}

/** The id of the site's application with this key when it is listed on the registration page. */
export async function registrationApplicationId(db: Queryable, tenantId: string, key: string): Promise<string | undefined> {
  const [app] = await db.query<{ externalapplication_client_id: string }>(
    'select externalapplication_client_id from external_application where tenant_id = $1 and key_hash = $2 and external_application_for_register',
    [tenantId, hashSecret(key)],
  );
  return app?.externalapplication_client_id;
}

/** Who made the application, its row locked for an edit; undefined when the site has no such application. */
export async function lockApplication(tx: Queryable, tenantId: string, id: string): Promise<{ created_by: string | null } | undefined> {
  const [existing] = await tx.query<{ created_by: string | null }>(
    'select created_by from external_application where externalapplication_client_id = $1 and tenant_id = $2 for update',
    [id, tenantId],
  );
  return existing;
}

/** What an application form sends. */
export interface ApplicationFields {
  externalapplication_name: string;
  externalapplication_url: string;
  externalapplication_route?: string;
  register_in_this_application_status?: 0 | 1;
  external_application_for_register?: boolean;
}

const applicationValues = (a: ApplicationFields) => [
  a.externalapplication_name,
  a.externalapplication_url,
  a.externalapplication_route ?? null,
  a.register_in_this_application_status ?? 0,
  a.external_application_for_register ?? false,
];

/** Replaces the application's fields, and its key when one is given. */
export async function updateApplication(tx: Queryable, tenantId: string, id: string, fields: ApplicationFields, key: string | undefined): Promise<void> {
  await tx.query(
    `update external_application set externalapplication_name = $3, externalapplication_url = $4, externalapplication_route = $5,
            register_in_this_application_status = $6, external_application_for_register = $7,
            key_hash = coalesce($8, key_hash), updated_at = now()
      where externalapplication_client_id = $1 and tenant_id = $2`,
    [id, tenantId, ...applicationValues(fields), key ? hashSecret(key) : null],
  );
}

export async function insertApplication(
  tx: Queryable,
  ids: { tenantId: string; id: string; createdBy: string },
  fields: ApplicationFields,
  key: string,
): Promise<void> {
  await tx.query(
    `insert into external_application (externalapplication_client_id, tenant_id, externalapplication_name, externalapplication_url,
                                       externalapplication_route, register_in_this_application_status, external_application_for_register,
                                       key_hash, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ids.id, ids.tenantId, ...applicationValues(fields), hashSecret(key), ids.createdBy],
  );
}

/** Which applications a list shows: a creator's only, by registration status, or those listed on the registration page. */
export interface ApplicationFilter {
  createdBy?: string;
  registerStatus?: 0 | 1;
  listedForRegistration?: boolean;
}

/** One page of the site's external applications, searched by name or address and sorted by name. */
export async function listApplications(
  db: Queryable,
  tenantId: string,
  filter: ApplicationFilter,
  input: { search?: string; sort?: string; page?: number; page_size?: number },
) {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (filter.createdBy !== undefined) where.add('created_by = ?', filter.createdBy);
  if (filter.registerStatus !== undefined) where.add('register_in_this_application_status = ?', filter.registerStatus);
  if (filter.listedForRegistration) where.add('register_in_this_application_status = 1 and external_application_for_register');
  if (input.search) {
    const p = containsPattern(input.search);
    where.add("(externalapplication_name ilike ? escape '\\' or externalapplication_url ilike ? escape '\\')", p, p);
  }
  const order = orderBy(input.sort, 'externalapplication_name', { externalapplication_name: 'lower(externalapplication_name)' }, 'externalapplication_client_id');
  return pageRows<ApplicationRow & Record<string, unknown>>(db, { select: `select ${APPLICATION_COLUMNS} from external_application`, where, order, paging: input });
}

/**
 * Marks the access key registered through the application (the first time only), when the key is of an
 * active user and the application with that key admits registration; answers the key's id and the application.
 */
export async function registerAccessKey(
  db: Queryable,
  tenantId: string,
  accessKey: string,
  applicationKey: string,
): Promise<({ access_key_client_id: string } & Pick<ApplicationRow, 'externalapplication_client_id' | 'externalapplication_url' | 'register_in_this_application_status'>) | undefined> {
  const [row] = await db.query<{ access_key_client_id: string } & ApplicationRow & Record<string, unknown>>(
    `update access_key k set registered_at = coalesce(k.registered_at, now()), updated_at = now()
       from external_application e, app_user u
      where k.key_hash = $1 and k.tenant_id = $2 and e.externalapplication_client_id = k.externalapplication_client_id and e.tenant_id = k.tenant_id
        and e.key_hash = $3 and e.register_in_this_application_status = 1 and u.user_id = k.user_id and u.is_active
      returning k.access_key_client_id, e.externalapplication_client_id, e.externalapplication_url, e.register_in_this_application_status`,
    [hashSecret(accessKey), tenantId, hashSecret(applicationKey)],
  );
  return row;
}

/** An access key as answered: never the key itself, with the state of its latest token. */
export async function accessKeyAnswer(db: Queryable, tenantId: string, accessKeyId: string): Promise<AccessKey> {
  const [r] = await db.query<{
    access_key_client_id: string;
    externalapplication_client_id: string;
    externalapplication_name: string;
    user_id: string;
    url: string;
    route: string | null;
    registered_at: unknown;
    created_at: unknown;
    token_expires_at: unknown;
    token_revoked: boolean | null;
    token_expired: boolean | null;
  }>(
    `select k.access_key_client_id, k.externalapplication_client_id, e.externalapplication_name, k.user_id, k.url, k.route, k.registered_at, k.created_at,
            t.expires_at as token_expires_at, t.revoked_at is not null as token_revoked, t.expires_at <= now() as token_expired
       from access_key k
       join external_application e on e.externalapplication_client_id = k.externalapplication_client_id
       left join lateral (select expires_at, revoked_at from access_key_token where access_key_client_id = k.access_key_client_id
                           order by created_at desc limit 1) t on true
      where k.access_key_client_id = $1 and k.tenant_id = $2`,
    [accessKeyId, tenantId],
  );
  return {
    access_key_client_id: r.access_key_client_id,
    externalapplication_client_id: r.externalapplication_client_id,
    externalapplication_name: r.externalapplication_name,
    user_client_id: r.user_id,
    url: r.url,
    ...(r.route ? { route: r.route } : {}),
    ...(r.token_expires_at
      ? { token_status: r.token_revoked ? ('revoked' as const) : r.token_expired ? ('expired' as const) : ('valid' as const), expires_at: isoOf(r.token_expires_at) }
      : {}),
    ...(r.registered_at ? { registered_at: isoOf(r.registered_at) } : {}),
    created_at: isoOf(r.created_at),
  };
}

/** The id of the user's access key to the application, its row locked for an edit. */
export async function lockAccessKeyOfApplication(tx: Queryable, tenantId: string, userId: string, applicationId: string): Promise<string | undefined> {
  const [existing] = await tx.query<{ access_key_client_id: string }>(
    'select access_key_client_id from access_key where user_id = $1 and externalapplication_client_id = $2 and tenant_id = $3 for update',
    [userId, applicationId, tenantId],
  );
  return existing?.access_key_client_id;
}

/** The user's access key with this id, its row locked (making a token). */
export async function lockOwnAccessKey(tx: Queryable, tenantId: string, userId: string, accessKeyId: string): Promise<string | undefined> {
  const [key] = await tx.query<{ id: string }>(
    'select access_key_client_id as id from access_key where access_key_client_id = $1 and tenant_id = $2 and user_id = $3 for update',
    [accessKeyId, tenantId, userId],
  );
  return key?.id;
}

export async function insertAccessKey(
  tx: Queryable,
  k: { tenantId: string; id: string; userId: string; applicationId: string; key: string; url: string; route: string | null },
): Promise<void> {
  await tx.query(
    `insert into access_key (access_key_client_id, tenant_id, user_id, externalapplication_client_id, key_hash, url, route)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [k.id, k.tenantId, k.userId, k.applicationId, hashSecret(k.key), k.url, k.route],
  );
}

/** Replaces the key's address and route, and the key itself when a new one is given. */
export async function updateAccessKey(tx: Queryable, accessKeyId: string, url: string, route: string | null, key: string | undefined): Promise<void> {
  await tx.query('update access_key set url = $2, route = $3, key_hash = coalesce($4, key_hash), updated_at = now() where access_key_client_id = $1', [
    accessKeyId,
    url,
    route,
    key ? hashSecret(key) : null,
  ]);
}

/** Revokes the key's tokens still in force. */
export async function revokeAccessKeyTokens(tx: Queryable, accessKeyId: string): Promise<void> {
  await tx.query('update access_key_token set revoked_at = now() where access_key_client_id = $1 and revoked_at is null', [accessKeyId]);
}

/** Stores a token of the key (hashed), valid for `seconds`; answers when it expires. */
export async function insertAccessKeyToken(tx: Queryable, tenantId: string, accessKeyId: string, token: string, seconds: number): Promise<string> {
  const [row] = await tx.query<{ expires_at: unknown }>(
    `insert into access_key_token (token_hash, tenant_id, access_key_client_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning expires_at`,
    [hashSecret(token), tenantId, accessKeyId, seconds],
  );
  return isoOf(row.expires_at)!;
}

/** The owner of an access key as answered, when it is this user's key with this id (a session made from a token of it). */
export async function ownerOfAccessKey(db: Queryable, tenantId: string, accessKey: string, userId: string, accessKeyId: string): Promise<UserGetByAccessKeyResponse['user'] | undefined> {
  const [user] = await db.query<{
    user_id: string;
    username: string;
    firstname: string | null;
    lastname: string | null;
    mail: string | null;
    active_lang: number;
  }>(
    `select u.user_id, u.username, u.firstname, u.lastname, u.mail, u.active_lang
       from access_key k join app_user u on u.user_id = k.user_id
      where k.key_hash = $1 and k.tenant_id = $2 and k.user_id = $3 and k.access_key_client_id = $4`,
    [hashSecret(accessKey), tenantId, userId, accessKeyId],
  );
  if (!user) return undefined;
  return {
    user_client_id: user.user_id,
    username: user.username,
    ...(user.firstname ? { firstname: user.firstname } : {}),
    ...(user.lastname ? { lastname: user.lastname } : {}),
    ...(user.mail ? { mail: user.mail } : {}),
    active_lang: languageOption(user.active_lang),
  };
}
