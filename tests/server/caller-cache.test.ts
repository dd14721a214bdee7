// Signed-in callers kept in memory (issue 8, speed; server/auth/caller-cache.ts): a busy client's calls do not
// each read its token, yet a login that ends or a holding that goes is refused at once by the process that
// did it and, through PostgreSQL NOTIFY, by every other process over the same database — also when the
// change is made by hand in SQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_STEP_SECONDS } from '../../server/auth/caller.ts';
import { databaseKinds, secondProcess, signInForTest, startTestApp, type TestApp } from './harness.ts';

describe.each(databaseKinds('depends-on-database'))('signed-in callers kept in memory on %s', (kind) => {
  let t: TestApp;
  /** A second API process over the same database, whose token reads are counted. */
  let other: FastifyInstance;
  const tokenReads: string[] = [];
  /** The notices the other process has received (and applied), in order. */
  const notices: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const listen: typeof t.db.listen = (channel, onNotify) =>
      t.db.listen(channel, (payload) => {
        onNotify(payload);
        if (payload !== null) notices.push(payload);
      });
    other = await secondProcess({ ...t.db, listen }, (sql) => {
      if (/from session_token t join app_user/.test(sql)) tokenReads.push(sql);
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const call = async (app: FastifyInstance, url: string, authorization: string) =>
    (await app.inject({ method: 'POST', url, headers: { host: 'localhost', authorization }, payload: {} })).json().status_code as string;
  const me = async (app: FastifyInstance, authorization: string) =>
    (await app.inject({ method: 'GET', url: '/v1/user/user_controller', headers: { host: 'localhost', authorization } })).json().status_code as string;
  const auditList = (app: FastifyInstance, authorization: string) => call(app, '/v1/audit/list', authorization);
  const eventually = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 10_000 }).toBe(true);
  /**
   * Waits until the other process has received every caller notice sent so far: a notice for no site (it drops
   * nothing), sent after them on the same channel, has reached it.
   */
  const noticesArrived = async () => {
    const marker = randomUUID();
    await t.db.query('select pg_notify($1, $2)', ['sema_caller', marker]);
    await vi.waitFor(() => expect(notices).toContain(marker), { timeout: 10_000, interval: 20 });
  };

  it("reads a token once: the same caller's next calls are answered without reading it again", async () => {
    const token = await signInForTest(t.db, { username: 'kept.caller' });
    tokenReads.length = 0;
    for (let i = 0; i < 10; i++) expect(await me(other, token)).toBe('10000');
    expect(tokenReads).toHaveLength(1);
  });

  it('a logout is refused at once by the process that did it, and soon by the other', async () => {
    const token = await signInForTest(t.db, { username: 'leaving.caller' });
    expect(await me(t.app, token)).toBe('10000');
    expect(await me(other, token)).toBe('10000');
    expect(await call(t.app, '/v1/logout', token)).toBe('10000');
    expect(await me(t.app, token)).toBe('10096');
    await eventually(async () => (await me(other, token)) === '10096');
  });

  it('a token revoked or a user deactivated by hand in SQL is refused by both processes', async () => {
    const revoked = await signInForTest(t.db, { username: 'revoked.by.hand' });
    const deactivated = await signInForTest(t.db, { username: 'deactivated.by.hand' });
    for (const app of [t.app, other]) for (const token of [revoked, deactivated]) expect(await me(app, token)).toBe('10000');
    await t.db.query("update session_token set revoked_at = now() where user_id = (select user_id from app_user where username = 'revoked.by.hand')");
    await t.db.query("update app_user set is_active = false where username = 'deactivated.by.hand'");
    for (const app of [t.app, other]) for (const token of [revoked, deactivated]) await eventually(async () => (await me(app, token)) === '10096');
  });

  it('a holding cancelled or an authorization ended in SQL takes its rights away in both processes', async () => {
    const holder = await signInForTest(t.db, { username: 'held.admin', authCodes: ['admin'] });
    const second = await signInForTest(t.db, { username: 'authorized.admin', authCodes: ['admin'] });
    for (const app of [t.app, other]) for (const token of [holder, second]) expect(await auditList(app, token)).toBe('10000');
    await t.db.query("update user_authorization set is_cancelled = true where user_id = (select user_id from app_user where username = 'held.admin')");
    await t.db.query(
      `update "authorization" set end_date = current_date - 1
        where auth_id in (select auth_id from user_authorization where user_id = (select user_id from app_user where username = 'authorized.admin'))`,
    );
    for (const app of [t.app, other]) for (const token of [holder, second]) await eventually(async () => (await auditList(app, token)) === '10009');
  });

  it('a token is refused when its life ends, even while kept', async () => {
    // Its life ends long before the kept caller would be checked again (ACTIVITY_STEP_SECONDS), and leaves time for the first call.
    const token = await signInForTest(t.db, { username: 'short.lived', expiresInSeconds: 3 });
    expect(await me(other, token)).toBe('10000');
    // Real time: the database ends the token by its own clock. Refused well before the kept caller's step ends.
    await expect.poll(() => me(other, token), { timeout: (ACTIVITY_STEP_SECONDS - 10) * 1000, interval: 100 }).toBe('10096');
  });

  it("new logins of the site and a token's last use written leave kept callers kept", async () => {
    const token = await signInForTest(t.db, { username: 'steady.caller' });
    expect(await me(other, token)).toBe('10000');
    tokenReads.length = 0;
    await signInForTest(t.db, { username: 'newcomer' });
    await t.db.query("update session_token set last_used_at = now() where user_id = (select user_id from app_user where username = 'steady.caller')");
    await noticesArrived();
    expect(await me(other, token)).toBe('10000');
    expect(tokenReads).toHaveLength(0);
  });
});
