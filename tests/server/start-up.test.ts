// A start of a database already migrated and seeded (issue 28 §6): the migrations are read once and none runs
// again, and the demo seed runs only when what it is made from changed, so an administrator's removal of a
// demo record lasts across restarts; a new version of the seed runs once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { migrate } from '../../server/db/migrate.ts';
import { DECISION_PACKAGES_DOMAIN, seededPackageId } from '../../server/db/seed-decision-packages.ts';
import { readyDatabase } from '../../server/start.ts';
import { databaseKinds, openTestDb } from './harness.ts';

describe.each(databaseKinds('depends-on-database'))('a restart on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db.close());

  /** The statements `work` sends to the database. */
  const statementsOf = async (work: (counted: Db) => Promise<unknown>): Promise<string[]> => {
    const sent: string[] = [];
    const count = <Q extends { query: Db['query']; exec: Db['exec'] }>(q: Q): Q => ({
      ...q,
      query: (sql: string, params?: unknown[]) => {
        sent.push(sql);
        return q.query(sql, params);
      },
      exec: (sql: string) => {
        sent.push(sql);
        return q.exec(sql);
      },
    });
    await work({ ...count(db), transaction: (run) => db.transaction((tx) => run(count(tx))) } as Db);
    return sent;
  };

  it('reads the applied migrations once and runs none again', async () => {
    const sent = await statementsOf((counted) => migrate(counted));
    expect(sent.filter((sql) => /schema_migration/.test(sql)).length).toBeLessThanOrEqual(2);
    expect(sent.filter((sql) => /insert into schema_migration/.test(sql))).toEqual([]);
  });

  it("seeds when the seed changed, and otherwise leaves the demo as the administrator left it", async () => {
    const bmi = seededPackageId(DECISION_PACKAGES_DOMAIN, 'bmi_class');
    const packages = async () => (await db.query('select 1 from decision_package where package_id = $1', [bmi])).length;
    // The test database was seeded without a fingerprint: the first start seeds (adding nothing) and notes it.
    await readyDatabase(db);
    expect(await db.query('select 1 from seed_state')).toHaveLength(1);
    await db.query('delete from decision_package where package_id = $1', [bmi]);
    const restart = await statementsOf((counted) => readyDatabase(counted));
    expect(await packages()).toBe(0);
    expect(restart.some((sql) => /decision_package/.test(sql))).toBe(false);
    // A new version of the seed (its code, fixtures or the contract) runs once: the example is offered again.
    await db.query("update seed_state set fingerprint = 'an older seed'");
    await readyDatabase(db);
    expect(await packages()).toBe(1);
  });
});
