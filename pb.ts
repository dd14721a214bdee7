import { openPglite } from './server/db/pglite.ts';
import { readFileSync } from 'node:fs';
import { findTenant } from './server/http/context.ts';
import { websiteUnits } from './server/handlers/frontend.ts';
const db = await openPglite(undefined, new Blob([readFileSync('.sema-test-data/pglite-snapshot.tar.gz')]));
for (const [name, f] of [['tenant', () => findTenant(db, 'localhost')], ['units', async () => websiteUnits(db, (await findTenant(db,'localhost'))!.tenant_id)], ['select1', () => db.query('select 1')]] as const) {
  for (let i = 0; i < 200; i++) await f();
  const t = performance.now(); for (let i = 0; i < 2000; i++) await f();
  console.log(name, ((performance.now() - t) / 2000).toFixed(3), 'ms');
}
