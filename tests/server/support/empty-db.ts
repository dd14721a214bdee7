// An empty database (no migrations, no seed) of either kind, for tests of the migrations themselves.
import type { Db } from '../../../server/db/adapter.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import type { DbKind } from '../harness.ts';
import { newPostgresDatabase } from './snapshot.ts';

export function emptyDb(kind: DbKind): Promise<Db> {
  return kind === 'pglite' ? openPglite() : newPostgresDatabase(process.env.TEST_DATABASE_URL!);
}
