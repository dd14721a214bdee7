// Every list call pages through one helper: a page of rows and the count of all of them in one statement, and
// the count alone for a page past the end (no row there to carry it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { pageRows, Where } from '../../server/services/paging.ts';
import { emptyDb } from './support/empty-db.ts';
import { databaseKinds } from './harness.ts';

describe.each(databaseKinds('same-on-every-database'))('pageRows on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec("create table item (id int primary key, colour text not null); insert into item select g, case when g % 2 = 0 then 'red' else 'blue' end from generate_series(1, 25) g");
  });
  afterAll(() => db.close());

  const page = (paging: { page?: number; page_size?: number }, colour?: string) => {
    const where = new Where();
    if (colour) where.add('i.colour = ?', colour);
    return pageRows<{ id: number }>(db, { select: '\n  select i.id from item i', where, order: 'i.id', paging });
  };

  it('answers a page of rows with the total and the paging fields', async () => {
    const second = await page({ page: 2, page_size: 10 });
    expect(second.rows.map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second).toMatchObject({ total: 25, page: 2, page_size: 10 });
    expect(Object.keys(second.rows[0])).toEqual(['id']);
    expect(await page({})).toMatchObject({ total: 25, page: 1, page_size: 20 });
  });

  it('counts under the conditions, also past the last page', async () => {
    expect((await page({ page: 1, page_size: 5 }, 'red')).total).toBe(12);
    expect(await page({ page: 9, page_size: 5 }, 'red')).toEqual({ rows: [], total: 12, page: 9, page_size: 5 });
    expect(await page({ page: 1 }, 'green')).toEqual({ rows: [], total: 0, page: 1, page_size: 20 });
  });
});
