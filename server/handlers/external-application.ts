// External applications, users' access keys and their tokens (schemas/routes/external_application.json).
// Keys and tokens are secrets: stored as sha256 hashes (server/services/external-application-store.ts),
// answered only once by the call that makes them (new_externalapplication_key, new_access_key, access_key_token).
import { randomUUID } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.ts';
import { ACCESS_KEY_TOKEN_SECONDS, KEY_MAX_LENGTH, accessKeyTokenStatus, newAccessKeyToken, newKey } from '../auth/access-keys.ts';
import {
  accessKeyAnswer,
  applicationAnswer,
  applicationById,
  applicationIdByKey,
  insertAccessKey,
  insertAccessKeyToken,
  insertApplication,
  listApplications,
  lockAccessKeyOfApplication,
  lockApplication,
  lockOwnAccessKey,
  ownerOfAccessKey,
  publicApplication,
  registerAccessKey,
  revokeAccessKeyTokens,
  updateAccessKey,
  updateApplication,
} from '../services/external-application-store.ts';
import { optionalUser, requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

/** Keys a person types are checked here, so a long one gets the spec's own message ("Maximum key character count is 32"). */
function checkKeyLength(...keys: (string | undefined)[]): void {
  if (keys.some((k) => k !== undefined && k.length > KEY_MAX_LENGTH)) throw new ApiError('key_too_long');
}

/** Addresses an application is sent to must be web addresses: no javascript: or data: URLs. */
function checkWebAddress(field: string, url: string): void {
  if (!/^https?:\/\//i.test(url)) throw new ApiError('invalid_input', { details: `${field}: must be an http or https address` });
}

export const externalApplicationHandlers: HandlerSet = {
  user_externalapplication_record: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    checkWebAddress('externalapplication_url', input.externalapplication_url);
    // Made by the server only, on creation and on request: a chosen key could be probed for ("taken").
    const generated = !input.externalapplication_client_id || input.renew_externalapplication_key ? newKey() : undefined;
    const id = await ctx.transaction(async (tx) => {
      if (input.externalapplication_client_id) {
        const existing = await lockApplication(tx, tenantId, input.externalapplication_client_id);
        // Another tenant's, unknown, or (for a non-admin) someone else's: the same answer, so ids cannot be probed.
        if (!existing || (!me.isAdmin && existing.created_by !== me.userId)) throw notFound('external_application');
        await updateApplication(tx, tenantId, input.externalapplication_client_id, input, generated);
        return input.externalapplication_client_id;
      }
      const newId = randomUUID();
      await insertApplication(tx, { tenantId, id: newId, createdBy: me.userId }, input, generated!);
      return newId;
    });
    const row = (await applicationById(ctx.db, tenantId, id))!;
    return { external_application: applicationAnswer(row), ...(generated ? { new_externalapplication_key: generated } : {}) };
  },

  user_externalapplication_list: async (input, ctx) => {
    const me = requireUser(ctx);
    const filter = { createdBy: me.isAdmin ? undefined : me.userId, registerStatus: input.register_in_this_application_status };
    const { rows, ...paging } = await listApplications(ctx.db, ctx.tenant.tenant_id, filter, input);
    return { external_application_list: rows.map(applicationAnswer), ...paging };
  },

  user_externalapplication_get: async (input, ctx) => {
    const row = await applicationById(ctx.db, ctx.tenant.tenant_id, input.externalapplication_client_id);
    if (!row) throw notFound('external_application');
    return { external_application: publicApplication(row) };
  },

  register_externalapplication_list: async (input, ctx) => {
    const { rows, ...paging } = await listApplications(ctx.db, ctx.tenant.tenant_id, { listedForRegistration: true }, input);
    return { external_application_list: rows.map(publicApplication), ...paging };
  },

  register_externalapplication: async (input, ctx) => {
    checkKeyLength(input.access_key, input.externalapplication_key);
    const row = await registerAccessKey(ctx.db, ctx.tenant.tenant_id, input.access_key, input.externalapplication_key);
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
      const appId = await applicationIdByKey(tx, tenantId, input.externalapplication_key);
      if (!appId) throw notFound('external_application');
      const existingId = await lockAccessKeyOfApplication(tx, tenantId, me.userId, appId);
      if (!existingId) {
        const key = newKey();
        const id = randomUUID();
        await insertAccessKey(tx, { tenantId, id, userId: me.userId, applicationId: appId, key, url: input.url, route: input.route ?? null });
        return { id, key };
      }
      const key = input.renew_access_key ? newKey() : undefined;
      await updateAccessKey(tx, existingId, input.url, input.route ?? null, key);
      if (key) await revokeAccessKeyTokens(tx, existingId);
      return { id: existingId, key };
    });
    return { access_key: await accessKeyAnswer(ctx.db, tenantId, result.id), ...(result.key ? { new_access_key: result.key } : {}) };
  },

  user_accesskey_token_create: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const token = newAccessKeyToken();
    const expiresAt = await ctx.transaction(async (tx) => {
      const keyId = await lockOwnAccessKey(tx, tenantId, me.userId, input.access_key_client_id);
      if (!keyId) throw notFound('access_key');
      await revokeAccessKeyTokens(tx, keyId);
      return insertAccessKeyToken(tx, tenantId, keyId, token, ACCESS_KEY_TOKEN_SECONDS);
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
    const user = await ownerOfAccessKey(ctx.db, ctx.tenant.tenant_id, input.access_key, me.userId, sessionKey);
    if (!user) throw notFound('access_key');
    return { user };
  },
};
