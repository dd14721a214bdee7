// Each site (tenant) as every request needs it — its row, its configuration and its website units — read from
// the database once and kept in this process until it changes. A change made here is applied at once by the
// writing handler after it commits (`forget` for the site's row, `unitsSaved`/`unitRemoved` patch the units);
// a change made by another process, or by hand, arrives through PostgreSQL NOTIFY on sema_site (migrations
// 0010 and 0012: the site's id, or the site's id, a unit's id and its version). Answers built from a site (the
// start-up configuration fetch) are kept beside it, serialized once, and go with any change.
import type { Db, Queryable } from '../db/adapter.ts';
import type { Tenant } from '../http/context.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import { tenantByDomain } from './tenant-store.ts';

export const SITE_CHANNEL = 'sema_site';

/** Unknown host names remembered at most (every one costs a query until remembered). */
const MAX_UNKNOWN = 10_000;
/** Prepared answers kept per site (by language and caller kind). */
const MAX_ANSWERS = 256;

interface SiteEntry {
  tenant: Tenant;
  units?: Promise<WebsiteUnit[]>;
  /** The units once read (and while no read is under way): what a unit change patches. */
  list?: WebsiteUnit[];
  /** Changes that came while the units were being read, applied to what the read answers. */
  pending?: ((list: WebsiteUnit[]) => WebsiteUnit[])[];
  /** Answers built, or being built (one build however many ask at once: a burst after a change builds once). */
  answers: Map<string, unknown>;
}

/** Menu order: position, then route name (as `order by position, route_name collate "C"`). */
const menuOrder = (a: WebsiteUnit, b: WebsiteUnit) =>
  a.position! - b.position! || (a.route_name < b.route_name ? -1 : a.route_name > b.route_name ? 1 : 0);

export class SiteCache {
  private readonly byDomain = new Map<string, Promise<SiteEntry | undefined>>();
  private readonly domainOf = new Map<string, string>();
  /** The sites whose row is kept, by tenant id. */
  private readonly kept = new Map<string, SiteEntry>();
  /** The same sites by host name, for an answer without waiting. */
  private readonly keptByDomain = new Map<string, SiteEntry>();
  private readonly unknown = new Set<string>();
  /** Units this process is writing ("tenant unit"), with the notices of their changes that came meanwhile. */
  private readonly writing = new Map<string, { writers: number; versions: number[] }>();
  /** Raised by every forget: a read that started before it is not kept. */
  private generation = 0;
  private stop?: () => Promise<void>;

  constructor(private readonly db: Db) {}

