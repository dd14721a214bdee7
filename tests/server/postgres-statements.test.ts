// On PostgreSQL each SQL text is prepared once per pooled connection and then only bound and executed (issue 8,
// speed under load): the statements of a write are parsed and planned once, not on every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Db } from '../../server/db/adapter.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres(process.env.TEST_DATABASE_URL!);
  });
  afterAll(() => db.close());

  it('a statement run again on a connection is executed from its prepared form', async () => {
    const sql = 'select $1::int + 1 as n /* prepared-statement probe */';
    const prepared = await db.transaction(async (tx) => {
      expect(await tx.query(sql, [1])).toEqual([{ n: 2 }]);
      expect(await tx.query(sql, [41])).toEqual([{ n: 42 }]);
      return tx.query<{ statement: string }>("select statement from pg_prepared_statements where statement like '%prepared-statement probe%' and statement not like '%pg_prepared_statements%'");
    });
    expect(prepared.map((p) => p.statement)).toEqual([sql]);
  });
});
