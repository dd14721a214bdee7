// Applies server/db/migrations/NNNN_name.sql in order, each in its own transaction, once. An advisory lock
// keeps two processes starting together over one PostgreSQL from migrating twice.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './adapter.ts';

const DIR = join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_351_001;

export function migrationFiles(): { version: number; name: string; sql: string }[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f.slice(5, -4), sql: readFileSync(join(DIR, f), 'utf8') }));
}

/** Migrates the database; answers the number of migrations applied in all (the schema version). */
export async function migrate(db: Db): Promise<number> {
  await db.exec(`create table if not exists schema_migration (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  await db.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    const done = new Set((await db.query<{ version: number }>('select version from schema_migration')).map((r) => r.version));
    const files = migrationFiles();
    for (const m of files.filter((f) => !done.has(f.version))) {
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(m.sql)) await tx.query(statement);
        await tx.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
      });
    }
    return files.length;
  } finally {
    await db.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}

/**
 * Splits a migration script on the semicolons that end statements. `--` comments are dropped; a
 * dollar-quoted body (`$$ … $$`, `$tag$ … $tag$`: a trigger function's) is kept whole, semicolons and all.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const line of sql.split('\n')) {
    // Comments only outside a dollar-quoted body.
    let rest = quote ? line : line.replace(/--.*$/, '');
    while (rest) {
      if (quote) {
        const end = rest.indexOf(quote);
        if (end < 0) {
          current += rest;
          rest = '';
        } else {
          current += rest.slice(0, end + quote.length);
          rest = rest.slice(end + quote.length);
          quote = undefined;
        }
        continue;
      }
      const m = /;|\$[A-Za-z_]*\$/.exec(rest);
      if (!m) {
        current += rest;
        rest = '';
      } else if (m[0] === ';') {
        statements.push(current + rest.slice(0, m.index));
        current = '';
        rest = rest.slice(m.index + 1);
      } else {
        quote = m[0];
        current += rest.slice(0, m.index + quote.length);
        rest = rest.slice(m.index + quote.length);
      }
    }
    current += '\n';
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
