import { ApiError } from '../http/api-error.ts';
import type { Queryable } from '../db/adapter.ts';
import type { HandlerSet } from './types.ts';
import type { FrontendConfiguration, WebsiteUnit } from '../../src/generated/types/entities.ts';

/** A tenant's website units in menu order, as the wire shape (definition + id + position). */
export async function websiteUnits(db: Queryable, tenantId: string, unitId?: string): Promise<WebsiteUnit[]> {
  const rows = await db.query<{ website_unit_client_id: string; position: number; definition: WebsiteUnit }>(
    `select website_unit_client_id, position, definition from website_unit
      where tenant_id = $1 and ($2::uuid is null or website_unit_client_id = $2::uuid)
      order by position, route_name`,
    [tenantId, unitId ?? null],
  );
  return rows.map((r) => ({ ...r.definition, website_unit_client_id: r.website_unit_client_id, position: r.position }));
}

export const frontendHandlers: HandlerSet = {
  frontend_get: async ({ domain }, { db, tenant }) => {
    // The tenant is the host the browser called; a different domain in the body is a mistake, not a switch.
    if (domain !== undefined && domain.replace(/^www\./, '') !== tenant.domain)
      throw new ApiError('domain_mismatch', { domain, host: tenant.domain });
    return {
      frontend: tenant.frontend as unknown as FrontendConfiguration,
      website_unit_list: await websiteUnits(db, tenant.tenant_id),
      frontend_product_id: tenant.frontend_product_id,
    };
  },

  frontend_websiteunit_list: async (_input, { db, tenant }) => ({ website_unit_list: await websiteUnits(db, tenant.tenant_id) }),

  frontend_websiteunit_get: async ({ website_unit_client_id }, { db, tenant, lang }) => {
    const [unit] = await websiteUnits(db, tenant.tenant_id, website_unit_client_id);
    if (!unit) throw new ApiError('record_not_found', { entity: lang === 'tr' ? 'web sitesi birimi' : 'website unit' });
    return { website_unit: unit };
  },
};
