// The clinical application's calls of spec section 7 (schemas/routes/clinical.json) that need nothing the
// clinical workspace has yet: the login check that makes a clinical session authenticated (the signed-in
// user as the clinical client reads them: names, language, roles — the clinical auth codes they hold
// (src/domain/clinical-roles.ts) —, hospital, idle time), the last version, and the labels of data models.
import { optionalUser, requireUser } from '../auth/caller.ts';
import { notFound } from '../http/api-error.ts';
import { loadUser } from '../services/accounts.ts';
import { labelTexts } from '../services/data-models.ts';
import { VERSION } from './system.ts';
import { clinicalRolesOf } from '../../src/domain/clinical-roles.ts';
import type { HandlerSet } from './types.ts';

export const clinicalHandlers: HandlerSet = {
  clinical_login_check: async (_input, ctx) => {
    const me = requireUser(ctx);
    const row = await loadUser(ctx.db, ctx.tenant.tenant_id, me.userId);
    if (!row) throw notFound('user');
    const hospital = typeof ctx.tenant.frontend.application_name === 'string' ? ctx.tenant.frontend.application_name : ctx.tenant.domain;
    return {
      user: {
        username: row.username,
        ...(row.firstname ? { firstname: row.firstname } : {}),
        ...(row.lastname ? { lastname: row.lastname } : {}),
        ...(row.mail ? { mail: row.mail } : {}),
        active_lang: row.active_lang === 1 ? 'en' : 'tr',
        role_list: clinicalRolesOf(me.authCodes),
        hospital_name: hospital.slice(0, 200),
        session_idle_minutes: Math.round(ctx.tenant.session_idle_seconds / 60),
      },
    };
  },

  clinical_version_last: async () => ({ result: { version: VERSION } }),

  // Labels of data models (src/domain/data-model/labels.ts), as far as the caller may read them.
  clinical_label_translation: async (input, ctx) => ({
    result: { wdm16_list: await labelTexts(ctx.db, ctx.tenant.tenant_id, optionalUser(ctx), input.label_id_list, input.lang) },
  }),
};
