// The two database adapters answer every column type the schema uses as the same JavaScript value: most suites
// run on PGlite alone in the everyday run (tests/server/harness.ts), which holds only while a row read from
// PostgreSQL is the row read from PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/adapter.ts';
import { databaseKinds } from './harness.ts';

describe.each(databaseKinds('depends-on-database'))('column types on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined });
  });
  afterAll(() => db.close());

  it('answers each type as the same JavaScript value', async () => {
    const [row] = await db.query(
      `select $1::uuid as uuid, $2::timestamptz as timestamptz, $3::integer as integer, $4::bigint as bigint, count(*) as counted,
              $5::smallint as smallint, $6::double precision as double, $7::numeric as numeric, $8::date as date,
              $9::boolean as boolean, $10::jsonb as jsonb, $11::json as json, $12::bytea as bytea,
              $13::interval as interval, array['a', 'b']::text[] as texts, null::text as nothing`,
      ['5b1f2a9e-0c1d-4e7a-9a57-3c2e8d4f6a10', '2026-12-07T10:00:00.000Z', 7, 2 ** 53 - 1, 3, 1.5, '12.50', '2026-12-07', true, { a: [1, 'x'] }, { b: null }, Buffer.from([1, 2, 255]), '1 hour'],
    );
    expect(row).toStrictEqual({
      uuid: '5b1f2a9e-0c1d-4e7a-9a57-3c2e8d4f6a10',
      timestamptz: new Date('2026-12-07T10:00:00.000Z'),
      integer: 7,
      bigint: 2 ** 53 - 1,
      counted: 1,
      smallint: 3,
      double: 1.5,
      numeric: '12.50',
      date: '2026-12-07',
      boolean: true,
      jsonb: { a: [1, 'x'] },
      json: { b: null },
      bytea: Buffer.from([1, 2, 255]),
      interval: '01:00:00',
      texts: ['a', 'b'],
      nothing: null,
    });
  });
});
