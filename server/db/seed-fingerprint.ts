// The demo seed is idempotent (it only adds what is missing), but checking every demo row took a fifth of a
// second of each start and loading its modules another third. It runs when what it is made from changed since
// the last seed: its code, its fixtures and the contract (whose auth codes the administrators are granted).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './adapter.ts';
import type { SeedResult } from './seed.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const INPUTS = ['server/db', 'fixtures/seed', 'fixtures/data-models/models', 'fixtures/protocols', 'fixtures/decision-packages', 'src/generated/schemas.json'];

/** Every file under `path` (or the file itself), in a stable order. */
function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesOf(join(path, name)));
}

/** A hash of the seed's code (server/db/seed*.ts), its fixtures and the contract. */
export function seedFingerprint(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const file of filesOf(join(ROOT, input))) {
      if (input === 'server/db' && !/[\\/]seed[^\\/]*\.ts$/.test(file)) continue;
      hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
    }
  return hash.digest('hex');
}

/** Seeds the demo when its fingerprint differs from the last seed's (a new database, or a new version of it). */
export async function seedIfChanged(db: Db, adminPassword?: string): Promise<SeedResult> {
  const fingerprint = seedFingerprint();
  const [last] = await db.query<{ fingerprint: string }>('select fingerprint from seed_state');
  if (last?.fingerprint === fingerprint) return { tenantsCreated: [], unitsSkipped: [] };
  const { seed } = await import('./seed.ts');
  const seeded = await seed(db, { adminPassword });
  await db.query(
    `insert into seed_state (fingerprint) values ($1)
     on conflict (only_row) do update set fingerprint = excluded.fingerprint, seeded_at = now()`,
    [fingerprint],
  );
  return seeded;
}
