import { randomUUID } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.ts';
import { optionalUser, viewerOf } from '../auth/caller.ts';
import type { Queryable } from '../db/adapter.ts';
import { websiteUnits } from '../services/site-cache.ts';
import { saveFrontend, savedFrontend } from '../services/tenant-store.ts';
import { PreparedAnswer, type RequestContext } from '../http/context.ts';
import { ownAuditRecord } from '../http/audit.ts';
import type { HandlerSet } from './types.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import { managesUnits, mayOpen, unitsFor, type Viewer } from '../../src/domain/page-access.ts';
import {
  aboutUnit,
  checkConfiguration,
  checkUnit,
  childrenOf,
  expectVersion,
  insertUnit,
  keepsPlace,
  lockSiteUnits,
  moveUnit,
  removeUnit,
  saveUnit,
  saveUnitAtVersion,
  storedUnits,
  unitHistory,
} from '../services/website-units.ts';

const userIdOf = (ctx: RequestContext): string | null => optionalUser(ctx)?.userId ?? null;

/** The site's units this caller is answered: all of them for a unit manager, else the ones the caller may open. */
const visibleUnits = async (ctx: RequestContext): Promise<WebsiteUnit[]> => unitsFor(await ctx.services.sites.units(ctx.tenant), ctx.tenant.frontend, viewerOf(ctx));

/** Which units a viewer is answered depends only on this: unit manager, or signed in with these codes, or not. */
const audienceOf = (viewer: Viewer): string => (managesUnits(viewer) ? 'manager' : viewer.loggedIn ? `user:${[...viewer.authCodes].sort().join(',')}` : 'visitor');

/**
 * An answer read by every page load, built from the site's data: kept in the site cache, serialized once per
 * route, language and audience, until the site or its units change; each unit is checked and serialized once per
 * version, so a unit write costs the next fetch a splice of the other units' text, not a rebuild of all of them.
 */
const keptAnswer = async (ctx: RequestContext, build: () => Promise<object>): Promise<PreparedAnswer> =>
  new PreparedAnswer(
    await ctx.services.sites.answer(ctx.tenant, `${ctx.route.name}:${ctx.lang}:${audienceOf(viewerOf(ctx))}`, async () => Buffer.from(ctx.prepare(await build(), 'website_unit_list').json)),
  );

