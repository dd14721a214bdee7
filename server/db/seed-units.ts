// The website units of fixtures/seed/tenants.json, offered to each site once (table seeded_website_unit,
// migration 0021): a site created now gets all of them, a site created by an earlier version the ones added to
// the fixtures since. A unit once offered is never offered again, so an administrator's deletion or change
// stays. A unit whose name or path the site already uses for a page of its own (or whose parent is missing)
// is not added, and still counts as offered: the site's page is kept and not duplicated at the next start.
import type { Queryable } from './adapter.ts';
import { ApiError } from '../http/api-error.ts';
import { aboutUnit, checkUnit, insertUnit, lockSiteUnits, storedUnits } from '../services/website-units.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';

export type SeedUnit = WebsiteUnit & { website_unit_client_id: string };

export interface SeededUnits {
  added: string[];
  /** Offered now but not added, each with the check's reason (a taken name or path, a missing parent). */
  skipped: { route_name: string; reason: string }[];
}

/** Offers the site `tenantId` the fixture units it was never offered, in the fixture's order (parents first). */
export async function seedUnits(tx: Queryable, tenantId: string, units: readonly SeedUnit[]): Promise<SeededUnits> {
  const result: SeededUnits = { added: [], skipped: [] };
  const offered = new Set(
    (
      await tx.query<{ website_unit_client_id: string }>('select website_unit_client_id from seeded_website_unit where tenant_id = $1 and website_unit_client_id = any($2::uuid[])', [
        tenantId,
        units.map((u) => u.website_unit_client_id),
      ])
    ).map((r) => r.website_unit_client_id),
  );
  const fresh = units.filter((u) => !offered.has(u.website_unit_client_id));
  if (!fresh.length) return result;
  // As a new unit from the unit form: the site's units held while they are checked against them.
  const frontend = await lockSiteUnits(tx, tenantId);
  for (const unit of fresh) {
    // Another process starting at the same time may have offered it: the row decides, once.
    const claimed = await tx.query(
      'insert into seeded_website_unit (tenant_id, website_unit_client_id) values ($1, $2) on conflict do nothing returning website_unit_client_id',
      [tenantId, unit.website_unit_client_id],
    );
    if (!claimed.length) continue;
    let definition: WebsiteUnit;
    try {
      definition = checkUnit(unit, { others: await storedUnits(tx, tenantId, aboutUnit(unit)) }, frontend, 'en');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      result.skipped.push({ route_name: unit.route_name, reason: e.key });
      continue;
    }
    await insertUnit(tx, tenantId, unit.website_unit_client_id, null, definition);
    result.added.push(unit.route_name);
  }
  return result;
}
