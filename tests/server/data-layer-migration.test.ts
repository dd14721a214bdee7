// Migration 0031 on a database started before data layers: the frd layer of layer_wdm becomes the system layer
// whose records are the language options, so /layer/wdm/get answers what it answered before; the seed that runs
// at every start then adds the demo sites' layers once and never a second frd.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { wdmDocuments } from '../../server/services/layer-store.ts';
import { databaseKinds } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';

describe.each(databaseKinds('depends-on-database'))('migration 0031 on %s', (kind) => {
  let db: Db;
  // An English-only site's options as a deployment may have had them (not the seed's).
  const before = { language_options: [{ label: 'en', value: 1 }] };

  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec('create table schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    for (const m of migrationFiles().filter((f) => f.version < 31)) {
      await db.exec(m.sql);
      await db.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    }
    await db.query('insert into layer_wdm (layer_code, data) values ($1, $2)', ['frd', JSON.stringify(before)]);
    await migrate(db);
  });
  afterAll(() => db.close());

  it('moves frd into a system layer that answers the same document', async () => {
    expect(await wdmDocuments(db, ['frd'])).toEqual({ frd: before });
    const [table] = await db.query<{ found: string | null }>("select to_regclass('layer_wdm')::text as found");
    expect(table.found).toBeNull();
  });

  it('seeds each demo site its own layers once, and keeps the moved frd', async () => {
    await seed(db, { adminPassword: 'migration-test-password-0123' });
    await seed(db, { adminPassword: 'migration-test-password-0123' });
    const layers = await db.query<{ domain: string | null; layer_code: string; records: number }>(
      `select t.domain, l.layer_code, (select count(*)::int from layer_record r where r.layer_id = l.layer_id) as records
         from data_layer l left join tenant t on t.tenant_id = l.tenant_id order by t.domain nulls first, l.layer_code`,
    );
    expect(layers).toEqual([
      { domain: null, layer_code: 'frd', records: 1 },
      { domain: 'clinical.localhost', layer_code: 'places', records: 7 },
      { domain: 'clinical.localhost', layer_code: 'units', records: 4 },
      { domain: 'localhost', layer_code: 'places', records: 7 },
      { domain: 'localhost', layer_code: 'units', records: 4 },
    ]);
    expect(await wdmDocuments(db, ['frd'])).toEqual({ frd: before });
  });
});
