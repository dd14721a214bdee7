// pg-boss talks to the database through an object with `executeSql(text, values)`; this is ours over the
// adapter's Db (PGlite or PostgreSQL alike), and over a transaction for the per-call `db` option of send(),
// so a job is queued in the caller's transaction.
import type { Db, Queryable } from '../db/adapter.ts';

interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss installs and migrates its schema with scripts of several statements and no parameters; the adapter's
 * query() prepares one statement, so those go through exec (which answers no rows; pg-boss reads none).
 */
const isScript = (text: string, values: unknown[] | undefined) => values === undefined && /;\s*\S/.test(text.trim());

export function bossDb(db: Db): Executor {
  return {
    executeSql: async (text, values) => {
      if (isScript(text, values)) {
        await db.exec(text);
        return { rows: [] };
      }
      return { rows: await db.query(text, values ?? []) };
    },
  };
}

/** For send() inside a transaction: the job row lands (or not) with the caller's other writes. */
export const bossTx = (tx: Queryable): Executor => ({ executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? []) }) });
