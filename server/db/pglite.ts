import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { statementNamer, type Db, type Row } from './adapter.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * The database runs on the server's own thread, and queued statements would otherwise run one after another
 * in a single turn of the event loop: each statement starts in a turn of its own, so requests and new
 * connections are taken in between (Node accepts one connection per turn).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Db & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: snapshot,
    // Values as the PostgreSQL adapter answers them (tests/server/adapter-types.test.ts): a DATE as its
    // 'YYYY-MM-DD' text (a Date would be midnight UTC, a day off east or west of it), a BYTEA as a Buffer.
    parsers: {
      [types.DATE]: (text: string) => text,
      [types.BYTEA]: (text: string) => {
        const bytes = types.parsers[types.BYTEA](text, types.BYTEA) as Uint8Array;
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
    },
  });
  const { serialize } = protocol;
  const statementName = statementNamer();
  /** Each SQL text's statement name and parameter types, once it has been prepared in this database session. */
  const prepared = new Map<string, { name: string; types: number[] }>();
  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  /**
   * PGlite's own query() parses and plans its statement on every call (about a millisecond for a statement of
   * several steps, on the one thread the whole server shares). This is the same exchange with the statement
   * prepared once under a name, then only bound and executed.
   */
  const query = <T extends Row>(sql: string, params: unknown[] = [], inTransaction: boolean): Promise<T[]> =>
    pg._runExclusiveQuery(async () => {
      await nextTurn();
      const messages: BackendMessage[] = [];
      try {
        let statement = prepared.get(sql);
        if (!statement) {
          const name = statementName(sql) ?? '';
          await run(serialize.parse({ name, text: sql }));
          const described = await run(serialize.describe({ type: 'S', name }));
          const types = described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
          statement = { name, types: types?.dataTypeIDs ?? [] };
          if (name) prepared.set(sql, statement);
        }
        const { types } = statement;
        const values = params.map((value, i) => (value == null ? null : (pg.serializers[types[i]]?.(value) ?? String(value))));
        messages.push(
          ...(await run(serialize.bind({ statement: statement.name, values }))),
          ...(await run(serialize.describe({ type: 'P' }))),
          ...(await run(serialize.execute({}))),
        );
      } finally {
        messages.push(...(await run(serialize.sync())));
      }
      if (!inTransaction) await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers)[0].rows as T[];
    });

  return {
    kind: 'pglite',
    // Outside a transaction a statement waits for any transaction under way, as PGlite's query() does.
    query: (sql, params) => pg._runExclusiveTransaction(() => query(sql, params, false)),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (work) =>
      pg.transaction((tx) =>
        work({
          query: (sql, params) => query(sql, params, true),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    // One process owns an embedded database, so its listener never loses a connection.
    listen: async (channel, onNotify) => {
      const stop = await pg.listen(channel, onNotify);
      return () => stop();
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('gzip') as Promise<Blob>,
  };
}
