import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './adapter.ts';

export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Db & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({ dataDir, loadDataDir: snapshot });
  const query = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) => (await q.query<T>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) } as Queryable)),
    // One process owns an embedded database, so its listener never loses a connection.
    listen: async (channel, onNotify) => {
      const stop = await pg.listen(channel, onNotify);
      return () => stop();
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('gzip') as Promise<Blob>,
  };
}
