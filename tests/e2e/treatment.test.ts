// Treatment planning in a real browser against the real server (issue 12, "Done means"), on the clinical site:
// a patient whose creatinine is 40 days old shows the warning on the follow-up page; the example carboplatin AUC 5
// protocol is planned with the Calvert dose and its GFR cap explained, its warnings acknowledged and the treatment
// created; a dose raised 25 % is confirmed and the confirmation shown; the drug is approved by the doctor,
// prepared by a pharmacist and checked by a second, matched and checked by two nurses and given. Then the treatment
// page at phone width in Turkish: no sideways scroll, nothing cut off, no raw ids. Screenshots go to
// $SEMA_SHOTS/treatment/ for a person to look at, when asked for.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../server/auth/password.ts';
import { addDays, calendarDay, dayText } from '../../src/domain/treatment/index.ts';
import { exampleProtocol } from '../unit/protocol-fixtures.ts';
import { grantForTest } from '../server/support/authorizations.ts';
import { atPhoneWidth, callApi, chromiumAvailable, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText, submitLogin } from './browser.ts';

const SHOTS = shotsFolder('treatment');
const DOMAIN = 'clinical.localhost';
const PASSWORD = 'e2e-treatment-password-01';
const EXAMPLE = exampleProtocol('carboplatin-paclitaxel');
const TODAY = calendarDay(new Date(), 'Europe/Istanbul');

