// The site's own row (tenant): found by its domain, its front-end configuration and session settings. Every
// request reads the row through server/services/site-cache.ts, which a saving handler tells to forget the site.
import type { Queryable } from '../db/adapter.ts';
import type { Tenant } from '../http/context.ts';
import type { FrontendConfiguration } from '../../src/generated/types/entities.ts';

export async function tenantByDomain(db: Queryable, domain: string): Promise<Tenant | undefined> {
  const rows = await db.query<Tenant & Record<string, unknown>>(
    `select tenant_id, domain, frontend_client_id, frontend_product_id, frontend, session_idle_seconds
       from tenant where domain = $1`,
    [domain],
  );
  return rows[0];
}

/**
 * The configuration as saved now (not a request's tenant snapshot, which may predate a write); `lock` holds
 * the row for update in the caller's transaction.
 */
export async function savedFrontend(db: Queryable, tenantId: string, lock = false): Promise<FrontendConfiguration> {
  const [row] = await db.query<{ frontend: FrontendConfiguration }>(`select frontend from tenant where tenant_id = $1${lock ? ' for update' : ''}`, [tenantId]);
  return row.frontend;
}

export async function saveFrontend(db: Queryable, tenantId: string, frontend: FrontendConfiguration): Promise<void> {
  await db.query('update tenant set frontend = $2, updated_at = now() where tenant_id = $1', [tenantId, JSON.stringify(frontend)]);
}

/** Sets how long a login may stay idle; answers the stored value (the table's check bounds it). */
export async function saveSessionIdleSeconds(db: Queryable, tenantId: string, seconds: number): Promise<number> {
  const [row] = await db.query<{ session_idle_seconds: number }>(
    'update tenant set session_idle_seconds = $2, updated_at = now() where tenant_id = $1 returning session_idle_seconds',
    [tenantId, seconds],
  );
  return row.session_idle_seconds;
}
