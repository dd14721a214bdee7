// The hospital settings of a clinical site (schemas/routes/clinical.json, hospital/settings/*): preferred
// units and default templates, for hospital officials (on the clinical site) and the site's admin. The idle
// time is saved by tenant/session/settings/save (server/handlers/user-settings.ts).
import { requireHospitalManager, type SignedIn } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { listModels, modelAt } from '../services/data-models.ts';
import { hospitalSettings, saveHospitalSettings } from '../services/hospital-settings-store.ts';
import type { HandlerSet } from './types.ts';

const PAGE = 100;
const MOST = 1000;

/**
 * The data models the caller may read whose published version is flagged template, by title. The model list
 * answers no template flag, so each published model's flag is read at its published version.
 */
async function templateModels(ctx: RequestContext, me: SignedIn) {
  const found = [];
  for (let page = 1; found.length < MOST; page++) {
    const { data_model_list, total } = await listModels(ctx.db, ctx.tenant.tenant_id, me, { scope: 'all', sort: 'name', page, page_size: PAGE }, ctx.lang);
    for (const m of data_model_list)
      if (m.published_version && (await modelAt(ctx.db, ctx.tenant.tenant_id, me, m.data_model_id, m.published_version)).template)
        found.push({ data_model_id: m.data_model_id, title: m.title });
    if (page * PAGE >= total) break;
  }
  return found.slice(0, MOST);
}

export const hospitalSettingsHandlers: HandlerSet = {
  hospital_settings_get: async (_input, ctx) => {
    const me = requireHospitalManager(ctx);
    return { hospital_settings: await hospitalSettings(ctx.db, ctx.tenant.tenant_id), data_model_template_list: await templateModels(ctx, me) };
  },

  hospital_settings_save: async ({ hospital_settings }, ctx) => {
    const me = requireHospitalManager(ctx);
    const modelId = hospital_settings.default_templates.data_model_id;
    if (modelId) {
      // An unknown or unreadable model answers 10016 (modelAt), as everywhere else; a readable one must be a template.
      const model = await modelAt(ctx.db, ctx.tenant.tenant_id, me, modelId);
      const version = model.published_version;
      const published = !version ? undefined : model.version === version ? model : await modelAt(ctx.db, ctx.tenant.tenant_id, me, modelId, version);
      if (!published?.template) throw new ApiError('hospital_template_not_template');
    }
    ctx.audit.record_id = ctx.tenant.frontend_client_id;
    return { hospital_settings: await saveHospitalSettings(ctx.db, ctx.tenant.tenant_id, hospital_settings, me.userId) };
  },
};
