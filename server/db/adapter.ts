// One database interface over the embedded PGlite and a real PostgreSQL (pg). Both speak the same SQL;
// migrations and queries are written once for both (PGlite is PostgreSQL 18, Debian's server 15).
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A transaction's connection: statements, and scripts of several statements without parameters (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: everything it writes lands together or not at all. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any process, after it commits. When
   * the connection that listens is lost (notifications may have been missed meanwhile), `onNotify` is called
   * with null once it listens again. Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Whether a statement failed on a unique index (SQLSTATE 23505): two writes raced for the same key. */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string })?.code === '23505';

/** SQL texts given a statement name at most; texts beyond (generated SQL that never repeats) stay unnamed. */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * Names SQL texts for prepared statements, so a database session parses and plans each text once and then only
 * binds and executes it. Answers undefined past the cap.
 */
export function statementNamer(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `sema_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}

export interface OpenOptions {
  /** postgres://… for a real PostgreSQL; absent = PGlite. */
  databaseUrl?: string;
  /** PGlite's data directory; absent = in memory. */
  dataDir?: string;
  /** A PGlite data-directory snapshot (dumpDataDir) to start from. */
  snapshot?: Blob;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.dataDir, options.snapshot);
}
