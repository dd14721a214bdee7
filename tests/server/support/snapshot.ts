// The databases every test starts from, made once per run: a migrated, seeded PGlite snapshot (initdb costs
// ~5 s and ~0.8 GB, loading a snapshot ~0.7 s) and, with TEST_DATABASE_URL, a PostgreSQL template database
// that `create database … template` copies in a fraction of a second.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { setScryptCostForTests, type ScryptCost } from '../../../server/auth/password.ts';
import type { Db } from '../../../server/db/adapter.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { seed } from '../../../server/db/seed.ts';

/**
 * Migrates and seeds `db` with the administrator's password hashed at `scrypt` (the production cost when absent).
 * The cost is this process's setting: databases built side by side are built at the same cost.
 */
async function migrateAndSeed(db: Db, adminPassword: string, scrypt?: ScryptCost): Promise<void> {
  setScryptCostForTests(scrypt);
  await migrate(db);
  await seed(db, { adminPassword });
}

/** Writes a migrated, seeded PGlite database to `path`. */
export async function writePgliteSnapshot(path: string, adminPassword: string, scrypt?: ScryptCost): Promise<void> {
  const db = await openPglite();
  await migrateAndSeed(db, adminPassword, scrypt);
  const blob = await db.dump();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}

/** The address of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` (create or drop database) on the server of `adminUrl`. */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database name, unique to this run (two runs may share one PostgreSQL server). */
const newDatabaseName = (prefix: string): string => `${prefix}_${randomBytes(6).toString('hex')}`;

/** A new PostgreSQL database on the server of `adminUrl`, empty or a copy of `template`; closing it drops it. */
export async function newPostgresDatabase(adminUrl: string, template?: string): Promise<Db> {
  const name = newDatabaseName('sema_test');
  await onServer(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const db = await openPostgres(databaseUrl(adminUrl, name));
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Makes a migrated, seeded PostgreSQL database to copy; answers its name and how to drop it. */
export async function makePostgresTemplate(adminUrl: string, adminPassword: string, scrypt?: ScryptCost): Promise<{ name: string; drop(): Promise<void> }> {
  const name = newDatabaseName('sema_template');
  await onServer(adminUrl, `create database ${name}`);
  const db = await openPostgres(databaseUrl(adminUrl, name));
  try {
    await migrateAndSeed(db, adminPassword, scrypt);
  } finally {
    // A template may have no open connection while it is copied.
    await db.close();
  }
  return { name, drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) };
}