/** A write of the site's units: in one transaction, after the site's other unit writes in this process. */
const unitWrite = <T>(ctx: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T> =>
  ctx.services.unitWrites.run(ctx.tenant.tenant_id, () => ctx.transaction(work));

/** A write of these units that patches the kept units itself (their change notices wait for it). */
const writingUnits = <T>(ctx: RequestContext, ids: readonly string[], write: () => Promise<T>): Promise<T> =>
  ctx.services.sites.writingUnits(ctx.tenant.tenant_id, ids, write);

export const frontendHandlers: HandlerSet = {
  frontend_get: async ({ domain }, ctx) => {
    const { tenant } = ctx;
    // The tenant is the host the browser called; a different domain in the body is a mistake, not a switch.
    if (domain !== undefined && domain.replace(/^www\./, '') !== tenant.domain)
      throw new ApiError('domain_mismatch', { domain, host: tenant.domain });
    return keptAnswer(ctx, async () => ({ frontend: tenant.frontend, website_unit_list: await visibleUnits(ctx), frontend_product_id: tenant.frontend_product_id }));
  },

  // Saved per domain: the caller's own site. The next frontend/get of that domain answers it.
  frontend_save: async ({ frontend }, ctx) => {
    const { db, tenant, lang } = ctx;
    ctx.audit.record_id = tenant.frontend_client_id;
    const clean = checkConfiguration(frontend, lang);
    await saveFrontend(db, tenant.tenant_id, clean);
    ctx.services.sites.forget(tenant.tenant_id);
    return { frontend: clean };
  },

  // An administrator manages the configuration of the site they are signed in to, and only that one.
  frontend_list: async (_input, { db, tenant }) => ({
    frontend_list: [{ frontend_client_id: tenant.frontend_client_id, domain: tenant.domain, frontend: await savedFrontend(db, tenant.tenant_id) }],
  }),

  frontend_websiteunit_list: async (_input, ctx) => keptAnswer(ctx, async () => ({ website_unit_list: await visibleUnits(ctx) })),

  // A unit the caller may not open is answered as one that does not exist: not even its existence leaks.
  frontend_websiteunit_get: async ({ website_unit_client_id }, ctx) => {
    const { db, tenant } = ctx;
    const [unit] = await websiteUnits(db, tenant.tenant_id, website_unit_client_id);
    const viewer = viewerOf(ctx);
    if (!unit || !(managesUnits(viewer) || mayOpen(unit, tenant.frontend, viewer))) throw notFound('website_unit');
    return { website_unit: unit };
  },

  frontend_websiteunit_new: async ({ website_unit }, ctx) => {
    const { tenant, lang } = ctx;
    const id = randomUUID();
    return writingUnits(ctx, [id], async () => {
      const unit = await unitWrite(ctx, async (tx) => {
        const frontend = await lockSiteUnits(tx, tenant.tenant_id);
        const definition = checkUnit(website_unit, { others: await storedUnits(tx, tenant.tenant_id, aboutUnit(website_unit)) }, frontend, lang);
        return insertUnit(tx, tenant.tenant_id, id, userIdOf(ctx), definition);
      });
      ctx.services.sites.unitsSaved(tenant.tenant_id, [unit]);
      return { website_unit: unit };
    });
  },

  // A change that keeps the unit's name, paths and parent (most edits) of the version this process keeps is
  // one statement of its own, beside other such changes: it lands only if the unit is still at that version
  // (so still in that place). A move, a framed page (checked against the site's allow-list, which must not
  // change meanwhile), or a unit changed meanwhile waits for the site's other unit writes and is checked there.
  frontend_website_unit_update: async (input, ctx) => {
    const { tenant, lang } = ctx;
    const { website_unit } = input;
    const id = website_unit.website_unit_client_id!;
    const kept = (await ctx.services.sites.units(tenant)).find((u) => u.website_unit_client_id === id);
    return writingUnits(ctx, [id], async () => {
      let unit: WebsiteUnit | undefined;
      if (kept && kept.version === website_unit.version && keepsPlace(kept, website_unit) && website_unit.content?.kind !== 'frame') {
        const definition = checkUnit(website_unit, 'kept', tenant.frontend, lang);
        // The edit of one unit's content is the hottest write: its audit record goes in its own statement.
        unit = await saveUnitAtVersion(ctx.db, tenant.tenant_id, id, userIdOf(ctx), definition, website_unit.version, ownAuditRecord(ctx, input));
      }
      unit ??= await unitWrite(ctx, async (tx) => {
        const frontend = await lockSiteUnits(tx, tenant.tenant_id);
        const units = await storedUnits(tx, tenant.tenant_id, aboutUnit(website_unit, id));
        const current = expectVersion(units, id, website_unit.version!);
        const others = units.filter((u) => u !== current);
        const definition = checkUnit(website_unit, { others, self: current }, frontend, lang);
        const children = childrenOf(others, current.route_name);
        if (definition.route_name !== current.route_name && children.length)
          throw new ApiError('website_unit_has_children', { route_name: current.route_name, children: children.map((c) => c.route_name).join(', ') });
        return saveUnit(tx, tenant.tenant_id, id, userIdOf(ctx), definition);
      });
      ctx.services.sites.unitsSaved(tenant.tenant_id, [unit]);
      return { website_unit: unit };
    });
  },

  frontend_websiteunit_delete: async ({ website_unit_client_id: id, version }, ctx) => {
    const { tenant } = ctx;
    return writingUnits(ctx, [id], async () => {
      await unitWrite(ctx, async (tx) => {
        await lockSiteUnits(tx, tenant.tenant_id);
        const units = await storedUnits(tx, tenant.tenant_id, { ids: [id] });
        const current = expectVersion(units, id, version);
        const children = childrenOf(units, current.route_name);
        if (children.length)
          throw new ApiError('website_unit_has_children', { route_name: current.route_name, children: children.map((c) => c.route_name).join(', ') });
        await removeUnit(tx, tenant.tenant_id, id, userIdOf(ctx));
      });
      ctx.services.sites.unitRemoved(tenant.tenant_id, id);
      return { website_unit_client_id: id };
    });
  },

  // All or nothing: every item must name a unit of this site at its stored version.
  frontend_websiteunit_reorder: async ({ website_unit_order }, ctx) => {
    const { tenant } = ctx;
    const ids = website_unit_order.map((o) => o.website_unit_client_id);
    if (new Set(ids).size !== ids.length) throw new ApiError('invalid_input', { details: 'website_unit_order: a unit is named twice' });
    return writingUnits(ctx, ids, async () => {
      const list = await unitWrite(ctx, async (tx) => {
        await lockSiteUnits(tx, tenant.tenant_id);
        const units = await storedUnits(tx, tenant.tenant_id, { ids });
        for (const item of website_unit_order) {
          const current = expectVersion(units, item.website_unit_client_id, item.version);
          if (current.position === item.position) continue;
          await moveUnit(tx, tenant.tenant_id, current.website_unit_client_id, userIdOf(ctx), item.position);
        }
        return websiteUnits(tx, tenant.tenant_id);
      });
      ctx.services.sites.unitsSaved(tenant.tenant_id, list);
      return { website_unit_list: list };
    });
  },

  frontend_websiteunit_history: async ({ website_unit_client_id: id }, { db, tenant }) => {
    const versions = await unitHistory(db, tenant.tenant_id, id);
    if (!versions.length && !(await websiteUnits(db, tenant.tenant_id, id)).length) throw notFound('website_unit');
    return { version_list: versions };
  },
};
