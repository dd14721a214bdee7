import pg from 'pg';
import type { Db, Queryable, Row } from './adapter.ts';

// DATE columns come back as 'YYYY-MM-DD' strings (as in PGlite), not as Date objects at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
// BIGINT (count(*)) as a number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.SEMA_DB_POOL_SIZE ?? 10) });
  // An idle connection the server drops (a restart, a terminated backend) must not crash the process: the
  // pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  await pool.query('select 1'); // fail at start, not at the first request
  const query = async <T extends Row>(q: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => (await q.query(sql, params)).rows as T[];
  return {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: (sql, params) => query(client, sql, params) } as Queryable);
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
