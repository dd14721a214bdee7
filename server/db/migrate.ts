// Applies server/db/migrations/NNNN_name.sql in order, each in its own transaction, once. A transaction-level
// advisory lock keeps two processes starting together over one PostgreSQL from migrating twice.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Transaction } from './adapter.ts';

const DIR = join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_351_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function migrationFiles(): Migration[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f.slice(5, -4), sql: readFileSync(join(DIR, f), 'utf8') }));
}

/**
 * Migrates the database; answers the number of migrations applied in all (the schema version). Each migration
 * runs as the script it is (the database parses it: comments, quoted bodies and all) in its own transaction,
 * with its schema_migration row.
 */
export async function migrate(db: Db, files = migrationFiles()): Promise<number> {
  // The lock is held until each transaction ends, on its connection: a second process waits, then sees the rows.
  const locked = (work: (tx: Transaction) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      await work(tx);
    });
  await locked((tx) =>
    tx.exec('create table if not exists schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())'),
  );
  // Read once without the lock: a migrated database (every start but the first) needs no transaction more.
  const applied = new Set((await db.query<{ version: number }>('select version from schema_migration')).map((r) => r.version));
  for (const m of files.filter((f) => !applied.has(f.version)))
    await locked(async (tx) => {
      if ((await tx.query('select 1 from schema_migration where version = $1', [m.version])).length) return;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    });
  return files.length;
}
