// The site's own row (tenant): the settings its administrator saves. Every process reads the row through
// server/services/site-cache.ts, which a saving handler tells to forget the site.
import type { Queryable } from '../db/adapter.ts';

/** Sets how long a login may stay idle; answers the stored value (the table's check bounds it). */
export async function saveSessionIdleSeconds(db: Queryable, tenantId: string, seconds: number): Promise<number> {
  const [row] = await db.query<{ session_idle_seconds: number }>(
    'update tenant set session_idle_seconds = $2, updated_at = now() where tenant_id = $1 returning session_idle_seconds',
    [tenantId, seconds],
  );
  return row.session_idle_seconds;
}
