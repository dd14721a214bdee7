// Each site (tenant) as every request needs it — its row, its configuration and its website units — read from
// the database once and kept in this process until it changes. A change made here is dropped at once
// (`forget`, called by the writing handler after it commits); a change made by another process, or by hand,
// arrives through PostgreSQL NOTIFY on sema_site (migration 0010). Answers built from a site (the start-up
// configuration fetch) are kept beside it, serialized once, and go with it.
import type { Db, Queryable } from '../db/adapter.ts';
import type { Tenant } from '../http/context.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';

export const SITE_CHANNEL = 'sema_site';

/** Unknown host names remembered at most (every one costs a query until remembered). */
const MAX_UNKNOWN = 10_000;
/** Prepared answers kept per site (by language and caller kind). */
const MAX_ANSWERS = 256;

interface SiteEntry {
  tenant: Tenant;
  units?: Promise<WebsiteUnit[]>;
  answers: Map<string, string>;
}

export class SiteCache {
  private readonly byDomain = new Map<string, Promise<SiteEntry | undefined>>();
  private readonly domainOf = new Map<string, string>();
  private readonly unknown = new Set<string>();
  /** Raised by every forget: a read that started before it is not kept. */
  private generation = 0;
  private stop?: () => Promise<void>;

  constructor(private readonly db: Db) {}

  /** Starts following other processes' changes. */
  async listen(): Promise<void> {
    this.stop = await this.db.listen(SITE_CHANNEL, (tenantId) => (tenantId ? this.forget(tenantId) : this.forgetAll()));
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** The site of a host name, or undefined when no site has it. */
  async tenant(domain: string): Promise<Tenant | undefined> {
    return (await this.entry(domain))?.tenant;
  }

  /** A site's website units in menu order (position, then route name), with id, position and version. */
  async units(tenant: Pick<Tenant, 'tenant_id' | 'domain'>): Promise<WebsiteUnit[]> {
    const entry = await this.entry(tenant.domain);
    if (!entry || entry.tenant.tenant_id !== tenant.tenant_id) return websiteUnits(this.db, tenant.tenant_id);
    entry.units ??= websiteUnits(this.db, tenant.tenant_id).catch((e: unknown) => {
      entry.units = undefined;
      throw e;
    });
    return entry.units;
  }

  /** An answer built from the site's data and serialized once, kept until the site changes. */
  async answer(tenant: Pick<Tenant, 'tenant_id' | 'domain'>, key: string, build: () => Promise<string>): Promise<string> {
    const entry = await this.entry(tenant.domain);
    const kept = entry?.answers.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const built = await build();
    if (entry && this.generation === generation && this.byDomain.has(tenant.domain) && entry.answers.size < MAX_ANSWERS) entry.answers.set(key, built);
    return built;
  }

  /** Drops what is kept of a site (its row, units and answers). */
  forget(tenantId: string): void {
    this.generation++;
    this.unknown.clear(); // the change may be a new site for a host name that had none
    const domain = this.domainOf.get(tenantId);
    if (domain !== undefined) this.byDomain.delete(domain);
    this.domainOf.delete(tenantId);
  }

  forgetAll(): void {
    this.generation++;
    this.unknown.clear();
    this.byDomain.clear();
    this.domainOf.clear();
  }

  private entry(domain: string): Promise<SiteEntry | undefined> {
    if (this.unknown.has(domain)) return Promise.resolve(undefined);
    let hit = this.byDomain.get(domain);
    if (!hit) {
      const generation = this.generation;
      hit = findTenant(this.db, domain).then(
        (tenant) => {
          const current = this.generation === generation;
          if (!tenant) {
            if (current && this.byDomain.get(domain) === hit) this.byDomain.delete(domain);
            if (current && this.unknown.size < MAX_UNKNOWN) this.unknown.add(domain);
            return undefined;
          }
          // Read before a change was announced: answer it to this request, keep nothing.
          if (!current && this.byDomain.get(domain) === hit) this.byDomain.delete(domain);
          else this.domainOf.set(tenant.tenant_id, domain);
          return { tenant, answers: new Map() };
        },
        (e: unknown) => {
          if (this.byDomain.get(domain) === hit) this.byDomain.delete(domain);
          throw e;
        },
      );
      this.byDomain.set(domain, hit);
    }
    return hit;
  }
}

async function findTenant(db: Queryable, domain: string): Promise<Tenant | undefined> {
  const rows = await db.query<Tenant & Record<string, unknown>>(
    `select tenant_id, domain, frontend_client_id, frontend_product_id, frontend, session_idle_seconds
       from tenant where domain = $1`,
    [domain],
  );
  return rows[0];
}

/** A site's website units (one, with `unitId`) as read from the database, in menu order. */
export async function websiteUnits(db: Queryable, tenantId: string, unitId?: string): Promise<WebsiteUnit[]> {
  const rows = await db.query<{ website_unit_client_id: string; position: number; version: number; definition: WebsiteUnit }>(
    `select website_unit_client_id, position, version, definition from website_unit
      where tenant_id = $1 and ($2::uuid is null or website_unit_client_id = $2::uuid)
      order by position, route_name`,
    [tenantId, unitId ?? null],
  );
  return rows.map((r) => ({ ...r.definition, website_unit_client_id: r.website_unit_client_id, position: r.position, version: r.version }));
}
