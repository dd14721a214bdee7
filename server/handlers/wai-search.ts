// /wai/search (the wai_search_iframe page, open to anyone): public projects and the signed-in caller's own, and
// the website units this caller may open (the rule the router and frontend/websiteunit/get apply), ranked
// together. A front-end key is nobody signed in: it finds public content only.
import { optionalUser, viewerOf } from '../auth/caller.ts';
import { mayOpen } from '../../src/domain/page-access.ts';
import { searchSite, unitDocument } from '../services/wai-search.ts';
import { staticCatalogue } from '../services/website-units.ts';
import type { HandlerSet } from './types.ts';

/** The page a project opens on (spec section 2's user_project). */
const PROJECT_PAGE = 'user_project';

export const waiSearchHandlers: HandlerSet = {
  wai_search: async (input, ctx) => {
    const { tenant, lang } = ctx;
    const viewer = viewerOf(ctx);
    const units = (await ctx.services.sites.units(tenant)).filter((u) => mayOpen(u, tenant.frontend, viewer)).map((u) => unitDocument(u, lang));
    const projectPage = staticCatalogue().find((p) => p.route_name === PROJECT_PAGE)!;
    return searchSite(ctx.db, { tenantId: tenant.tenant_id, userId: optionalUser(ctx)?.userId ?? null, projectPath: projectPage.path[lang] ?? projectPage.path.en!, units }, input);
  },
};
