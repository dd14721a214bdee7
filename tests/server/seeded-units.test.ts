// The clinical site's help pages (help, about, FAQ, videos, contact) are seeded website units, offered to each
// site once (migration 0021, server/db/seed-units.ts): a site created now has them; a site created by an
// earlier version gets them at its next start; one an administrator deleted or changed stays so after another
// start; a unit seeded before the upgrade and deleted since does not come back; a site that uses a unit's
// address for a page of its own keeps it and is not given a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { seedUnits, type SeedUnit } from '../../server/db/seed-units.ts';
import { insertUnit, removeUnit, saveUnit } from '../../server/services/website-units.ts';
import { sanitizeRichText } from '../../server/services/rich-text.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import { databaseKinds, openTestDb } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };

const clinical = tenants.tenants.find((t) => t.domain === 'clinical.localhost')!;
const units = clinical.website_unit_list as unknown as SeedUnit[];
const HELP_PAGES = ['help', 'about', 'faq', 'videos', 'contact'];
const fixture = (name: string) => units.find((u) => u.route_name === name)!;
const definitionOf = ({ website_unit_client_id: _, ...definition }: SeedUnit): WebsiteUnit => definition;

async function siteUnits(db: Db, domain = 'clinical.localhost') {
  return db.query<{ website_unit_client_id: string; route_name: string; version: number; definition: WebsiteUnit }>(
    `select u.website_unit_client_id, u.route_name, u.version, u.definition from website_unit u join tenant t on t.tenant_id = u.tenant_id
      where t.domain = $1 order by u.position, u.route_name`,
    [domain],
  );
}
const tenantIdOf = async (db: Db, domain = 'clinical.localhost') => (await db.query<{ tenant_id: string }>('select tenant_id from tenant where domain = $1', [domain]))[0].tenant_id;
const reseed = (db: Db) => seed(db, { adminPassword: 'unused-because-the-admin-exists' });

