// The user settings page (own language, currency, mail notifications) and the site's session settings
// (the idle time after which a login ends; the server enforces it on tokens, server/auth/caller.ts).
import type { HandlerSet } from './types.ts';
import type { RequestContext } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { requireUser } from '../auth/caller.ts';

async function settingsOf(ctx: RequestContext, userId: string) {
  const [row] = await ctx.db.query<{ active_lang: number; user_currency_type: number | null; mail_notification: boolean }>(
    'select active_lang, user_currency_type, mail_notification from app_user where tenant_id = $1 and user_id = $2',
    [ctx.tenant.tenant_id, userId],
  );
  if (!row) throw new ApiError('session_ended');
  return {
    user_settings: {
      active_lang: (row.active_lang === 1 ? 1 : 0) as 0 | 1,
      // No choice yet: the site's default currency.
      user_currency_type: (row.user_currency_type ?? ctx.tenant.frontend.default_currency_type ?? 0) as 0 | 1,
      mail_notification: row.mail_notification,
    },
  };
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

export const userSettingsHandlers: HandlerSet = {
  user_settings_get: async (_input, ctx) => settingsOf(ctx, requireUser(ctx).userId),

  user_settings_save: async ({ user_settings: s }, ctx) => {
    const userId = requireUser(ctx).userId;
    await ctx.db.query(
      'update app_user set active_lang = $3, user_currency_type = $4, mail_notification = $5, updated_at = now() where tenant_id = $1 and user_id = $2',
      [ctx.tenant.tenant_id, userId, s.active_lang, s.user_currency_type, s.mail_notification],
    );
    ctx.audit.record_id = userId;
    return settingsOf(ctx, userId);
  },

  tenant_session_settings_get: async (_input, ctx) => ({ session_settings: { idle_session_minutes: minutesOf(ctx.tenant.session_idle_seconds) } }),

  tenant_session_settings_save: async ({ session_settings }, ctx) => {
    // The schema bounds it to 5 minutes .. 24 hours (the table's check says the same in seconds).
    const [row] = await ctx.db.query<{ session_idle_seconds: number }>(
      'update tenant set session_idle_seconds = $2, updated_at = now() where tenant_id = $1 returning session_idle_seconds',
      [ctx.tenant.tenant_id, session_settings.idle_session_minutes * 60],
    );
    ctx.services.sites.forget(ctx.tenant.tenant_id);
    ctx.audit.record_id = ctx.tenant.frontend_client_id;
    return { session_settings: { idle_session_minutes: minutesOf(row.session_idle_seconds) } };
  },
};
