// The clinical application's login check and last-version call (spec section 7, schemas/routes/clinical.json)
// on the clinical site, against a real database: the check answers the signed-in user as the clinical client
// stores them (language, hospital, idle time) and refuses a caller without a session; the last version is the
// product's.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalLoginCheck, clinicalVersionLast } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor } from './support/actors.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe.each(databaseKinds('same-on-every-database'))('clinical calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('the login check answers the signed-in user with their language, clinical roles, hospital and idle time', async () => {
    const doctor = await actor(t, 'dr.ayse', { domain: 'clinical.localhost', authCodes: ['doctor', 'hospital_official'] });
    await t.db.query("update tenant set session_idle_seconds = 1800 where domain = 'clinical.localhost'");
    await t.db.query("update app_user set firstname = 'Ayşe', lastname = 'Kaya', active_lang = 1 where username = 'dr.ayse'");
    doctor.use();
    const res = await clinicalLoginCheck({});
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res.user).toMatchObject({ username: 'dr.ayse', firstname: 'Ayşe', lastname: 'Kaya', active_lang: 'en', session_idle_minutes: 30, role_list: ['doctor', 'hospital_official'] });
    expect(res.user.hospital_name).toBeTruthy();
  });

  it('the login check refuses a caller without a session; the last version needs none and is the product\'s', async () => {
    t.as({ host: 'clinical.localhost' });
    const refused = await clinicalLoginCheck({});
    expect(refused).toMatchObject({ http_status: 401 });
    expect(refused.status_code).not.toBe('10000');
    const version = await clinicalVersionLast({});
    expect(version).toMatchObject({ status_code: '10000', result: { version: VERSION } });
  });
});
