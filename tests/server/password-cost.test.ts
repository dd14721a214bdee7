// Password hashes at the production cost (scrypt N = 2^17, r = 8, p = 1): new hashes use it, an older and
// cheaper hash still logs in and is rehashed in that same request (a failed rehash does not fail the login),
// and an unknown username costs as much as a known one. The other server tests hash at TEST_SCRYPT.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../src/generated/client/index.ts';
import { checkPassword, hashPassword, PRODUCTION_SCRYPT, setScryptCostForTests } from '../../server/auth/password.ts';
import { databaseKinds, type TestApp } from './harness.ts';
import { TEST_SCRYPT } from './paths.ts';
import { callFrom, logIn, newIp, registeredUser, registration, startAccountApp } from './account-helpers.ts';

const PASSWORD = 'correct-horse-42';

describe.each(databaseKinds('same-on-every-database'))('password hashes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountApp(kind);
  });
  afterEach(() => setScryptCostForTests(TEST_SCRYPT));
  afterAll(() => t.close());

  const storedHash = async (username: string) =>
    (await t.db.query<{ password_hash: string }>("select password_hash from app_user where username = $1 and tenant_id = (select tenant_id from tenant where domain = 'localhost')", [username]))[0]
      .password_hash;

  it('the server stores new passwords as scrypt N=2^17, r=8, p=1', async () => {
    expect(PRODUCTION_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    setScryptCostForTests();
    callFrom(t.app, { ip: newIp() });
    expect((await register(registration('costly.hash'))).status_code).toBe('10000');
    expect(await storedHash('costly.hash')).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });

  it('an old N=2^14 hash logs in and is upgraded to the current cost at that login', async () => {
    setScryptCostForTests({ N: 2 ** 14, r: 8, p: 1 });
    await registeredUser(t, 'old.hash');
    const old = await storedHash('old.hash');
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    setScryptCostForTests();
    expect((await logIn(t, 'old.hash', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
    const upgraded = await storedHash('old.hash');
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await checkPassword(PASSWORD, upgraded)).ok).toBe(true);
    // The next login verifies the new hash and leaves it as it is.
    expect((await logIn(t, 'old.hash', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
    expect(await storedHash('old.hash')).toBe(upgraded);
    // A wrong password upgrades nothing.
    setScryptCostForTests({ N: 2 ** 14, r: 8, p: 1 });
    await registeredUser(t, 'old.hash.wrong');
    const before = await storedHash('old.hash.wrong');
    setScryptCostForTests();
    expect((await logIn(t, 'old.hash.wrong', 'not-the-password-at-all', { ip: newIp() })).status_code).toBe('11002');
    expect(await storedHash('old.hash.wrong')).toBe(before);
  });

  it('a failed upgrade does not fail the login; the old hash stays and still works', async () => {
    setScryptCostForTests({ N: 2 ** 14, r: 8, p: 1 });
    await registeredUser(t, 'old.hash.kept');
    const old = await storedHash('old.hash.kept');
    setScryptCostForTests();
    await t.db.exec(`create function refuse_hash_change() returns trigger language plpgsql as $$ begin raise exception 'hash change refused'; end $$`);
    await t.db.exec(
      "create trigger refuse_hash_change before update of password_hash on app_user for each row when (new.username = 'old.hash.kept') execute function refuse_hash_change()",
    );
    try {
      expect((await logIn(t, 'old.hash.kept', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
      expect(await storedHash('old.hash.kept')).toBe(old);
    } finally {
      await t.db.exec('drop trigger refuse_hash_change on app_user');
      await t.db.exec('drop function refuse_hash_change()');
    }
  });

  it('a missing hash (an unknown username) costs a hash of the current cost', async () => {
    setScryptCostForTests();
    const stored = await hashPassword(PASSWORD);
    await checkPassword('warm-up', undefined); // the dummy hash is made once per cost
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    // The fastest of three turns each, taken in alternation: another test file running beside this one slows
    // single turns, never makes one faster than the hash itself.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(() => checkPassword('a-wrong-password', stored)));
      unknown.push(await time(() => checkPassword('a-wrong-password', undefined)));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
    expect(Math.min(...unknown)).toBeLessThan(Math.min(...known) * 2);
  });
});
