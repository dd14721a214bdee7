// The demo seed: the tenants of fixtures/seed/ (a shop on localhost, a clinical site on clinical.localhost),
// the layer parameters, and an administrator `admin` on each tenant. Runs at every start and only adds
// what is missing, so it never overwrites what an administrator changed.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './adapter.ts';
import { hashPassword, randomSecret } from '../auth/password.ts';
import { grantEveryAuthCode } from '../services/authorization-store.ts';
import { seedShops } from './seed-shops.ts';
import { seedDecisionPackages } from './seed-decision-packages.ts';
import { seedDataModels } from './seed-data-models.ts';
import { seedProtocols } from './seed-protocols.ts';
import { seedPatients } from './seed-patients.ts';
import { seedUnits, type SeedUnit } from './seed-units.ts';
import { seedLayers, type SeedLayer } from './seed-layers.ts';
import { seedAnalysisProjects } from './seed-analysis-projects.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'seed');
const readSeed = (file: string) => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));

interface SeedTenant {
  domain: string;
  frontend_client_id: string;
  frontend_product_id: string;
  frontend: object;
  website_unit_list: SeedUnit[];
}

export interface SeedResult {
  tenantsCreated: string[];
  /** Per site, the fixture units offered now and not added because the site uses their name or path already. */
  unitsSkipped: { domain: string; route_name: string; reason: string }[];
  /** Set when the administrator was created now with a generated password (printed once by the caller). */
  generatedAdminPassword?: string;
}

export async function seed(db: Db, options: { adminPassword?: string } = {}): Promise<SeedResult> {
  const { tenants } = readSeed('tenants.json') as { tenants: SeedTenant[] };
  const layers = readSeed('layers.json') as { system_layer_list: SeedLayer[]; site_layer_list: SeedLayer[] };
  const result: SeedResult = { tenantsCreated: [], unitsSkipped: [] };
  const adminPassword = options.adminPassword ?? randomSecret(16);
  let adminHash: string | undefined;
  await db.transaction(async (tx) => {
    // The fixture units and data layers each site was never offered: all of them on a new site, the ones added
    // since on an older one (server/db/seed-units.ts, seed-layers.ts).
    const offerUnits = async (tenantId: string, t: SeedTenant) => {
      const { skipped } = await seedUnits(tx, tenantId, t.website_unit_list);
      result.unitsSkipped.push(...skipped.map((u) => ({ domain: t.domain, ...u })));
      await seedLayers(tx, tenantId, layers.site_layer_list);
    };
    await seedLayers(tx, null, layers.system_layer_list);
    for (const t of tenants) {
      const inserted = await tx.query<{ tenant_id: string }>(
        `insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend)
         values ($1, $2, $3, $4, $5) on conflict (domain) do nothing returning tenant_id`,
        [randomUUID(), t.domain, t.frontend_client_id, t.frontend_product_id, JSON.stringify(t.frontend)],
      );
      if (!inserted.length) {
        const [site] = await tx.query<{ tenant_id: string }>('select tenant_id from tenant where domain = $1', [t.domain]);
        await offerUnits(site.tenant_id, t);
        // A site seeded before issue 3: its admin gets the auth codes the site has no authorization of yet.
        const [admin] = await tx.query<{ user_id: string; tenant_id: string }>(
          "select u.user_id, u.tenant_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
          [t.domain],
        );
        if (admin) await grantEveryAuthCode(tx, admin.tenant_id, admin.user_id);
        continue;
      }
      const tenantId = inserted[0].tenant_id;
      result.tenantsCreated.push(t.domain);
      await offerUnits(tenantId, t);
      adminHash ??= await hashPassword(adminPassword);
      const adminId = randomUUID();
      await tx.query(
        `insert into app_user (user_id, tenant_id, username, firstname, lastname, password_hash, active_lang)
         values ($1, $2, 'admin', 'Site', 'Administrator', $3, $4)`,
        [adminId, tenantId, adminHash, (t.frontend as { default_language: number }).default_language],
      );
      // One unlimited authorization per auth code, held by the admin with unlimited assigning (issue 3).
      await grantEveryAuthCode(tx, tenantId, adminId);
    }
    // The demo shop of localhost (issue 4), added when missing: also on sites seeded before it.
    await seedShops(tx);
    // The example decision-support packages of clinical.localhost (issue 5), added when missing.
    await seedDecisionPackages(tx);
    // The demo data model of clinical.localhost with a few records (issue 11), added when missing.
    await seedDataModels(tx);
    // The example regimen library of clinical.localhost (issue 12), each added when missing.
    await seedProtocols(tx);
    // The demo patients of clinical.localhost with measurements and laboratory results (issue 12), added when missing.
    await seedPatients(tx);
    // The public demo analysis project of localhost (issue 14), added when missing.
    await seedAnalysisProjects(tx);
  });
  if (adminHash && !options.adminPassword) result.generatedAdminPassword = adminPassword;
  return result;
}
