// Builds one migrated, seeded PGlite snapshot for the whole server suite: initdb costs ~5 s and ~0.8 GB,
// loading a snapshot ~0.7 s (toolchain notes), so every test file starts from the snapshot.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { setScryptCostForTests } from '../../server/auth/password.ts';
import { SNAPSHOT_PATH, TEST_ADMIN_PASSWORD, TEST_SCRYPT } from './paths.ts';

export default async function setup(): Promise<void> {
  setScryptCostForTests(TEST_SCRYPT);
  const db = await openPglite();
  await migrate(db);
  await seed(db, { adminPassword: TEST_ADMIN_PASSWORD });
  const blob = await db.dump();
  mkdirSync(dirname(SNAPSHOT_PATH), { recursive: true });
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}
