// "There is no … with this id" is one error everywhere: the kind of record travels by its schema name, the
// envelope words it in the caller's language, and a browser that switches language words it again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { statusKeyOf, statusMessage } from '../../src/domain/status-messages.ts';

describe.each(databaseKinds('same-on-every-database'))('not found on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInForTest(t.db, { username: 'admin' });
  });
  afterAll(() => t.close());

  const call = async (path: string, body: object, lang: 'tr' | 'en') => {
    const res = await t.app.inject({ method: 'POST', url: `${path}?__lang__l=${lang}`, headers: { host: 'localhost', authorization: admin }, payload: body });
    return res.json() as { status_code: string; status_message: string; status_params?: Record<string, unknown> };
  };

  it.each([
    ['/v1/frontend/websiteunit/get', { website_unit_client_id: randomUUID() }, 'web sitesi birimi', 'website unit'],
    ['/v1/rule/package/get', { package_id: randomUUID() }, 'karar destek paketi', 'decision-support package'],
    ['/v1/user/get', { username: 'nobody.here' }, 'kullanıcı', 'user'],
  ])('%s names the record in the caller language and can be worded again', async (path, body, tr, en) => {
    const inTurkish = await call(path, body, 'tr');
    expect(inTurkish.status_code).toBe('10016');
    expect(inTurkish.status_message).toContain(tr);
    // The parameter is the schema's name, not a worded one: the other language can be made from it.
    expect(Object.values(inTurkish.status_params ?? {})).toHaveLength(1);
    const key = statusKeyOf(inTurkish.status_code)!;
    expect(statusMessage(key, 'en', inTurkish.status_params)).toBe((await call(path, body, 'en')).status_message);
    expect(statusMessage(key, 'en', inTurkish.status_params)).toContain(en);
  });
});
