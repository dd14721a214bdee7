// The failed-login limits (server/auth/login-guard.ts): an account name from one address, an address, and
// the account's ceiling over all addresses that lets only known addresses in, mails the owner once per lock
// and is lifted by a password reset; an unknown account name is counted and answered like a known one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetByMail, passwordResetByMailApprove } from '../../src/generated/client/index.ts';
import { databaseKinds, type TestApp } from './harness.ts';
import { callFrom, codeIn, lastMail, logIn, newIp, registeredUser, startAccountApp } from './account-helpers.ts';

const PASSWORD = 'correct-horse-42';

describe.each(databaseKinds('same-on-every-database'))('failed-login limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountApp(kind);
  });
  afterAll(() => t.close());

  const guessedMails = (to: string) =>
    t.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where mail_to = $1 and purpose = 'login_guessed' order by created_at", [to]);

  /** Brings the account name's ceiling one failure short of its 50. */
  const nearCeiling = (name: string) =>
    t.db.query(
      `insert into rate_limit (tenant_id, bucket, key, hits, window_start) select tenant_id, 'login_ceiling', $1, 49, now() from tenant where domain = 'localhost'
       on conflict (tenant_id, bucket, key) do update set hits = 49, window_start = now(), locked_until = null`,
      [name],
    );

  describe('per account and address', () => {
    it('an attacker failing 5 times at one address does not lock the owner out at another', async () => {
      await registeredUser(t, 'owner.one');
      const attacker = newIp();
      for (let i = 0; i < 5; i++) expect((await logIn(t, 'owner.one', `wrong-${i}-password`, { ip: attacker })).status_code).toBe('11002');
      expect(await logIn(t, 'owner.one', PASSWORD, { ip: attacker, lang: 1 })).toMatchObject({ status_code: '10011', http_status: 429 });
      expect((await logIn(t, 'Owner.One', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
    });

    it('locks the account name from that address (the pair) for 15 minutes, even when the address is free again', async () => {
      await registeredUser(t, 'owner.two');
      await registeredUser(t, 'owner.three');
      const ip = newIp();
      for (let i = 0; i < 5; i++) await logIn(t, 'owner.two', `wrong-${i}-password`, { ip });
      // The address's own lock ends: another account may log in from it, this one not yet.
      await t.db.query("update rate_limit set locked_until = now() - interval '1 second' where bucket = 'login_address' and key = $1", [ip]);
      expect((await logIn(t, 'owner.three', PASSWORD, { ip })).status_code).toBe('10000');
      expect((await logIn(t, 'owner.two', PASSWORD, { ip })).status_code).toBe('10011');
      const [pair] = await t.db.query<{ minutes: number }>(
        "select round(extract(epoch from locked_until - now()) / 60)::int as minutes from rate_limit where bucket = 'login_pair' and key = $1",
        [`owner.two|${ip}`],
      );
      expect(pair.minutes).toBe(15);
      await t.db.query("update rate_limit set locked_until = now() - interval '1 second' where bucket = 'login_pair' and key = $1", [`owner.two|${ip}`]);
      expect((await logIn(t, 'owner.two', PASSWORD, { ip })).status_code).toBe('10000');
    });

    it("a success clears the pair's count, not the address's", async () => {
      await registeredUser(t, 'forgetful');
      const ip = newIp();
      for (let i = 0; i < 4; i++) await logIn(t, 'forgetful', 'wrong-password', { ip });
      expect((await logIn(t, 'forgetful', PASSWORD, { ip })).status_code).toBe('10000');
      expect((await logIn(t, 'forgetful', 'wrong-password', { ip })).status_code).toBe('11002'); // the address's 5th
      expect((await logIn(t, 'forgetful', PASSWORD, { ip })).status_code).toBe('10011');
      // Once the address's failures are 15 minutes old, the pair has counted only one since the success.
      await t.db.query("update rate_limit set locked_until = null, hits = 0 where bucket = 'login_address' and key = $1", [ip]);
      for (let i = 0; i < 3; i++) expect((await logIn(t, 'forgetful', 'wrong-password', { ip })).status_code).toBe('11002');
      expect((await logIn(t, 'forgetful', PASSWORD, { ip })).status_code).toBe('10000');
    });

    it('locks an address after 5 failures on any accounts', async () => {
      await registeredUser(t, 'bystander');
      const ip = newIp();
      for (let i = 0; i < 5; i++) expect((await logIn(t, `guess${i}`, 'whatever-password', { ip })).status_code).toBe('11002');
      expect((await logIn(t, 'bystander', PASSWORD, { ip })).status_code).toBe('10011');
      expect((await logIn(t, 'bystander', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
    });
  });

  describe("the account's ceiling", () => {
    it('50 failures from 25 addresses: unknown addresses are refused, a known one gets in, the owner gets one mail', async () => {
      await registeredUser(t, 'much.guessed');
      const home = newIp();
      expect((await logIn(t, 'much.guessed', PASSWORD, { ip: home })).status_code).toBe('10000');
      for (let a = 0; a < 25; a++) {
        const ip = newIp();
        for (let i = 0; i < 2; i++) expect((await logIn(t, 'much.guessed', `guess-${a}-${i}-password`, { ip })).status_code).toBe('11002');
      }
      // Refused from anywhere new, even with the right password, in the words of any limit.
      expect(await logIn(t, 'much.guessed', PASSWORD, { ip: newIp(), lang: 1 })).toMatchObject({ status_code: '10011', http_status: 429 });
      // The owner, from where they logged in before, gets in.
      expect((await logIn(t, 'much.guessed', PASSWORD, { ip: home })).status_code).toBe('10000');
      const mails = await guessedMails('much.guessed@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('someone is trying to guess your password');
      expect(mails[0].text_body).toContain('50 failed login attempts');
      expect(mails[0].text_body).toContain('from 25 different addresses');
      expect(mails[0].text_body).toContain('Your password was not given out');
      expect(mails[0].text_body).toContain('reset your password');
      expect(mails[0].text_body).toContain('/login/password-reset');
      // Addresses are kept only as hashes.
      const stored = await t.db.query<{ address_hash: string }>('select address_hash from login_known_address union all select address_hash from login_failure');
      expect(stored.some((r) => r.address_hash.includes(home))).toBe(false);
    });

    it("mails once per lock, in the owner's language, however many failures follow", async () => {
      await registeredUser(t, 'twice.guessed');
      await t.db.query("update app_user set active_lang = 0 where username = 'twice.guessed'");
      const home = newIp();
      expect((await logIn(t, 'twice.guessed', PASSWORD, { ip: home })).status_code).toBe('10000');
      await nearCeiling('twice.guessed');
      expect((await logIn(t, 'twice.guessed', 'a-wrong-password', { ip: newIp() })).status_code).toBe('11002');
      // More failures during the lock (only a known address may still try): no more mail.
      for (let i = 0; i < 3; i++) expect((await logIn(t, 'twice.guessed', `wrong-${i}-again`, { ip: home })).status_code).toBe('11002');
      expect((await logIn(t, 'twice.guessed', 'a-wrong-password', { ip: newIp() })).status_code).toBe('10011');
      let mails = await guessedMails('twice.guessed@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('parolası tahmin edilmeye çalışılıyor');
      expect(mails[0].text_body).toContain('Parolanız ele geçmedi');
      expect(mails[0].text_body).toContain('/giris/sifre-sifirlama');
      // The lock lasts an hour; a later lock is a new period and mails again.
      const [lock] = await t.db.query<{ minutes: number }>(
        "select round(extract(epoch from locked_until - now()) / 60)::int as minutes from rate_limit where bucket = 'login_ceiling' and key = 'twice.guessed'",
      );
      expect(lock.minutes).toBe(60);
      await t.db.query("update rate_limit set locked_until = now() - interval '1 second' where bucket = 'login_ceiling' and key = 'twice.guessed'");
      await nearCeiling('twice.guessed');
      expect((await logIn(t, 'twice.guessed', 'a-wrong-password', { ip: newIp() })).status_code).toBe('11002');
      mails = await guessedMails('twice.guessed@example.com');
      expect(mails).toHaveLength(2);
    });

    it('a completed password reset lifts the ceiling', async () => {
      await registeredUser(t, 'reset.guessed');
      await nearCeiling('reset.guessed');
      expect((await logIn(t, 'reset.guessed', 'a-wrong-password', { ip: newIp() })).status_code).toBe('11002');
      expect((await logIn(t, 'reset.guessed', PASSWORD, { ip: newIp() })).status_code).toBe('10011');
      // The reset is open to the owner from anywhere.
      callFrom(t.app, { ip: newIp() });
      expect((await passwordResetByMail({ mail: 'reset.guessed@example.com' })).status_code).toBe('10000');
      const mail = await lastMail(t.db, 'reset.guessed@example.com');
      expect(mail?.purpose).toBe('password_reset');
      callFrom(t.app, { ip: newIp() });
      const reset = await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: 'a-brand-new-password' });
      expect(reset.status_code).toBe('10000');
      expect((await logIn(t, 'reset.guessed', 'a-brand-new-password', { ip: newIp() })).status_code).toBe('10000');
      expect(await t.db.query("select 1 from rate_limit where bucket = 'login_ceiling' and key = 'reset.guessed'")).toHaveLength(0);
    });
  });

  it('an unknown account name is counted, locked and answered exactly like a known one', async () => {
    await registeredUser(t, 'real.person');
    const outboxSize = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from outbox'))[0].n;
    const run = async (name: string) => {
      const seen: unknown[] = [];
      const answer = async (password: string, ip: string) => {
        const res = await logIn(t, name, password, { ip, lang: 1 });
        seen.push([res.status_code, res.status_message, (res as { http_status?: number }).http_status, Object.keys(res).sort()]);
      };
      const a = newIp();
      for (let i = 0; i < 6; i++) await answer('wrong-guess-password', a); // 5 × 11002, then the pair's and the address's lock
      await answer('wrong-guess-password', newIp());
      await nearCeiling(name);
      await answer('wrong-guess-password', newIp()); // reaches the ceiling
      await answer('wrong-guess-password', newIp()); // refused: an unknown address
      const rows = await t.db.query<{ bucket: string; key: string; hits: number; locked: boolean }>(
        "select bucket, replace(key, $1, 'NAME') as key, hits, locked_until > now() as locked from rate_limit where bucket in ('login_pair', 'login_ceiling') and (key = $1 or key like $1 || '|%') order by bucket, key",
        [name],
      );
      const failures = await t.db.query<{ n: number }>('select count(*)::int as n from login_failure where account_key = $1', [name]);
      const shapes = rows.map((r) => JSON.stringify({ ...r, key: r.key.replace(/\|.*/, '|ADDRESS') })).sort();
      return { seen, rows: shapes, failures: failures[0].n };
    };
    const known = await run('real.person');
    const before = await outboxSize();
    const unknown = await run('no.such.person');
    expect(unknown).toEqual(known);
    expect(known.seen.map((s) => (s as string[])[0])).toEqual(['11002', '11002', '11002', '11002', '11002', '10011', '11002', '11002', '10011']);
    // The real owner was told; nobody can be told about a name without an account.
    expect(await guessedMails('real.person@example.com')).toHaveLength(1);
    expect(await outboxSize()).toBe(before);
  });
});