describe('the help pages of the clinical site (fixtures)', () => {
  it('are five bilingual rich-text units under Help, after the dashboard, whose HTML the sanitizer keeps as it is', () => {
    const help = units.filter((u) => HELP_PAGES.includes(u.route_name));
    expect(help.map((u) => u.route_name)).toEqual(HELP_PAGES);
    expect(fixture('help').parent).toBeNull();
    for (const name of HELP_PAGES.slice(1)) expect(fixture(name).parent).toBe('help');
    for (const u of help) {
      expect(u.position).toBeGreaterThan(fixture('dashboard').position);
      expect(u.content?.kind).toBe('rich_text');
      if (u.content?.kind !== 'rich_text') continue;
      for (const lang of ['en', 'tr'] as const) {
        expect(u.content.html[lang].length).toBeGreaterThan(400);
        expect(sanitizeRichText(u.content.html[lang])).toBe(u.content.html[lang]);
        // Nothing is loaded or linked from outside the site.
        expect(u.content.html[lang]).not.toMatch(/(src|href)="(https?:)?\/\//);
        expect(u.content.html[lang]).not.toMatch(/<(img|video|iframe)/);
      }
    }
    // Each language links the pages by their paths in that language.
    const html = fixture('help').content as { html: { en: string; tr: string } };
    expect(html.html.en).toContain('href="/faq"');
    expect(html.html.tr).toContain('href="/sss"');
  });
});

describe.each(databaseKinds('depends-on-database'))('seeded website units on %s', (kind) => {
  describe('a site created now', () => {
    let db: Db;
    beforeAll(async () => {
      db = await openTestDb(kind);
    });
    afterAll(() => db?.close());

    it('has the five help pages, remembered as offered', async () => {
      const stored = await siteUnits(db);
      expect(stored.map((u) => u.route_name)).toEqual(['dashboard', 'about', 'help', 'faq', 'videos', 'contact', 'membership_agreement']);
      expect(stored.find((u) => u.route_name === 'faq')).toMatchObject({ version: 1, definition: definitionOf(fixture('faq')) });
      const offered = await db.query<{ website_unit_client_id: string }>('select website_unit_client_id from seeded_website_unit where tenant_id = $1', [await tenantIdOf(db)]);
      expect(offered.map((r) => r.website_unit_client_id).sort()).toEqual(units.map((u) => u.website_unit_client_id).sort());
      // The shop site is not given the clinical site's pages.
      expect((await siteUnits(db, 'localhost')).map((u) => u.route_name)).toEqual(['home', 'membership_agreement']);
    });

    it('keeps a deleted one deleted and a changed one changed after another start', async () => {
      const tenantId = await tenantIdOf(db);
      const about = fixture('about');
      const changed = { ...definitionOf(about), caption: { en: 'About this site', tr: 'Bu site hakkında' } };
      await db.transaction(async (tx) => {
        await removeUnit(tx, tenantId, fixture('faq').website_unit_client_id, null);
        await saveUnit(tx, tenantId, about.website_unit_client_id, null, changed);
      });
      const result = await reseed(db);
      expect(result.unitsSkipped).toEqual([]);
      const stored = await siteUnits(db);
      expect(stored.map((u) => u.route_name)).not.toContain('faq');
      expect(stored.find((u) => u.route_name === 'about')).toMatchObject({ version: 2, definition: { caption: changed.caption } });
      await reseed(db);
      expect((await siteUnits(db)).map((u) => u.route_name)).toEqual(['dashboard', 'about', 'help', 'videos', 'contact', 'membership_agreement']);
    });
  });

  describe('a site created by an earlier version', () => {
    let db: Db;
    const OLD = ['dashboard', 'membership_agreement'];
    beforeAll(async () => {
      // The database as it was before migration 0021, with the clinical site as the seed of that time made it: its
      // units inserted at creation; the administrator has since deleted the membership agreement.
      db = await emptyDb(kind);
      await migrate(db, migrationFiles().filter((f) => f.version < 21));
      const tenantId = randomUUID();
      await db.query('insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, $2, $3, $4, $5)', [
        tenantId,
        clinical.domain,
        clinical.frontend_client_id,
        clinical.frontend_product_id,
        JSON.stringify(clinical.frontend),
      ]);
      for (const u of units.filter((x) => OLD.includes(x.route_name)))
        await db.query('insert into website_unit (website_unit_client_id, tenant_id, route_name, position, definition) values ($1, $2, $3, $4, $5)', [
          u.website_unit_client_id,
          tenantId,
          u.route_name,
          u.position,
          JSON.stringify(definitionOf(u)),
        ]);
      await db.transaction((tx) => removeUnit(tx, tenantId, fixture('membership_agreement').website_unit_client_id, null));
      await migrate(db);
    });
    afterAll(() => db?.close());

    it('remembers the units it has and had as offered when it is upgraded', async () => {
      const offered = await db.query<{ website_unit_client_id: string }>('select website_unit_client_id from seeded_website_unit where tenant_id = $1', [await tenantIdOf(db)]);
      expect(offered.map((r) => r.website_unit_client_id).sort()).toEqual(units.filter((u) => OLD.includes(u.route_name)).map((u) => u.website_unit_client_id).sort());
    });

    it('gets the help pages at its next start, once; the unit deleted before the upgrade stays deleted', async () => {
      await reseed(db);
      const names = ['dashboard', 'about', 'help', 'faq', 'videos', 'contact'];
      expect((await siteUnits(db)).map((u) => u.route_name)).toEqual(names);
      await reseed(db);
      const again = await siteUnits(db);
      expect(again.map((u) => u.route_name)).toEqual(names);
      expect(again.every((u) => u.version === 1)).toBe(true);
    });
  });

  describe('a site that has a page of its own at a seeded address', () => {
    let db: Db;
    beforeAll(async () => {
      db = await openTestDb(kind);
    });
    afterAll(() => db?.close());

    it('keeps its page; the seeded one and its children are not added, reported once, and not offered again', async () => {
      const tenantId = randomUUID();
      await db.query("insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, 'other.localhost', $2, $3, $4)", [
        tenantId,
        randomUUID(),
        randomUUID(),
        JSON.stringify(clinical.frontend),
      ]);
      const own = { ...definitionOf(fixture('contact')), route_name: 'help_desk', path: { en: '/help', tr: '/destek' }, parent: null };
      await db.transaction((tx) => insertUnit(tx, tenantId, randomUUID(), null, own));
      // Other ids than the clinical site's (a unit's id is unique across sites).
      const offer = units.filter((u) => HELP_PAGES.includes(u.route_name)).map((u) => ({ ...u, website_unit_client_id: randomUUID() }));
      const first = await db.transaction((tx) => seedUnits(tx, tenantId, offer));
      expect(first.added).toEqual([]);
      expect(first.skipped).toEqual([
        { route_name: 'help', reason: 'website_unit_path_taken' },
        ...HELP_PAGES.slice(1).map((route_name) => ({ route_name, reason: 'website_unit_parent_missing' })),
      ]);
      expect(await db.transaction((tx) => seedUnits(tx, tenantId, offer))).toEqual({ added: [], skipped: [] });
      expect((await siteUnits(db, 'other.localhost')).map((u) => u.route_name)).toEqual(['help_desk']);
    });
  });
});