  /** Starts following other processes' changes. */
  async listen(): Promise<void> {
    this.stop = await this.db.listen(SITE_CHANNEL, (payload) => {
      if (payload === null) return this.forgetAll();
      const [tenantId, unitId, version] = payload.split(' ');
      if (unitId) this.unitNotified(tenantId, unitId, Number(version));
      else this.forget(tenantId);
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** The site of a host name if it is kept (no waiting), else undefined: then ask tenant(). */
  keptTenant(domain: string): Tenant | undefined {
    return this.keptByDomain.get(domain)?.tenant;
  }

  /** The site of a host name, or undefined when no site has it. */
  async tenant(domain: string): Promise<Tenant | undefined> {
    return (await this.entry(domain))?.tenant;
  }

  /** A site's website units in menu order (position, then route name), with id, position and version. */
  async units(tenant: Pick<Tenant, 'tenant_id' | 'domain'>): Promise<WebsiteUnit[]> {
    const entry = await this.entry(tenant.domain);
    if (!entry || entry.tenant.tenant_id !== tenant.tenant_id) return websiteUnits(this.db, tenant.tenant_id);
    if (!entry.units) {
      // Changes made meanwhile are applied to what the read answers, whether or not it saw them (each change
      // keeps the newer version of a unit): under a stream of unit writes the read still lands.
      const read: Promise<WebsiteUnit[]> = websiteUnits(this.db, tenant.tenant_id).then(
        (list) => {
          if (entry.units !== read) return list; // dropped meanwhile: answered to its callers, not kept
          const patched = (entry.pending ?? []).reduce((units, change) => change(units), list);
          entry.pending = undefined;
          entry.list = patched;
          return patched;
        },
        (e: unknown) => {
          if (entry.units === read) {
            entry.units = undefined;
            entry.pending = undefined;
          }
          throw e;
        },
      );
      entry.units = read;
    }
    return entry.units;
  }

  /** Units saved (by this process after its commit, or read after another's): patched into the kept list unless it has newer ones. */
  unitsSaved(tenantId: string, saved: readonly WebsiteUnit[]): void {
    this.patchUnits(tenantId, (list) => {
      const kept = new Map(list.map((u) => [u.website_unit_client_id, u]));
      const keptIsNewer = (u: WebsiteUnit) => {
        const have = kept.get(u.website_unit_client_id)?.version;
        return have !== undefined && u.version !== undefined && have > u.version;
      };
      const newer = saved.filter((u) => !keptIsNewer(u));
      const ids = new Set(newer.map((u) => u.website_unit_client_id));
      return [...list.filter((u) => !ids.has(u.website_unit_client_id)), ...newer].sort(menuOrder);
    });
  }

  /** A unit removed (by this process after its commit, or found gone after another's change). */
  unitRemoved(tenantId: string, unitId: string): void {
    this.patchUnits(tenantId, (list) => list.filter((u) => u.website_unit_client_id !== unitId));
  }

  /**
   * A write of these units by this process, which patches the kept list itself (unitsSaved, unitRemoved) before
   * it settles: the notices of their changes wait until then, so its own change is not read back.
   */
  async writingUnits<T>(tenantId: string, unitIds: readonly string[], write: () => Promise<T>): Promise<T> {
    const keys = unitIds.map((id) => `${tenantId} ${id}`);
    for (const key of keys) {
      const w = this.writing.get(key) ?? { writers: 0, versions: [] };
      w.writers++;
      this.writing.set(key, w);
    }
    try {
      return await write();
    } finally {
      keys.forEach((key, i) => {
        const w = this.writing.get(key)!;
        if (--w.writers) return;
        this.writing.delete(key);
        for (const version of w.versions) this.unitNotified(tenantId, unitIds[i], version);
      });
    }
  }

  /**
   * A unit changed (version 0: removed). Looked at after the writer's own turn (a notice may arrive before the
   * writer in this process has patched the list): a change the kept list lacks is read, that unit alone.
   */
  private unitNotified(tenantId: string, unitId: string, version: number): void {
    const writing = this.writing.get(`${tenantId} ${unitId}`);
    if (writing) {
      writing.versions.push(version);
      return;
    }
    setImmediate(() => {
      const entry = this.kept.get(tenantId);
      if (!entry?.units) return; // no units kept: the next read sees the change
      const unit = entry.list?.find((u) => u.website_unit_client_id === unitId);
      if (entry.list && (version === 0 ? !unit : unit && unit.version! >= version)) return;
      websiteUnits(this.db, tenantId, unitId).then(
        ([fresh]) => (fresh ? this.unitsSaved(tenantId, [fresh]) : this.unitRemoved(tenantId, unitId)),
        () => this.patchUnits(tenantId, undefined),
      );
    });
  }

  /**
   * Applies `change` to the kept units (or to the read under way, when it lands); without a change, drops them
   * (read again when next needed).
   */
  private patchUnits(tenantId: string, change: ((list: WebsiteUnit[]) => WebsiteUnit[]) | undefined): void {
    const entry = this.kept.get(tenantId);
    if (!entry) return;
    entry.answers.clear();
    if (change && entry.list) {
      entry.list = change(entry.list);
      entry.units = Promise.resolve(entry.list);
    } else if (change && entry.units) {
      entry.pending ??= [];
      entry.pending.push(change);
    } else {
      entry.list = undefined;
      entry.units = undefined;
      entry.pending = undefined;
    }
  }

  /** An answer built from the site's data and serialized once, kept until the site changes (one key, one type of answer). */
  async answer<T>(tenant: Pick<Tenant, 'tenant_id' | 'domain'>, key: string, build: () => Promise<T>): Promise<T> {
    const entry = await this.entry(tenant.domain);
    const kept = entry?.answers.get(key) as T | Promise<T> | undefined;
    if (kept !== undefined) return kept;
    const building = build();
    if (entry && this.kept.get(entry.tenant.tenant_id) === entry && entry.answers.size < MAX_ANSWERS) {
      entry.answers.set(key, building);
      // A change meanwhile has cleared the map: what this build answers is not kept.
      const settle = (built?: T) => {
        if (entry.answers.get(key) !== building) return;
        if (built === undefined) entry.answers.delete(key);
        else entry.answers.set(key, built);
      };
      building.then(settle, () => settle());
    }
    return building;
  }

  /** Drops what is kept of a site (its row, units and answers). */
  forget(tenantId: string): void {
    this.generation++;
    this.unknown.clear(); // the change may be a new site for a host name that had none
    const domain = this.domainOf.get(tenantId);
    if (domain !== undefined) {
      this.byDomain.delete(domain);
      this.keptByDomain.delete(domain);
    }
    this.domainOf.delete(tenantId);
    this.kept.delete(tenantId);
  }

  forgetAll(): void {
    this.generation++;
    this.unknown.clear();
    this.byDomain.clear();
    this.keptByDomain.clear();
    this.domainOf.clear();
    this.kept.clear();
  }

  private entry(domain: string): Promise<SiteEntry | undefined> {
    if (this.unknown.has(domain)) return Promise.resolve(undefined);
    let hit = this.byDomain.get(domain);
    if (!hit) {
      const generation = this.generation;
      hit = tenantByDomain(this.db, domain).then(
        (tenant) => {
          const current = this.generation === generation;
          if (!tenant) {
            if (current && this.byDomain.get(domain) === hit) this.byDomain.delete(domain);
            if (current && this.unknown.size < MAX_UNKNOWN) this.unknown.add(domain);
            return undefined;
          }
          // Read before a change was announced: answer it to this request, keep nothing.
          const entry: SiteEntry = { tenant, answers: new Map() };
          if (!current && this.byDomain.get(domain) === hit) this.byDomain.delete(domain);
          else {
            this.domainOf.set(tenant.tenant_id, domain);
            this.kept.set(tenant.tenant_id, entry);
            this.keptByDomain.set(domain, entry);
          }
          return entry;
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

/** A stored unit's columns as the API answers it (with unitOf). */
export const UNIT_COLUMNS = 'website_unit_client_id, position, version, definition';
export type UnitRow = {
  website_unit_client_id: string;
  position: number;
  version: number;
  definition: WebsiteUnit;
};
export const unitOf = (r: UnitRow): WebsiteUnit => ({ ...r.definition, website_unit_client_id: r.website_unit_client_id, position: r.position, version: r.version });

/** A site's website units (one, with `unitId`) as read from the database, in menu order. */
export async function websiteUnits(db: Queryable, tenantId: string, unitId?: string): Promise<WebsiteUnit[]> {
  const rows = await db.query<UnitRow>(
    `select ${UNIT_COLUMNS} from website_unit
      where tenant_id = $1 and ($2::uuid is null or website_unit_client_id = $2::uuid)
      order by position, route_name collate "C"`,
    [tenantId, unitId ?? null],
  );
  return rows.map(unitOf);
}
