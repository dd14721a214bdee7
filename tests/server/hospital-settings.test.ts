// The hospital settings of the clinical site (issue 11, hospital/settings/get|save and the idle time of
// tenant/session/settings/save) against PGlite and PostgreSQL: hospital officials and admins read and save them,
// a doctor is refused and changes nothing; a hospital official manages only a clinical site; the default
// data-model template must be a template the caller may read; bad input answers the envelope, never 500.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModelNew, dataModelPublish, dataModelSave, hospitalSettingsGet, hospitalSettingsSave, tenantSessionSettingsSave } from '../../src/generated/client/index.ts';
import type { DataModel, HospitalSettings } from '../../src/generated/types/entities.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const FIXTURE = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];
const DOMAIN = 'clinical.localhost';
const SETTINGS: HospitalSettings = { preferred_units: { creatinine: 'umol/L', height: '[in_i]', weight: '[lb_av]' }, default_templates: {} };

describe.each(databaseKinds('same-on-every-database'))('hospital settings on %s', (kind) => {
  let t: TestApp;
  let official: Actor;
  let doctor: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    official = await actor(t, 'hastane.yetkilisi', { domain: DOMAIN, authCodes: ['hospital_official'] });
    doctor = await actor(t, 'dr.selin', { domain: DOMAIN, authCodes: ['doctor'] });
  });
  afterAll(() => t.close());

  /** A model of the doctor's, published with this template flag (shared with nobody). */
  async function publishedModel(template: boolean, by: Actor = doctor) {
    by.use();
    const made = await dataModelNew({ data_model: { title: FIXTURE.title, language: FIXTURE.language, template, group_list: FIXTURE.group_list } });
    expect(made.status_code, made.status_message).toBe('10000');
    const published = await dataModelPublish({ data_model_id: made.data_model.data_model_id, version: 1 });
    expect(published.status_code, published.status_message).toBe('10000');
    return made.data_model.data_model_id;
  }

  it('answers the defaults until saved, then what a hospital official saved, idle time included', async () => {
    official.use();
    const first = await hospitalSettingsGet({});
    expect(first.status_code, first.status_message).toBe('10000');
    expect(first.hospital_settings).toEqual({ preferred_units: { creatinine: 'mg/dL', height: 'cm', weight: 'kg' }, default_templates: {} });

    const saved = await hospitalSettingsSave({ hospital_settings: SETTINGS });
    expect(saved).toMatchObject({ status_code: '10000', hospital_settings: SETTINGS });
    expect((await hospitalSettingsGet({})).hospital_settings).toEqual(SETTINGS);

    const idle = await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 45 } });
    expect(idle).toMatchObject({ status_code: '10000', session_settings: { idle_session_minutes: 45 } });
    const [{ session_idle_seconds }] = await t.db.query<{ session_idle_seconds: number }>('select session_idle_seconds from tenant where domain = $1', [DOMAIN]);
    expect(session_idle_seconds).toBe(2700);
  });

  it('refuses a doctor reading or writing them, and the refused writes change nothing', async () => {
    doctor.use();
    const before = await snapshot(t.db);
    for (const res of [
      await hospitalSettingsGet({}),
      await hospitalSettingsSave({ hospital_settings: { ...SETTINGS, preferred_units: { creatinine: 'mg/dL', height: 'cm', weight: 'kg' } } }),
      await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 300 } }),
    ])
      expect(res).toMatchObject({ status_code: '10009', http_status: 403 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('admits a hospital official on the clinical site only; the admin manages any site', async () => {
    const shopOfficial = await actor(t, 'shop.official', { authCodes: ['hospital_official'] });
    shopOfficial.use();
    expect(await hospitalSettingsGet({})).toMatchObject({ status_code: '10009' });
    expect(await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 30 } })).toMatchObject({ status_code: '10009' });
    const admin = await actor(t, 'site.admin', { authCodes: ['admin'] });
    admin.use();
    expect((await hospitalSettingsGet({})).status_code).toBe('10000');
  });

  it('offers the published templates the caller may read, and saves one as the default', async () => {
    const template = await publishedModel(true);
    const plain = await publishedModel(false);
    const mine = await publishedModel(true, official);
    // The doctor's template is not shared with the official: neither offered nor accepted.
    official.use();
    const offered = (await hospitalSettingsGet({})).data_model_template_list.map((m) => m.data_model_id);
    expect(offered).toContain(mine);
    expect(offered).not.toContain(template);
    expect(offered).not.toContain(plain);
    expect(await hospitalSettingsSave({ hospital_settings: { ...SETTINGS, default_templates: { data_model_id: template } } })).toMatchObject({ status_code: '10016' });

    const saved = await hospitalSettingsSave({ hospital_settings: { ...SETTINGS, default_templates: { data_model_id: mine } } });
    expect(saved).toMatchObject({ status_code: '10000', hospital_settings: { default_templates: { data_model_id: mine } } });
    expect((await hospitalSettingsGet({})).hospital_settings.default_templates).toEqual({ data_model_id: mine });
  });

  it('refuses a model that is no template, or whose template flag is only in an unpublished draft (14070, in the caller\'s language)', async () => {
    const plain = await publishedModel(false, official);
    official.use({ lang: 0 });
    const refused = await hospitalSettingsSave({ hospital_settings: { ...SETTINGS, default_templates: { data_model_id: plain } } });
    expect(refused).toMatchObject({ status_code: '14070', http_status: 400 });
    expect(refused.status_message).toMatch(/şablon/);

    // Flagged in the new draft only: the published version, which records use, is still no template.
    official.use();
    const draft = await dataModelSave({ data_model_id: plain, version: 1, data_model: { title: FIXTURE.title, language: FIXTURE.language, template: true, group_list: FIXTURE.group_list } });
    expect(draft.data_model, draft.status_message).toMatchObject({ version: 2, status: 'draft', template: true });
    expect(await hospitalSettingsSave({ hospital_settings: { ...SETTINGS, default_templates: { data_model_id: plain } } })).toMatchObject({ status_code: '14070' });
  });

  it('answers bad input with the envelope: a unit outside the choices, a symbol for a code, a bad id', async () => {
    official.use();
    const before = await snapshot(t.db);
    for (const hospital_settings of [
      { ...SETTINGS, preferred_units: { ...SETTINGS.preferred_units, creatinine: 'mmol/L' } },
      { ...SETTINGS, preferred_units: { ...SETTINGS.preferred_units, height: 'in' } },
      { ...SETTINGS, default_templates: { data_model_id: 'first' } },
      { ...SETTINGS, default_templates: { protocol_id: 'x' } },
      { preferred_units: SETTINGS.preferred_units },
    ]) {
      const res = await hospitalSettingsSave({ hospital_settings } as never);
      expect(res.status_code).toMatch(/^1000[12]$/);
      expect(res.status_message).toBeTruthy();
    }
    expect(await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 2 } })).toMatchObject({ status_code: expect.stringMatching(/^1000[12]$/) });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
