// An empty database (no migrations, no seed) of either kind, for tests of the migrations themselves.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../server/db/adapter.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import type { DbKind } from '../harness.ts';

export async function emptyDb(kind: DbKind): Promise<Db> {
  if (kind === 'pglite') return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sema_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    ...db,
    close: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
