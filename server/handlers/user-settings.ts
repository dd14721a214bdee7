// The user settings page (own language, currency, mail notifications) and the site's session settings
// (the idle time after which a login ends; the server enforces it on tokens, server/auth/caller.ts).
import type { HandlerSet } from './types.ts';
import type { RequestContext } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { requireHospitalManager, requireUser } from '../auth/caller.ts';
import { saveUserSettings, userSettings } from '../services/accounts.ts';
import { saveSessionIdleSeconds } from '../services/tenant-store.ts';

async function settingsOf(ctx: RequestContext, userId: string) {
  // No choice yet: the site's default currency.
  const settings = await userSettings(ctx.db, ctx.tenant.tenant_id, userId, ctx.tenant.frontend.default_currency_type ?? 0);
  if (!settings) throw new ApiError('session_ended');
  return { user_settings: settings };
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

export const userSettingsHandlers: HandlerSet = {
  user_settings_get: async (_input, ctx) => settingsOf(ctx, requireUser(ctx).userId),

  user_settings_save: async ({ user_settings: s }, ctx) => {
    const userId = requireUser(ctx).userId;
    await saveUserSettings(ctx.db, ctx.tenant.tenant_id, userId, s);
    ctx.audit.record_id = userId;
    return settingsOf(ctx, userId);
  },

  tenant_session_settings_get: async (_input, ctx) => ({ session_settings: { idle_session_minutes: minutesOf(ctx.tenant.session_idle_seconds) } }),

  tenant_session_settings_save: async ({ session_settings }, ctx) => {
    requireHospitalManager(ctx);
    // The schema bounds it to 5 minutes .. 24 hours (the table's check says the same in seconds).
    const seconds = await saveSessionIdleSeconds(ctx.db, ctx.tenant.tenant_id, session_settings.idle_session_minutes * 60);
    ctx.services.sites.forget(ctx.tenant.tenant_id);
    ctx.audit.record_id = ctx.tenant.frontend_client_id;
    return { session_settings: { idle_session_minutes: minutesOf(seconds) } };
  },
};
