// The migration runner hands each script to the database whole: what a hand-written splitter gets wrong (a
// semicolon in a string or a block comment, a quoted body) runs as written, a failing script leaves nothing
// behind, and two runners over one database apply each migration once.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, type Migration } from '../../server/db/migrate.ts';
import { emptyDb } from './support/empty-db.ts';
import { databaseKinds } from './harness.ts';

const TRICKY: Migration = {
  version: 1,
  name: 'tricky',
  sql: `-- a comment; with a semicolon
create table note (id int primary key, body text not null);
/* a block comment; with a semicolon
   over two lines */
insert into note values (1, 'one; two'), (2, 'it''s; quoted');
insert into note values (3, $body$dollar; quoted -- not a comment$body$);
create function note_count() returns int language sql as $$ select count(*)::int from note; $$;`,
};

const BROKEN: Migration = { version: 2, name: 'broken', sql: `insert into note values (4, 'lands only with the rest');\nselect no_such_column from note;` };

describe.each(databaseKinds('depends-on-database'))('migration runner on %s', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('runs a script as written: semicolons in strings, comments and quoted bodies', async () => {
    db = await emptyDb(kind);
    await migrate(db, [TRICKY]);
    const rows = await db.query<{ id: number; body: string }>('select id, body from note order by id');
    expect(rows.map((r) => r.body)).toEqual(['one; two', "it's; quoted", 'dollar; quoted -- not a comment']);
    expect((await db.query<{ n: number }>('select note_count() as n'))[0].n).toBe(3);
    expect(await db.query('select version, name from schema_migration')).toEqual([{ version: 1, name: 'tricky' }]);
  });

  it('a failing migration leaves nothing of itself, and the next run applies it once fixed', async () => {
    db = await emptyDb(kind);
    await expect(migrate(db, [TRICKY, BROKEN])).rejects.toThrow(/no_such_column/);
    expect((await db.query('select id from note')).length).toBe(3);
    expect((await db.query('select version from schema_migration')).map((r) => r.version)).toEqual([1]);
    await migrate(db, [TRICKY, { ...BROKEN, sql: BROKEN.sql.replace('no_such_column', 'id') }]);
    expect((await db.query('select id from note')).length).toBe(4);
  });

  it('two runners at once apply each migration once', async () => {
    db = await emptyDb(kind);
    const counted: Migration = { version: 3, name: 'counted', sql: 'create table run (at timestamptz default now()); insert into run default values;' };
    await Promise.all([migrate(db, [TRICKY, counted]), migrate(db, [TRICKY, counted])]);
    expect((await db.query('select * from run')).length).toBe(1);
    expect((await db.query('select version from schema_migration order by 1')).map((r) => r.version)).toEqual([1, 3]);
  });
});
