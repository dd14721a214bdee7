// The example decision-support packages of fixtures/decision-packages/: on the clinical site, global packages
// owned by its administrator, version 1 published, so a fresh start can run them. Each has a fixed id
// derived from the site and the file, and is added only when missing (an administrator's later versions
// are never touched), in the seed's transaction.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import { seededUuid } from './seeded-id.ts';
import { compileGraph } from '../../src/domain/rules/index.ts';
import type { DecisionGraph, LocalizedText } from '../../src/generated/types/entities.ts';
import { insertPackage } from '../services/decision-packages.ts';

export const DECISION_PACKAGES_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages');
export const DECISION_PACKAGES_DOMAIN = 'clinical.localhost';

export interface RulePackageFixture {
  /** The file's name without .json: bmi_class, lab_gate_before_cycle, renal_dose_alert. */
  key: string;
  name: LocalizedText;
  description?: LocalizedText;
  document: DecisionGraph;
  cases: { name: string; today?: string; record: Record<string, unknown>; decisions: string[]; outputs: Record<string, unknown> }[];
}

export function decisionPackageFixtures(): RulePackageFixture[] {
  return readdirSync(DECISION_PACKAGES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ key: f.slice(0, -5), ...JSON.parse(readFileSync(join(DECISION_PACKAGES_DIR, f), 'utf8')) }));
}

/** The seeded package's id: a UUID made from the site and the fixture's key, the same on every start. */
export const seededPackageId = (domain: string, key: string): string => seededUuid(`sema:rule-package:${domain}:${key}`);

/** Adds each missing example package; answers the keys added. */
export async function seedDecisionPackages(tx: Queryable): Promise<string[]> {
  const [admin] = await tx.query<{ tenant_id: string; user_id: string }>(
    "select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
    [DECISION_PACKAGES_DOMAIN],
  );
  if (!admin) return [];
  const added: string[] = [];
  for (const f of decisionPackageFixtures()) {
    const packageId = seededPackageId(DECISION_PACKAGES_DOMAIN, f.key);
    const [exists] = await tx.query('select 1 from decision_package where package_id = $1', [packageId]);
    if (exists) continue;
    // A fixture the engine refuses stays a draft for the administrator to mend, rather than a broken run.
    const publish = compileGraph(f.document).ok;
    await insertPackage(tx, { tenantId: admin.tenant_id, ownerId: admin.user_id, packageId }, { name: f.name, description: f.description, is_global: true, document: f.document }, { publish });
    added.push(f.key);
  }
  return added;
}
