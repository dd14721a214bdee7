// The demo data model of clinical.localhost: fixtures/data-models/models/oncology_baseline.json, published and
// owned by the site's administrator under its fixed id, with the fixture's valid records and a few more, so the
// clinical workspace has something to show on first start. Added only when the model is missing: an
// administrator's later versions, retirement or deleted records are never touched or brought back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import { seededUuid } from './seeded-id.ts';
import type { DataModel } from '../../src/generated/types/entities.ts';
import { compileRecordModel, recordErrors, type RecordValues } from '../../src/domain/data-model/record.ts';
import { createModel } from '../services/data-models.ts';
import { insertRecord } from '../services/data-model-record-store.ts';
import { DECISION_PACKAGES_DOMAIN as DOMAIN } from './seed-decision-packages.ts';

const MODELS_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'data-models', 'models');
const SEEDED = 'oncology_baseline';
const readJson = (file: string) => JSON.parse(readFileSync(join(MODELS_DIR, file), 'utf8'));

/** The records seeded with the model: the fixture's valid records, then those of `<model>.seed.json`. */
const seedRecords = (): RecordValues[] => [
  readJson(`${SEEDED}.valid.1.json`).values,
  readJson(`${SEEDED}.valid.2.json`).values,
  ...(readJson(`${SEEDED}.seed.json`).records as RecordValues[]),
];

/** Adds the demo model and its records when the model is missing; answers whether it did. */
export async function seedDataModels(tx: Queryable): Promise<boolean> {
  const [admin] = await tx.query<{ tenant_id: string; user_id: string }>(
    "select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
    [DOMAIN],
  );
  const model = readJson(`${SEEDED}.json`) as DataModel;
  if (!admin || (await tx.query('select 1 from data_model where data_model_id = $1', [model.data_model_id])).length) return false;
  await createModel(tx, admin.tenant_id, { userId: admin.user_id, isAdmin: true }, model, { id: model.data_model_id, publish: true });
  const compiled = compileRecordModel(model);
  for (const [n, values] of seedRecords().entries()) {
    const problems = compiled.check(values);
    // A fixture the check refuses is a broken fixture (tests/unit/validate-record.test.ts runs them all): left out, never stored half-checked.
    if (recordErrors(problems).length) continue;
    await insertRecord(tx, {
      tenantId: admin.tenant_id,
      modelId: model.data_model_id,
      version: 1,
      values: compiled.clean(values),
      warnings: problems,
      userId: admin.user_id,
      id: seededUuid(`sema:data-model-record:${model.data_model_id}:${n}`),
    });
  }
  return true;
}
