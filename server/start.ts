// Opens the database, migrates, seeds the demo and clears what has expired: shared by `npm start`, the browser
// tests and the benchmarks.
import { mkdirSync } from 'node:fs';
import { openDb, type Db } from './db/adapter.ts';
import { migrate } from './db/migrate.ts';
import type { SeedResult } from './db/seed.ts';
import { seedIfChanged } from './db/seed-fingerprint.ts';
import { deleteStalePending } from './services/support-store.ts';
import type { ServerConfig } from './config.ts';

export async function prepareDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'adminPassword'>): Promise<{ db: Db; seeded: SeedResult }> {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  return { db, seeded: await readyDatabase(db, config.adminPassword) };
}

/** An open database made ready to serve: migrated, seeded (when the seed changed), and cleared of what has expired. */
export async function readyDatabase(db: Db, adminPassword?: string): Promise<SeedResult> {
  await migrate(db);
  const seeded = await seedIfChanged(db, adminPassword);
  // Support requests sent by mail and never confirmed in time (new ones clear their address's as they come).
  await deleteStalePending(db);
  return seeded;
}
