// Each SQL text is prepared once per database session and then only bound and executed (issue 8, speed under
// load): the statements of a write are parsed and planned once, not on every request — on PGlite (whose own
// query() prepares every call anew, on the thread the whole server shares) and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/adapter.ts';
import { databaseKinds } from './harness.ts';

describe.each(databaseKinds('depends-on-database'))('statements on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined });
  });
  afterAll(() => db.close());

  const probe = 'select $1::int + 1 as n, $2::jsonb as doc /* prepared-statement probe */';
  const preparedProbes = (q: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) =>
    q.query<{ statement: string }>("select statement from pg_prepared_statements where statement like '%prepared-statement probe%' and statement not like '%pg_prepared_statements%'");

  it('a statement run again in a session is executed from its prepared form, with its parameters typed', async () => {
    const prepared = await db.transaction(async (tx) => {
      expect(await tx.query(probe, [1, { a: [1] }])).toEqual([{ n: 2, doc: { a: [1] } }]);
      expect(await tx.query(probe, [41, null])).toEqual([{ n: 42, doc: null }]);
      return preparedProbes(tx);
    });
    expect(prepared.map((p) => p.statement)).toEqual([probe]);
  });

  it('a statement that fails leaves the session usable, in and out of transactions', async () => {
    await expect(db.query('select 1 / $1::int as n', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('select 1 / $1::int as n', [1])).toEqual([{ n: 1 }]);
    await expect(db.query('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
    await expect(db.transaction((tx) => tx.query('select 1 / $1::int as n', [0]))).rejects.toMatchObject({ code: '22012' });
    expect(await db.transaction((tx) => tx.query<{ n: number }>('select $1::int as n', [7]))).toEqual([{ n: 7 }]);
  });
});

describe('the embedded database between requests', () => {
  it('lets the event loop turn between queued statements: requests and new connections are not kept waiting by a queue of others', async () => {
    // PGlite runs on the server's thread; statements queued behind each other would otherwise all run in one
    // turn (Node accepts one new connection per turn: under load a visitor's connection waited 20 s).
    const db = await openDb({});
    try {
      const order: string[] = [];
      const queued = Array.from({ length: 30 }, (_, i) => db.query('select $1::int as n', [i]).then(() => order.push(`statement ${i}`)));
      setImmediate(() => order.push('turn'));
      await Promise.all(queued);
      expect(order.indexOf('turn')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('turn')).toBeLessThan(order.indexOf('statement 29'));
    } finally {
      await db.close();
    }
  });
});
