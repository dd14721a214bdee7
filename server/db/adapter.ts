// One database interface over the embedded PGlite and a real PostgreSQL (pg). Both speak the same SQL;
// migrations and queries are written once for both (PGlite is PostgreSQL 18, Debian's server 15).
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: everything it writes lands together or not at all. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any process, after it commits. When
   * the connection that listens is lost (notifications may have been missed meanwhile), `onNotify` is called
   * with null once it listens again. Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
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