describe.runIf(chromiumAvailable())('treatment planning in a browser', () => {
  const suite = inProcessSuite();
  const site = () => suite.server.url(DOMAIN);

  /** A user of the clinical site with a password and the given auth code, as an administrator would make one. */
  async function makeUser(username: string, code: string): Promise<void> {
    const db = suite.server.db;
    const [admin] = await db.query<{ tenant_id: string; active_lang: number }>(
      "select u.tenant_id, u.active_lang from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
      [DOMAIN],
    );
    const userId = randomUUID();
    await db.query('insert into app_user (user_id, tenant_id, username, firstname, lastname, password_hash, active_lang) values ($1, $2, $3, $4, $5, $6, $7)', [
      userId,
      admin.tenant_id,
      username,
      username,
      'Test',
      await hashPassword(PASSWORD),
      admin.active_lang,
    ]);
    await grantForTest(db, admin.tenant_id, userId, code);
  }

  async function signIn(username: string, viewport = { width: 1280, height: 800 }): Promise<{ page: Page; errors: string[] }> {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await submitLogin(page, site(), username, PASSWORD, undefined, 'en');
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    return { page, errors };
  }

  const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);
  const cycle = (page: Page, n: number) => page.getByRole('region', { name: `Cycle ${n}`, exact: true });
  const drugDay = (page: Page, n: number, drug: string) => cycle(page, n).getByRole('listitem', { name: new RegExp(`^${drug} — Day 1,`) });

  /** Opens the treatment as `username` and takes one step of cycle 1's carboplatin, with a note. */
  async function stepAs(username: string, treatmentPath: string, button: string, note: string): Promise<void> {
    const { page, errors } = await signIn(username);
    await page.goto(`${site()}${treatmentPath}`);
    const day = drugDay(page, 1, 'Carboplatin');
    await day.getByLabel(/^Note for/).fill(note);
    await day.getByRole('button', { name: button }).click();
    await page.getByRole('status').filter({ hasText: 'Done:' }).waitFor();
    expect(await shownText(day.locator('.treatment-history'))).toBeDefined();
    expect(errors).toEqual([]);
    await page.context().close();
  }

  it('plans, explains, confirms and gives a carboplatin dose with its double checks, which the patient’s medication record then shows; the pages fit a phone in Turkish', async () => {
    for (const [name, code] of [
      ['dr.e2e', 'doctor'],
      ['ecz.e2e', 'pharmacist'],
      ['ecz2.e2e', 'pharmacist'],
      ['hem.e2e', 'nurse'],
      ['hem2.e2e', 'nurse'],
    ])
      await makeUser(name, code);

    // A 50-year-old man of 80 kg and 180 cm whose creatinine of 0.6 mg/dL is 40 days old.
    const { page, errors } = await signIn('dr.e2e');
    const made = await callApi(page, '/v1/patient/new', { patient: { firstname: 'Ali', lastname: 'Tedavi', gender: 'male', date_of_birth: '1976-01-15' } });
    expect(made.status_code, String(made.status_message)).toBe('10000');
    const patientId = (made.patient as { patient_id: string }).patient_id;
    const measured = await callApi(page, '/v1/patient/measurement/add', {
      patient_id: patientId,
      measurement_date: TODAY,
      weight: 80,
      height: 180,
      creatinine: 0.6,
      creatinine_date: addDays(TODAY, -40),
      units: { weight: 'kg', height: 'cm', creatinine: 'mg/dL' },
    });
    expect(measured.status_code, String(measured.status_message)).toBe('10000');
    await page.goto(`${site()}/patient-followup?patient=${patientId}`);
    await expect.poll(() => shownText(page.locator('.patient-stale'))).toContain('40 days ago');
    await shot(page, 'followup-en');

    // The plan: the Calvert dose with the GFR cap in its derivation, the warnings first.
    await page.getByRole('link', { name: 'New treatment' }).click();
    await page.waitForURL('**/new-treatment?*');
    await page.getByLabel('Protocol').selectOption(EXAMPLE.protocol_id);
    expect(await shownText(page.locator('.field__hint').first())).toContain('Example — verify locally');
    await page.getByRole('button', { name: 'Plan' }).click();
    const warnings = page.getByRole('alert').filter({ hasText: 'Warnings' });
    await expect.poll(() => shownText(warnings)).toContain('The last creatinine is from');
    expect(await shownText(warnings)).toContain('40 days ago');
    expect(await shownText(warnings)).toContain('GFR capped at 125');
    const carboplatin = page.getByRole('region', { name: /^Cycle 1/ }).getByRole('listitem').filter({ hasText: 'Carboplatin' });
    await carboplatin.getByText('How was this calculated?').click();
    const how = await shownText(carboplatin);
    expect(how).toContain('750');
    expect(how).toContain('Calvert');
    expect(how).toContain('GFR capped at 125');
    expect(how).toContain(dayText(addDays(TODAY, -40)).en);
    await shot(page, 'new-treatment-en');

    // Creating without ticking the warnings is refused by the server; ticking them creates the treatment.
    await page.getByRole('button', { name: 'Create treatment' }).click();
    await expect.poll(() => shownText(page.locator('.notice'))).toContain('Please read and acknowledge the plan');
    await page.getByLabel('I have read these warnings').check();
    await page.getByRole('button', { name: 'Create treatment' }).click();
    await page.waitForURL('**/treatment?treatment=*');
    const treatmentPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.getByRole('heading', { level: 1, name: /Carboplatin AUC 5/ }).waitFor();
    expect(await shownText(page.locator('.patient-facts').first())).toContain('Not approved');

    // Paclitaxel of cycle 2 raised by 25 %: the change is listed for confirmation, then kept with the treatment.
    // Cycle 1 is the one the ward works on; cycle 2's drug days open on request.
    await cycle(page, 2).getByText(/drug days$/).click();
    const paclitaxel = drugDay(page, 2, 'Paclitaxel');
    await paclitaxel.getByLabel(/New dose percent for Paclitaxel/).fill('125');
    await paclitaxel.getByRole('button', { name: /^Change dose/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm the change' });
    await expect.poll(() => shownText(dialog)).toContain('350 → 437.5');
    expect(await shownText(dialog)).toContain('25 %');
    await dialog.getByRole('button', { name: 'Confirm the change' }).click();
    const confirmations = page.getByRole('region', { name: 'Confirmed changes' });
    await expect.poll(() => shownText(confirmations)).toContain('dr.e2e');
    expect(await shownText(drugDay(page, 2, 'Paclitaxel'))).toContain('125 %');

    // The doctor approves the treatment, its cycle 1 (its drug days move only then) and cycle 1's carboplatin.
    await page.getByRole('group', { name: 'Treatment steps' }).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => shownText(page.locator('.patient-facts').first())).toContain('Approved');
    await page.getByRole('group', { name: 'Steps of cycle 1' }).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => shownText(cycle(page, 1))).toContain('Approved');
    await drugDay(page, 1, 'Carboplatin').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => shownText(drugDay(page, 1, 'Carboplatin'))).toContain('Status: Approved');
    await shot(page, 'treatment-en');
    expect(errors).toEqual([]);
    await page.context().close();

    // Prepared by one pharmacist and checked by a second; matched by one nurse, checked by a second, given.
    await stepAs('ecz.e2e', treatmentPath, 'Select brands', 'Marka A');
    await stepAs('ecz.e2e', treatmentPath, 'Prepared by hand', 'hazırlandı');
    await stepAs('ecz2.e2e', treatmentPath, 'Check the preparation (second pharmacist)', 'kontrol edildi');
    await stepAs('hem.e2e', treatmentPath, 'Match patient and drug', 'bileklik okundu');
    await stepAs('hem2.e2e', treatmentPath, 'Check before giving (second nurse)', 'ikinci kontrol');
    await stepAs('hem.e2e', treatmentPath, 'Given fully', 'sorunsuz');

    // The history names every step, who took it and its note; then the page at phone width in Turkish.
    const { page: phone, errors: phoneErrors } = await signIn('dr.e2e');
    await phone.goto(`${site()}${treatmentPath}`);
    const given = drugDay(phone, 1, 'Carboplatin');
    await expect.poll(() => shownText(given)).toContain('Given fully');
    await given.getByText('Status history').click();
    const history = await shownText(given.locator('.treatment-history'));
    for (const who of ['dr.e2e', 'ecz.e2e', 'ecz2.e2e', 'hem.e2e', 'hem2.e2e']) expect(history).toContain(who);
    expect(history).toContain('Check the preparation');
    expect(history).toContain('ikinci kontrol');
    await shot(phone, 'treatment-given-en');
    await atPhoneWidth(phone);
    await phone.getByLabel('Language').selectOption('tr');
    await phone.getByRole('region', { name: '1. kür', exact: true }).waitFor();
    await shot(phone, 'treatment-phone-tr');
    expect(await problemsOf(phone, 'treatment (phone, tr)')).toEqual([]);

    // The other treatment pages at phone width in Turkish: the plan, the site's treatments, today's drug days.
    await phone.goto(`${site()}/yeni-tedavi?patient=${patientId}`);
    await phone.getByLabel('Protokol').selectOption(EXAMPLE.protocol_id);
    await phone.getByRole('button', { name: 'Planla' }).click();
    await expect.poll(() => shownText(phone.getByRole('alert').filter({ hasText: 'Uyarılar' }))).toContain('40 gün önce');
    await shot(phone, 'new-treatment-phone-tr');
    expect(await problemsOf(phone, 'new treatment (phone, tr)')).toEqual([]);
    await phone.goto(`${site()}/tedaviler`);
    await expect.poll(() => shownText(phone.getByRole('list', { name: 'Tedaviler' }))).toContain('Carboplatin AUC 5');
    await shot(phone, 'treatment-list-phone-tr');
    expect(await problemsOf(phone, 'treatment list (phone, tr)')).toEqual([]);
    await phone.goto(`${site()}/kemoterapi-listesi`);
    await expect.poll(() => shownText(phone.getByRole('list', { name: 'İlaç günleri' }))).toContain('Tamamı verildi');
    await shot(phone, 'chemotherapy-list-phone-tr');
    expect(await problemsOf(phone, 'chemotherapy list (phone, tr)')).toEqual([]);
    // The patient's medication record from the follow-up, at phone width in Turkish: the given dose is on it.
    await phone.goto(`${site()}/hasta-takip?patient=${patientId}`);
    await phone.getByRole('link', { name: 'İlaçlar' }).click();
    await phone.waitForURL('**/hasta-ilaclari?*');
    await expect.poll(() => shownText(phone.getByRole('main'))).toContain('Tamamı verildi');
    expect(await shownText(phone.getByRole('main'))).toContain('750 mg');
    await shot(phone, 'medications-phone-tr');
    expect(await problemsOf(phone, 'patient medications (phone, tr)')).toEqual([]);
    await phone.setViewportSize({ width: 1280, height: 800 });
    await phone.getByLabel('Dil').selectOption('en');
    await expect.poll(() => shownText(phone.getByRole('table', { name: 'Medications' }))).toContain('Given fully');
    await shot(phone, 'medications-en');
    expect(await problemsOf(phone, 'patient medications (desktop, en)')).toEqual([]);
    await phone.getByLabel('Language').selectOption('tr');
    await phone.goto(`${site()}/tedavi${new URL(site() + treatmentPath).search}`);
    await phone.getByRole('region', { name: '1. kür', exact: true }).waitFor();
    await shot(phone, 'treatment-tr');
    expect(phoneErrors).toEqual([]);
  }, 600_000);
});
