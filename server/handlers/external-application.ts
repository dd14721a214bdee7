// External applications, users' access keys and their tokens (schemas/routes/external_application.json).
// Keys and tokens are secrets: stored as sha256 hashes (server/auth/access-keys.ts), answered only once by
// the call that makes them (new_externalapplication_key, new_access_key, access_key_token).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { AccessKey, ExternalApplication } from '../../src/generated/types/entities.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import { ACCESS_KEY_TOKEN_SECONDS, KEY_MAX_LENGTH, accessKeyTokenStatus, newAccessKeyToken, newKey } from '../auth/access-keys.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from '../services/paging.ts';
import { optionalUser, requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';
import type { RequestContext } from '../http/context.ts';

/** Keys a person types are checked here, so a long one gets the spec's own message ("Maximum key character count is 32"). */
function checkKeyLength(...keys: (string | undefined)[]): void {
  if (keys.some((k) => k !== undefined && k.length > KEY_MAX_LENGTH)) throw new ApiError('key_too_long');
}

/** Addresses an application is sent to must be web addresses: no javascript: or data: URLs. */
function checkWebAddress(field: string, url: string): void {
  if (!/^https?:\/\//i.test(url)) throw new ApiError('invalid_input', { details: `${field}: must be an http or https address` });
}

const isUniqueViolation = (e: unknown): boolean => (e as { code?: string })?.code === '23505';

interface ApplicationRow {
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
function publicApplication(r: ApplicationRow) {
  return {
    externalapplication_client_id: r.externalapplication_client_id,
    externalapplication_name: r.externalapplication_name,
    externalapplication_url: r.externalapplication_url,
    ...(r.externalapplication_route ? { externalapplication_route: r.externalapplication_route } : {}),
    register_in_this_application_status: r.register_in_this_application_status as 0 | 1,
    external_application_for_register: r.external_application_for_register,
  };
}

const applicationAnswer = (r: ApplicationRow): ExternalApplication => ({
  ...publicApplication(r),
  ...(r.created_by ? { user_client_id: r.created_by } : {}),
});

async function applicationById(db: Queryable, tenantId: string, id: string): Promise<ApplicationRow | undefined> {
  return (await db.query<ApplicationRow & Record<string, unknown>>(`select ${APPLICATION_COLUMNS} from external_application where externalapplication_client_id = $1 and tenant_id = $2`, [id, tenantId]))[0];
}

/** An access key as answered: never the key itself, with the state of its latest token. */
async function accessKeyAnswer(db: Queryable, tenantId: string, accessKeyId: string): Promise<AccessKey> {
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

const LANGS = ['tr', 'en'] as const;

/** One page of external applications under `where`, searched by name or address and sorted by name. */
async function listApplications(ctx: RequestContext, where: Where, input: { search?: string; sort?: string; page?: number; page_size?: number }) {
  if (input.search) {
    const p = containsPattern(input.search);
    where.add("(externalapplication_name ilike ? escape '\\' or externalapplication_url ilike ? escape '\\')", p, p);
  }
  const order = orderBy(input.sort, 'externalapplication_name', { externalapplication_name: 'lower(externalapplication_name)' }, 'externalapplication_client_id');
  return pageRows<ApplicationRow & Record<string, unknown>>(ctx.db, { select: `select ${APPLICATION_COLUMNS} from external_application`, where, order, paging: input });
}

export const externalApplicationHandlers: HandlerSet = {
  user_externalapplication_record: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    checkKeyLength(input.externalapplication_key);
    checkWebAddress('externalapplication_url', input.externalapplication_url);
    const generated = !input.externalapplication_client_id && !input.externalapplication_key ? newKey() : undefined;
    const key = input.externalapplication_key ?? generated;
    const id = await ctx.transaction(async (tx) => {
      if (key) {
        const [taken] = await tx.query<{ id: string }>(
          'select externalapplication_client_id as id from external_application where tenant_id = $1 and key_hash = $2',
          [tenantId, hashSecret(key)],
        );
        if (taken && taken.id !== input.externalapplication_client_id)
          throw new ApiError('invalid_input', { details: 'externalapplication_key: another application of this site has this key' });
      }
      const fields = [
        input.externalapplication_name,
        input.externalapplication_url,
        input.externalapplication_route ?? null,
        input.register_in_this_application_status ?? 0,
        input.external_application_for_register ?? false,
      ];
      if (input.externalapplication_client_id) {
        const [existing] = await tx.query<{ created_by: string | null }>(
          'select created_by from external_application where externalapplication_client_id = $1 and tenant_id = $2 for update',
          [input.externalapplication_client_id, tenantId],
        );
        // Another tenant's, unknown, or (for a non-admin) someone else's: the same answer, so ids cannot be probed.
        if (!existing || (!me.isAdmin && existing.created_by !== me.userId)) throw notFound('external_application');
        await tx.query(
          `update external_application set externalapplication_name = $3, externalapplication_url = $4, externalapplication_route = $5,
                  register_in_this_application_status = $6, external_application_for_register = $7,
                  key_hash = coalesce($8, key_hash), updated_at = now()
            where externalapplication_client_id = $1 and tenant_id = $2`,
          [input.externalapplication_client_id, tenantId, ...fields, key ? hashSecret(key) : null],
        );
        return input.externalapplication_client_id;
      }
      const newId = randomUUID();
      await tx.query(
        `insert into external_application (externalapplication_client_id, tenant_id, externalapplication_name, externalapplication_url,
                                           externalapplication_route, register_in_this_application_status, external_application_for_register,
                                           key_hash, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [newId, tenantId, ...fields, hashSecret(key!), me.userId],
      );
      return newId;
    }).catch((e: unknown) => {
      if (isUniqueViolation(e)) throw new ApiError('invalid_input', { details: 'externalapplication_key: another application of this site has this key' });
      throw e;
    });
    const row = (await applicationById(ctx.db, tenantId, id))!;
    return { external_application: applicationAnswer(row), ...(generated ? { new_externalapplication_key: generated } : {}) };
  },

  user_externalapplication_list: async (input, ctx) => {
    const me = requireUser(ctx);
    const where = new Where().add('tenant_id = ?', ctx.tenant.tenant_id);
    if (!me.isAdmin) where.add('created_by = ?', me.userId);
    if (input.register_in_this_application_status !== undefined) where.add('register_in_this_application_status = ?', input.register_in_this_application_status);
    const { rows, ...paging } = await listApplications(ctx, where, input);
    return { external_application_list: rows.map(applicationAnswer), ...paging };
  },

  user_externalapplication_get: async (input, ctx) => {
    const row = await applicationById(ctx.db, ctx.tenant.tenant_id, input.externalapplication_client_id);
    if (!row) throw notFound('external_application');
    return { external_application: publicApplication(row) };
  },

  register_externalapplication_list: async (input, ctx) => {
    const where = new Where().add('tenant_id = ?', ctx.tenant.tenant_id).add('register_in_this_application_status = 1 and external_application_for_register');
    const { rows, ...paging } = await listApplications(ctx, where, input);
    return { external_application_list: rows.map(publicApplication), ...paging };
  },

  register_externalapplication: async (input, ctx) => {
    checkKeyLength(input.access_key, input.externalapplication_key);
    const [row] = await ctx.db.query<{ access_key_client_id: string } & ApplicationRow & Record<string, unknown>>(
      `update access_key k set registered_at = coalesce(k.registered_at, now()), updated_at = now()
         from external_application e, app_user u
        where k.key_hash = $1 and k.tenant_id = $2 and e.externalapplication_client_id = k.externalapplication_client_id and e.tenant_id = k.tenant_id
          and e.key_hash = $3 and e.register_in_this_application_status = 1 and u.user_id = k.user_id and u.is_active
        returning k.access_key_client_id, e.externalapplication_client_id, e.externalapplication_url, e.register_in_this_application_status`,
      [hashSecret(input.access_key), ctx.tenant.tenant_id, hashSecret(input.externalapplication_key)],
    );
    if (!row) throw notFound('access_key');
    ctx.audit.record_id = row.access_key_client_id;
    return {
      externalapplication_client_id: row.externalapplication_client_id,
      externalapplication_url: row.externalapplication_url,
      register_in_this_application_status: row.register_in_this_application_status as 0 | 1,
    };
  },

  user_accesskey_record: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    checkKeyLength(input.externalapplication_key);
    checkWebAddress('url', input.url);
    const result = await ctx.transaction(async (tx) => {
      const [app] = await tx.query<{ id: string }>('select externalapplication_client_id as id from external_application where tenant_id = $1 and key_hash = $2', [
        tenantId,
        hashSecret(input.externalapplication_key),
      ]);
      if (!app) throw notFound('external_application');
      const [existing] = await tx.query<{ access_key_client_id: string }>(
        'select access_key_client_id from access_key where user_id = $1 and externalapplication_client_id = $2 and tenant_id = $3 for update',
        [me.userId, app.id, tenantId],
      );
      if (!existing) {
        const key = newKey();
        const id = randomUUID();
        await tx.query(
          `insert into access_key (access_key_client_id, tenant_id, user_id, externalapplication_client_id, key_hash, url, route)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [id, tenantId, me.userId, app.id, hashSecret(key), input.url, input.route ?? null],
        );
        return { id, key };
      }
      const key = input.renew_access_key ? newKey() : undefined;
      await tx.query(
        'update access_key set url = $2, route = $3, key_hash = coalesce($4, key_hash), updated_at = now() where access_key_client_id = $1',
        [existing.access_key_client_id, input.url, input.route ?? null, key ? hashSecret(key) : null],
      );
      if (key) await tx.query('update access_key_token set revoked_at = now() where access_key_client_id = $1 and revoked_at is null', [existing.access_key_client_id]);
      return { id: existing.access_key_client_id, key };
    });
    return { access_key: await accessKeyAnswer(ctx.db, tenantId, result.id), ...(result.key ? { new_access_key: result.key } : {}) };
  },

  user_accesskey_token_create: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const token = newAccessKeyToken();
    const expiresAt = await ctx.transaction(async (tx) => {
      const [key] = await tx.query<{ id: string }>(
        'select access_key_client_id as id from access_key where access_key_client_id = $1 and tenant_id = $2 and user_id = $3 for update',
        [input.access_key_client_id, tenantId, me.userId],
      );
      if (!key) throw notFound('access_key');
      await tx.query('update access_key_token set revoked_at = now() where access_key_client_id = $1 and revoked_at is null', [key.id]);
      const [row] = await tx.query<{ expires_at: unknown }>(
        `insert into access_key_token (token_hash, tenant_id, access_key_client_id, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4)) returning expires_at`,
        [hashSecret(token), tenantId, key.id, ACCESS_KEY_TOKEN_SECONDS],
      );
      return isoOf(row.expires_at)!;
    });
    return { access_key_token: token, token_status: 'valid', expires_at: expiresAt };
  },

  externalapplication_token_check: async (input, ctx) => {
    const status = await accessKeyTokenStatus(ctx.db, ctx.tenant.tenant_id, input.externalapplication_key, input.access_key_token);
    if (!status) throw notFound('token');
    return status.token_status === 'valid' ? status : { token_status: status.token_status };
  },

  user_get_by_access_key: async (input, ctx) => {
    const me = requireUser(ctx);
    checkKeyLength(input.access_key);
    // Only a session that /v1/oauth/token issued from a token of this very key (caller.ts accessKeyClientId).
    const sessionKey = optionalUser(ctx)?.accessKeyClientId;
    if (!sessionKey) throw notFound('access_key');
    const [user] = await ctx.db.query<{
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
      [hashSecret(input.access_key), ctx.tenant.tenant_id, me.userId, sessionKey],
    );
    if (!user) throw notFound('access_key');
    const lang = user.active_lang === 1 ? 1 : 0;
    return {
      user: {
        user_client_id: user.user_id,
        username: user.username,
        ...(user.firstname ? { firstname: user.firstname } : {}),
        ...(user.lastname ? { lastname: user.lastname } : {}),
        ...(user.mail ? { mail: user.mail } : {}),
        active_lang: { label: LANGS[lang], value: lang },
      },
    };
  },
};
