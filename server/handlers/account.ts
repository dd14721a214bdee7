// Accounts: the public profile, the own profile record (an admin may edit others of the site), and the user
// search of the authority-management page. Also gathers every account handler set (sessions, registration,
// settings) for server/handlers/index.ts.
import type { HandlerSet } from './types.ts';
import { requireUser } from '../auth/caller.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { accountOf, loadUser, PROFILE_FIELDS } from '../services/accounts.ts';
import { sessionHandlers } from './session.ts';
import { registrationHandlers } from './registration.ts';
import { userSettingsHandlers } from './user-settings.ts';
import type { UserSearchResponse } from '../../src/generated/types/routes.ts';
import { containsPattern, orderBy, pageRows, Where } from '../services/paging.ts';


const ownAccountHandlers: HandlerSet = {
  user_get: async ({ username }, ctx) => {
    const [row] = await ctx.db.query<Record<string, unknown>>(
      `select user_id, username, firstname, lastname, about_me, cover_photo, website, facebook, instagram, linkedin, twitter, youtube
         from app_user where tenant_id = $1 and lower(username) = lower($2) and is_active and registration_status = 'completed'`,
      [ctx.tenant.tenant_id, username],
    );
    if (!row) throw notFound('user');
    const { user_id, ...profile } = row;
    const user = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== null && v !== undefined));
    return { user: { user_client_id: user_id as string, ...(user as { username: string }) } };
  },

  user_record: async ({ user_client_id, user_data: d }, ctx) => {
    const me = requireUser(ctx);
    let userId = me.userId;
    if (user_client_id !== undefined && user_client_id !== userId) {
      // Another user's record: the admin of this site only (the user_account_settings page).
      if (!me.isAdmin) throw new ApiError('forbidden', { auth_codes: 'admin' });
      userId = user_client_id;
    }
    // user_data is the whole profile: an absent profile field is cleared; gender and language keep their value.
    const profile = PROFILE_FIELDS.map((k) => (k === 'about_me' ? (d.about_me ? JSON.stringify(d.about_me) : null) : (d[k] ?? null)));
    const updated = await ctx.db.query(
      `update app_user set firstname = $3, lastname = $4, gender = coalesce($5, gender), date_of_birth = $6::date,
              active_lang = coalesce($7, active_lang), about_me = $8::jsonb, cover_photo = $9, website = $10, facebook = $11,
              instagram = $12, linkedin = $13, twitter = $14, youtube = $15, updated_at = now()
        where tenant_id = $1 and user_id = $2 returning user_id`,
      [ctx.tenant.tenant_id, userId, d.firstname, d.lastname, d.gender ?? null, d.date_of_birth ?? null, d.active_lang?.value ?? null, ...profile],
    );
    if (!updated.length) throw notFound('user');
    return { user_wdmr: accountOf((await loadUser(ctx.db, ctx.tenant.tenant_id, userId))!) };
  },

  user_search: async (input, ctx) => {
    const pattern = containsPattern(input.search.trim());
    const where = new Where()
      .add("tenant_id = ? and is_active and registration_status = 'completed'", ctx.tenant.tenant_id)
      .add("(username ilike ? escape '\\' or firstname ilike ? escape '\\' or lastname ilike ? escape '\\')", pattern, pattern, pattern);
    const { rows, ...paging } = await pageRows<{ user_id: string; username: string; firstname: string | null; lastname: string | null }>(ctx.db, {
      select: 'select user_id, username, firstname, lastname from app_user',
      where,
      order: orderBy(input.sort, 'username', { username: 'lower(username)', lastname: 'lower(lastname)' }, 'lower(username) asc, user_id'),
      paging: input,
    });
    const user_list: UserSearchResponse['user_list'] = rows.map((r) => ({
      user_client_id: r.user_id,
      username: r.username,
      ...(r.firstname ? { firstname: r.firstname } : {}),
      ...(r.lastname ? { lastname: r.lastname } : {}),
    }));
    return { user_list, ...paging };
  },
};

/** Every account route: sessions, registration and codes, profiles, settings. */
export const accountHandlers: HandlerSet = {
  ...sessionHandlers,
  ...registrationHandlers,
  ...userSettingsHandlers,
  ...ownAccountHandlers,
};
