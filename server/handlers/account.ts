// Accounts: the public profile, the own profile record (an admin may edit others of the site), and the user
// search of the authority-management page. Also gathers every account handler set (sessions, registration,
// settings) for server/handlers/index.ts.
import type { HandlerSet } from './types.ts';
import { requireUser } from '../auth/caller.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { accountOf, loadUser, publicProfile, searchUsers, updateProfile } from '../services/accounts.ts';
import { sessionHandlers } from './session.ts';
import { registrationHandlers } from './registration.ts';
import { userSettingsHandlers } from './user-settings.ts';

const ownAccountHandlers: HandlerSet = {
  user_get: async ({ username }, ctx) => {
    const user = await publicProfile(ctx.db, ctx.tenant.tenant_id, username);
    if (!user) throw notFound('user');
    return { user };
  },

  user_record: async ({ user_client_id, user_data }, ctx) => {
    const me = requireUser(ctx);
    let userId = me.userId;
    if (user_client_id !== undefined && user_client_id !== userId) {
      // Another user's record: the admin of this site only (the user_account_settings page).
      if (!me.isAdmin) throw new ApiError('forbidden', { auth_codes: 'admin' });
      userId = user_client_id;
    }
    if (!(await updateProfile(ctx.db, ctx.tenant.tenant_id, userId, user_data))) throw notFound('user');
    return { user_wdmr: accountOf((await loadUser(ctx.db, ctx.tenant.tenant_id, userId))!) };
  },

  user_search: async (input, ctx) => {
    const { rows, ...paging } = await searchUsers(ctx.db, ctx.tenant.tenant_id, input);
    return { user_list: rows, ...paging };
  },
};

/** Every account route: sessions, registration and codes, profiles, settings. */
export const accountHandlers: HandlerSet = {
  ...sessionHandlers,
  ...registrationHandlers,
  ...userSettingsHandlers,
  ...ownAccountHandlers,
};
