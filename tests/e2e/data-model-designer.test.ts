// The data-model designer in a real browser against the real server (issue 11, "Done means"), on the clinical
// site as its administrator: a new model with two groups; a select with translated options, a number with a
// unit and limits, a date with a permitted range and a "show when" condition; a parenthesis error seen and
// fixed; undo and redo; the translations grid lists a gap and it is filled; publish; the model's records are
// made with the published version (refused with the spec's messages, then saved) and exported de-identified;
// and a REDCap dictionary is imported into a new model. Screenshots go to $SEMA_SHOTS/data-model-designer/ when asked for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atPhoneWidth, callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, E2E_CAPTCHA, inProcessSuite, saveShot, shotsFolder, submitLogin } from './browser.ts';

const SHOTS = shotsFolder('data-model-designer');

describe.runIf(chromiumAvailable())('the data-model designer in a browser', () => {
  const suite = inProcessSuite();
  const site = () => suite.server.url('clinical.localhost');
  const panel = (page: Page) => page.getByRole('tabpanel');
  const outline = (page: Page) => page.getByRole('navigation', { name: 'Model outline' });
  const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

  async function open(viewport = { width: 1280, height: 800 }): Promise<{ page: Page; errors: string[] }> {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await submitLogin(page, site(), 'admin', E2E_ADMIN_PASSWORD, E2E_CAPTCHA, 'en');
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    return { page, errors };
  }

  const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

  it('designs, checks, translates, publishes and records with a model', async () => {
    const { page, errors } = await open();

    // A new model from the data model list.
    await page.goto(`${site()}/data-models`);
    await page.getByRole('link', { name: 'New record' }).click();
    await page.waitForURL('**/data-model-designer');
    await page.getByLabel('Title (English)').fill('Chemotherapy follow-up');
    await page.getByRole('button', { name: 'Create data model' }).click();
    await page.waitForURL(/data-model-designer\?data_model_id=/);
    const modelId = new URL(page.url()).searchParams.get('data_model_id')!;
    await outline(page).getByText('No groups yet').waitFor();

    // Two groups.
    const toolbar = page.getByRole('toolbar', { name: 'Designer tools' });
    await toolbar.getByRole('button', { name: 'Add group' }).click();
    await panel(page).getByLabel('Code').fill('visit');
    await panel(page).getByLabel('Name (English)').fill('Visit');
    await toolbar.getByRole('button', { name: 'Add group' }).click();
    await panel(page).getByLabel('Code').fill('labs');
    await panel(page).getByLabel('Name (English)').fill('Laboratory');
    await panel(page).getByLabel('Name (Turkish)').fill('Laboratuvar');

    // A select with translated options, in the first group.
    await outline(page).getByRole('button', { name: /^Visit/ }).click();
    await panel(page).getByRole('button', { name: 'Add a parameter to this group' }).click();
    await panel(page).getByLabel('Code').fill('toxicity');
    await panel(page).getByLabel('Label (English)').fill('Toxicity grade');
    await panel(page).getByLabel('Label (Turkish)').fill('Toksisite derecesi');
    await panel(page).getByLabel('Type').selectOption('select');
    await panel(page).getByLabel('Required').check();
    for (const [label, tr] of [
      ['None', 'Yok'],
      ['Severe', 'Ağır'],
    ]) {
      await panel(page).getByRole('button', { name: 'Add option' }).click();
      const n = await panel(page).locator('.options__item').count();
      await panel(page).getByLabel(`Option ${n} (English)`).fill(label);
      await panel(page).getByLabel('Text in Turkish').nth(n - 1).fill(tr);
    }

    // The patient's file number identifies the patient: de-identified exports leave it out.
    await toolbar.getByRole('button', { name: 'Add parameter' }).click();
    await panel(page).getByLabel('Code').fill('file_no');
    await panel(page).getByLabel('Label (English)').fill('File number');
    await panel(page).getByLabel('Identifies the patient').check();

    // A date with a permitted range, shown only when the toxicity is severe — first with a parenthesis left open.
    await toolbar.getByRole('button', { name: 'Add parameter' }).click();
    await panel(page).getByLabel('Code').fill('onset');
    await panel(page).getByLabel('Label (English)').fill('Onset');
    await panel(page).getByLabel('Type').selectOption('date');
    await panel(page).getByLabel('Permitted dates').selectOption('today_and_before');
    await panel(page).getByLabel('Condition').fill('(toxicity = 2');
    await expect.poll(() => panel(page).locator('.field__error').allInnerTexts()).toContain('Please check the parenthesis');
    await tab(page, /^Problems/).click();
    await expect.poll(() => panel(page).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Please check the parenthesis')]);
    await panel(page).getByRole('button', { name: /Onset/ }).click();
    await panel(page).getByLabel('Condition').fill('toxicity = 2');
    await expect.poll(() => panel(page).locator('.field__error').allInnerTexts()).toEqual([]);

    // A number with a unit and limits, in the second group.
    await outline(page).getByRole('button', { name: /^Laboratory/ }).click();
    await panel(page).getByRole('button', { name: 'Add a parameter to this group' }).click();
    await panel(page).getByLabel('Code').fill('creatinine');
    await panel(page).getByLabel('Label (English)').fill('Creatinine');
    await panel(page).getByLabel('Type').selectOption('float');
    await panel(page).getByLabel('Minimum').fill('0,1');
    await panel(page).getByLabel('Maximum').fill('20');
    await panel(page).getByLabel('Decimal places at most').fill('2');
    await panel(page).getByLabel('Kind of unit').selectOption('laboratory');
    await panel(page).getByLabel('Unit', { exact: true }).selectOption('mg/dL');
    await shot(page, 'designer-properties-en');

    // Undo takes the unit back, redo puts it again.
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => panel(page).getByLabel('Unit', { exact: true }).inputValue()).toBe('');
    await toolbar.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => panel(page).getByLabel('Unit', { exact: true }).inputValue()).toBe('mg/dL');
    await tab(page, /^History/).click();
    await expect.poll(() => panel(page).getByRole('listitem').first().textContent()).toContain('creatinine');

    // The translations grid lists what is missing; filling the creatinine label in Turkish closes a gap.
    await tab(page, /^Translations/).click();
    const gapCount = async () => (await tab(page, /^Translations/).textContent())?.match(/\((\d+)\)/)?.[1];
    const gapsBefore = Number(await gapCount());
    expect(await panel(page).getByRole('status').textContent()).toMatch(new RegExp(`${gapsBefore} texts are missing`));
    await panel(page).getByLabel('Only rows with a missing text').check();
    const cell = panel(page).getByLabel('Parameter creatinine — Turkish');
    await expect.poll(() => cell.getAttribute('aria-invalid')).toBe('true');
    await cell.fill('Kreatinin');
    await expect.poll(gapCount).toBe(String(gapsBefore - 1));
    await shot(page, 'designer-translations-en');

    // The preview is the recording form, in both languages: the onset appears when the toxicity is severe.
    await tab(page, /^Preview/).click();
    const english = panel(page).locator('.preview__column [lang="en"]');
    expect(await english.getByLabel('Onset').count()).toBe(0);
    await english.getByLabel(/Toxicity grade/).selectOption('2');
    await english.getByLabel(/Onset/).first().waitFor();
    await shot(page, 'designer-preview-en');

    // Publish: saved first, then version 1 is published.
    await toolbar.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Version 1 is published').waitFor();

    // A record with the published version: refused with the spec's messages, then saved.
    await page.goto(`${site()}/data-model-record?data_model_id=${modelId}`);
    await page.getByRole('button', { name: 'Save record' }).click();
    await page.getByRole('alert').getByText('This field is required. Please fill it.').first().waitFor();
    await page.getByLabel(/Toxicity grade/).selectOption('1');
    await page.getByLabel(/Creatinine/).fill('25');
    await page.getByLabel(/Creatinine/).blur();
    await page.getByText('You have exceeded the maximum value. Maximum value should be; 20').first().waitFor();
    await page.getByLabel(/Creatinine/).fill('1,25');
    await page.getByLabel(/File number/).fill('A-1042');
    await page.getByRole('button', { name: 'Save record' }).click();
    await page.waitForURL(/record_id=/);
    const saved = await callApi(page, '/v1/data_model/record/list', { data_model_id: modelId });
    expect(saved.status_code).toBe('10000');
    expect((saved.data_model_record_list as { values: Record<string, unknown> }[])[0].values).toEqual({ toxicity: '1', file_no: 'A-1042', creatinine: 1.25 });

    // Exported de-identified as CSV from the model's records: the file number is left out, the rest is there.
    await page.goto(`${site()}/data-model-records?data_model_id=${modelId}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export records' });
    await dialog.getByLabel('CSV (UTF-8)').check();
    await dialog.getByLabel('Leave out the parameters flagged for anonymization').check();
    await shot(page, 'records-export-en');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('creatinine');
    expect(csv).toContain('1.25');
    expect(csv).not.toContain('file_no');
    expect(csv).not.toContain('A-1042');

    expect(errors).toEqual([]);
  });

  it('imports a REDCap data dictionary into a new model', async () => {
    const { page, errors } = await open();
    await page.goto(`${site()}/data-model-designer`);
    await page.getByLabel('Title (English)').fill('Clinical study (REDCap)');
    await page.getByLabel('REDCap data dictionary (optional)').setInputFiles({
      name: 'clinical_study.csv',
      mimeType: 'text/csv',
      buffer: readFileSync('fixtures/data-models/redcap/clinical_study.csv'),
    });
    await page.getByText(/clinical_study\.csv: \d+ groups and \d+ parameters will be created/).waitFor();
    await page.getByRole('button', { name: 'Create data model' }).click();
    await page.waitForURL(/data-model-designer\?data_model_id=/);
    // The model loads after the address changes: its outline lists the dictionary's forms as groups.
    await expect.poll(() => outline(page).getByRole('list', { name: 'Groups' }).locator(':scope > li').count()).toBeGreaterThan(1);
    await shot(page, 'designer-imported-en');
    expect(errors).toEqual([]);
  });

  it('places a data model form as a website unit, with no code, and records with it', async () => {
    const { page, errors } = await open();
    await page.goto(`${site()}/frontend-websiteunit-list`);
    await page.getByRole('link', { name: 'New record' }).click();
    await page.getByRole('group', { name: /^Caption/ }).getByLabel('English', { exact: true }).fill('Baseline visit');
    await page.getByRole('group', { name: /^Caption/ }).getByLabel('Turkish', { exact: true }).fill('Başlangıç vizitesi');
    await page.getByRole('radio', { name: 'Data model form' }).check();
    await page.getByLabel('Search Data model').fill('Onco');
    await page.getByRole('button', { name: 'Oncology baseline assessment · Published' }).click();
    await page.getByText(/Data model: Oncology baseline assessment/).waitFor();
    await shot(page, 'unit-form-data-model-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/created and in the menu/).waitFor();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Baseline visit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Baseline visit' }).waitFor();
    await page.getByText('Oncology baseline assessment').first().waitFor();
    await page.getByLabel(/Medical record number/).waitFor();
    await shot(page, 'unit-page-data-model-en');
    expect(errors).toEqual([]);
  });

  it('works at phone width, in Turkish', async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    const list = await callApi(page, '/v1/data_model/list', { search: 'Oncology' });
    const id = (list.data_model_list as { data_model_id: string }[])[0].data_model_id;
    await atPhoneWidth(page);
    await page.getByLabel('Language').selectOption('tr');
    await page.goto(`${site()}/veri-modeli-tasarimi?data_model_id=${id}`);
    await page.getByRole('navigation', { name: 'Model ana hatları' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'designer-phone-tr');
    await page.getByRole('tab', { name: /^Çeviriler/ }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'designer-phone-translations-tr');
    expect(errors).toEqual([]);
  });
});
