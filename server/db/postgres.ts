import pg from 'pg';
import { statementNamer, type Db, type Row, type Transaction } from './adapter.ts';

// DATE columns come back as 'YYYY-MM-DD' strings (as from PGlite), not as Date objects at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
// BIGINT (count(*)) as a number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
// An INTERVAL as its text ('01:00:00'), as PGlite answers it.
pg.types.setTypeParser(pg.types.builtins.INTERVAL, (v: string) => v);

export async function openPostgres(connectionString: string): Promise<Db> {
  // A pooled connection stays taken until the event loop comes round to its answer: under load that turn, not
  // the query, is what a connection costs, and 10 (pg's default) left calls queueing for one (docs/decisions.md).
  // Idle connections close after 10 s, so a quiet process holds few.
  const pool = new pg.Pool({ connectionString, max: Number(process.env.SEMA_DB_POOL_SIZE ?? 40) });
  // An idle connection the server drops (a restart, a terminated backend) must not crash the process: the
  // pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  await pool.query('select 1'); // fail at start, not at the first request
  const listeners = new Set<() => Promise<void>>();
  const statementName = statementNamer();
  const query = async <T extends Row>(q: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await q.query({ name: statementName(sql), text: sql, values: params })).rows as T[];
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
        // A text without parameters goes as a simple query, which may hold several statements.
        const tx: Transaction = {
          query: (sql, params) => query(client, sql, params),
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onNotify) => {
      const stop = await listenOn(connectionString, channel, onNotify);
      const once = async () => {
        listeners.delete(once);
        await stop();
      };
      listeners.add(once);
      return once;
    },
    close: async () => {
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
  };
}
const RETRY_MS = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection is
 * opened again with growing pauses; once it listens again `onNotify(null)` says that something may have
 * been missed.
 */
async function listenOn(connectionString: string, channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  const connect = async (reconnected: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (n) => n.channel === channel && onNotify(n.payload ?? ''));
    next.on('error', (err) => {
      console.error(`PostgreSQL listener lost (${channel}): ${err.message}`);
      void next.end().catch(() => undefined);
      if (!stopped && client === next) retry();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    failures = 0;
    if (reconnected) onNotify(null);
  };
  const retry = () => {
    client = undefined;
    const pause = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)];
    setTimeout(() => {
      if (!stopped) connect(true).catch(() => retry());
    }, pause).unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
