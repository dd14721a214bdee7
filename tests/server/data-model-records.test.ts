// Records made with data models (issue 11, schemas/routes/data_model_record.json) against PGlite and PostgreSQL:
// refused with the spec's messages in the caller's language and nothing written; tied to their version after a
// newer one is published; who reaches which record (author, owner, editor, viewer, stranger, another site —
// through get, list and export alike); optimistic concurrency; CSV and .xlsx exports, de-identified by dropping
// or pseudonymizing; retiring and deleting models; the seeded demo model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataModelDelete,
  dataModelGet,
  dataModelList,
  dataModelNew,
  dataModelPublish,
  dataModelRecordDelete,
  dataModelRecordExport,
  dataModelRecordGet,
  dataModelRecordList,
  dataModelRecordSave,
  dataModelRetire,
  dataModelSave,
  dataModelShare,
} from '../../src/generated/client/index.ts';
import type { DataModel } from '../../src/generated/types/entities.ts';
import { parseCsv } from '../../src/domain/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const MODELS = join(import.meta.dirname, '..', '..', 'fixtures', 'data-models', 'models');
const read = (file: string) => JSON.parse(readFileSync(join(MODELS, file), 'utf8'));
const MODEL = read('oncology_baseline.json') as DataModel;
const VALID1 = read('oncology_baseline.valid.1.json').values;
const VALID2 = read('oncology_baseline.valid.2.json').values;
const INVALID1 = read('oncology_baseline.invalid.1.json').values;
const DOMAIN = 'clinical.localhost';

type Problem = { path: (string | number)[]; key: string; message: string; severity: string };
const problemsOf = (answer: unknown) => (answer as { problem_list: Problem[] }).problem_list;

async function xlsxRows(base64: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(Buffer.from(base64, 'base64')));
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function csvRows(base64: string): string[][] {
  const text = Buffer.from(base64, 'base64').toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsv(text).rows;
}

describe.each(databaseKinds('depends-on-database'))('data model records on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let editor: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let outsider: Actor;
  let modelId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'dr.owner', { domain: DOMAIN, authCodes: ['doctor'] });
    editor = await actor(t, 'dr.editor', { domain: DOMAIN, authCodes: ['doctor'] });
    viewer = await actor(t, 'nurse.viewer', { domain: DOMAIN, authCodes: ['nurse'] });
    stranger = await actor(t, 'dr.stranger', { domain: DOMAIN, authCodes: ['doctor'] });
    outsider = await actor(t, 'admin.other', { domain: 'localhost', authCodes: ['admin'] });
    modelId = await publishedModel('Records test');
    owner.use();
    await dataModelShare({ data_model_id: modelId, username: 'dr.editor', can_edit: true });
    await dataModelShare({ data_model_id: modelId, username: 'nurse.viewer' });
  });
  afterAll(() => t.close());

  async function publishedModel(title: string): Promise<string> {
    owner.use();
    const created = await dataModelNew({ data_model: { title: { en: title, tr: title }, language: 'en', group_list: MODEL.group_list } });
    expect(created.status_code, created.status_message).toBe('10000');
    const published = await dataModelPublish({ data_model_id: created.data_model.data_model_id, version: 1 });
    expect(published.status_code, published.status_message).toBe('10000');
    return created.data_model.data_model_id;
  }

  async function saved(who: Actor, values: object, id = modelId) {
    who.use();
    const res = await dataModelRecordSave({ data_model_id: id, values });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.data_model_record;
  }

  it('refuses a record with problems in the caller language, with every problem, and writes nothing', async () => {
    const before = await snapshot(t.db);
    owner.use({ lang: 0 });
    const tr = await dataModelRecordSave({ data_model_id: modelId, values: INVALID1 });
    expect(tr).toMatchObject({ status_code: '14060', http_status: 400 });
    expect(tr.status_message).toBe('Kayıtta 5 sorun var. İlki: Bu alan zorunludur. Lütfen doldurun.');
    owner.use({ lang: 1 });
    const en = await dataModelRecordSave({ data_model_id: modelId, values: INVALID1 });
    expect(en.status_message).toBe('The record has 5 problem(s). The first: This field is required. Please fill it.');
    expect(problemsOf(en).map((p) => [p.path.join('.'), p.message])).toEqual([
      ['sex', 'This field is required. Please fill it.'],
      ['weight', 'You have exceeded the maximum decimal number. Maximum decimal number: 1'],
      ['height', 'You have exceeded the maximum value. Maximum value should be; 250'],
      ['measured_on', 'The date cannot be later than today.'],
      ['ecog', 'Please choose one of the options.'],
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('saves a record with its warnings, drops values not shown, and keeps it tied to its version after a new one', async () => {
    const record = await saved(owner, { ...VALID1, ecog_note: 'not shown for ECOG 1', pregnant: '1' });
    expect(record).toMatchObject({ version: 1, row_version: 1, created_by: 'dr.owner', updated_by: 'dr.owner' });
    expect(record.values).toEqual(VALID1);
    expect(record.warning_list.map((w) => [w.path.join('.'), w.key, w.message])).toEqual([['measured_on', 'date_older_30_days', 'The selected date is earlier than 30 days ago.']]);

    // Version 2 makes height optional and adds a parameter; the record stays with version 1 and its rules.
    const v2 = structuredClone(MODEL.group_list);
    v2[1].parameter_list.find((p) => p.code === 'height')!.required = false;
    v2[1].parameter_list.push({ code: 'bsa', label: { en: 'BSA', tr: 'VYA' }, type: 'float', max_decimal: 2 });
    owner.use();
    await dataModelSave({ data_model_id: modelId, version: 1, data_model: { title: { en: 'Records test' }, language: 'en', group_list: v2 } });
    expect((await dataModelPublish({ data_model_id: modelId, version: 2 })).status_code).toBe('10000');
    const { height: _, ...withoutHeight } = VALID1;
    const edit = await dataModelRecordSave({ data_model_id: modelId, data_model_record_id: record.data_model_record_id, row_version: 1, values: { ...withoutHeight, bsa: 1.9 } });
    expect(edit.status_code).toBe('14060');
    expect(problemsOf(edit).map((p) => `${p.path.join('.')} ${p.key} ${p.severity}`)).toEqual(['bsa record_field_unknown error', 'height field_required error', 'measured_on date_older_30_days warning']);
    const fresh = await saved(owner, { ...withoutHeight, bsa: 1.9 });
    expect(fresh.version).toBe(2);
    expect((await dataModelRecordSave({ data_model_id: modelId, version: 1, values: VALID1 })).data_model_record.version).toBe(1);
    owner.use();
    expect((await dataModelRecordGet({ data_model_record_id: record.data_model_record_id })).data_model_record.version).toBe(1);
    expect((await dataModelRecordList({ data_model_id: modelId, version: 2 })).data_model_record_list.map((r) => r.data_model_record_id)).toEqual([fresh.data_model_record_id]);
  });

  it('refuses a stale edit (409) and takes the one made from the newest row version', async () => {
    const record = await saved(editor, VALID2);
    editor.use();
    const first = await dataModelRecordSave({ data_model_id: modelId, data_model_record_id: record.data_model_record_id, row_version: 1, values: { ...VALID2, weight: 59 } });
    expect(first.data_model_record).toMatchObject({ row_version: 2, updated_by: 'dr.editor' });
    owner.use();
    const stale = await dataModelRecordSave({ data_model_id: modelId, data_model_record_id: record.data_model_record_id, row_version: 1, values: VALID2 });
    expect(stale).toMatchObject({ status_code: '14082', http_status: 409 });
    expect((await dataModelRecordDelete({ data_model_record_id: record.data_model_record_id, row_version: 1 })).status_code).toBe('14082');
    const again = await dataModelRecordSave({ data_model_id: modelId, data_model_record_id: record.data_model_record_id, row_version: 2, values: VALID2 });
    expect(again.data_model_record).toMatchObject({ row_version: 3, updated_by: 'dr.owner', created_by: 'dr.editor' });
  });

  it('lets the author, the owner and editors reach a record; a viewer only their own; strangers and other sites nothing', async () => {
    const byViewer = await saved(viewer, VALID1);
    const byOwner = await saved(owner, VALID2);
    const ids = (list: { data_model_record_id: string }[]) => list.map((r) => r.data_model_record_id);
    const reach = async (who: Actor, host?: string) => {
      who.use(host ? { host } : {});
      const get = async (id: string) => (await dataModelRecordGet({ data_model_record_id: id })).status_code;
      const list = await dataModelRecordList({ data_model_id: modelId, page_size: 100 });
      const exported = await dataModelRecordExport({ data_model_id: modelId, format: 'csv' });
      return {
        own: await get(byViewer.data_model_record_id),
        other: await get(byOwner.data_model_record_id),
        list: list.status_code === '10000' ? ids(list.data_model_record_list) : list.status_code,
        export: exported.status_code === '10000' ? csvRows(exported.file.content_base64).slice(1).map((r) => r[0]) : exported.status_code,
      };
    };
    for (const who of [owner, editor]) {
      const r = await reach(who);
      expect([r.own, r.other]).toEqual(['10000', '10000']);
      expect(r.list).toEqual(expect.arrayContaining([byViewer.data_model_record_id, byOwner.data_model_record_id]));
      expect(r.export).toEqual(expect.arrayContaining([byViewer.data_model_record_id, byOwner.data_model_record_id]));
    }
    const v = await reach(viewer);
    expect([v.own, v.other]).toEqual(['10000', '10016']);
    expect(v.list).toEqual([byViewer.data_model_record_id]);
    expect(v.export).toEqual([byViewer.data_model_record_id]);
    // A viewer edits their own record, not another's.
    viewer.use();
    expect((await dataModelRecordSave({ data_model_id: modelId, data_model_record_id: byOwner.data_model_record_id, row_version: 1, values: VALID1 })).status_code).toBe('10016');
    expect((await dataModelRecordDelete({ data_model_record_id: byOwner.data_model_record_id })).status_code).toBe('10016');
    expect(await reach(stranger)).toEqual({ own: '10016', other: '10016', list: '10016', export: '10016' });
    stranger.use();
    expect((await dataModelRecordSave({ data_model_id: modelId, values: VALID1 })).status_code).toBe('10016');
    expect(await reach(outsider)).toEqual({ own: '10016', other: '10016', list: '10016', export: '10016' });
    // The owner's site through another site's host: no such model there.
    expect((await reach(owner, 'localhost')).list).not.toEqual(expect.arrayContaining([byOwner.data_model_record_id]));
    viewer.use();
    expect((await dataModelRecordDelete({ data_model_record_id: byViewer.data_model_record_id })).status_code).toBe('10000');
    expect((await dataModelRecordGet({ data_model_record_id: byViewer.data_model_record_id })).status_code).toBe('10016');
  });

  it('lists newest first with version, date and text filters, paged on the server', async () => {
    const id = await publishedModel('List test');
    const a = await saved(owner, VALID1, id);
    const b = await saved(owner, VALID2, id);
    owner.use();
    const all = await dataModelRecordList({ data_model_id: id, page_size: 1 });
    expect(all).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(all.data_model_record_list.map((r) => r.data_model_record_id)).toEqual([b.data_model_record_id]);
    expect((await dataModelRecordList({ data_model_id: id, search: 'yatakta' })).data_model_record_list.map((r) => r.data_model_record_id)).toEqual([b.data_model_record_id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await dataModelRecordList({ data_model_id: id, created_at_from: today, created_at_to: today })).total).toBe(2);
    expect((await dataModelRecordList({ data_model_id: id, created_at_to: '2020-01-01' })).total).toBe(0);
    expect((await dataModelRecordList({ data_model_id: id, version: 1, page: 2, page_size: 1 })).data_model_record_list.map((r) => r.data_model_record_id)).toEqual([a.data_model_record_id]);
  });

  it('exports CSV and .xlsx with codes, labels and choice labels, de-identified by dropping or pseudonymizing', async () => {
    const id = await publishedModel('Export test');
    await saved(owner, VALID1, id);
    await saved(owner, { ...VALID2, mrn: VALID1.mrn }, id);
    owner.use({ lang: 0 });
    const csv = await dataModelRecordExport({ data_model_id: id, format: 'csv', labels: true, choice_labels: true });
    expect(csv).toMatchObject({ record_count: 2, file: { content_type: 'text/csv; charset=utf-8' } });
    const rows = csvRows(csv.file.content_base64);
    const [codes, labels] = rows;
    expect(codes.slice(0, 8)).toEqual(['data_model_record_id', 'version', 'created_by', 'created_at', 'mrn', 'birth_year', 'sex', 'pregnant']);
    expect(codes).toContain('prior_treatments');
    expect(labels[codes.indexOf('ecog')]).toMatch(/ECOG/);
    const second = rows[3];
    const cell = (code: string) => second[codes.indexOf(code)];
    expect(cell('sex')).not.toBe('F'); // a choice's label in Turkish, not its value
    expect(cell('symptoms').split('; ')).toHaveLength(2);
    expect(JSON.parse(cell('prior_treatments'))).toEqual(VALID2.prior_treatments);
    expect(cell('weight')).toBe('58.3');

    const xlsx = await dataModelRecordExport({ data_model_id: id, format: 'xlsx', deidentified: { mode: 'drop' } });
    expect(xlsx.file.file_name).toMatch(/deidentified\.xlsx$/);
    const sheet = await xlsxRows(xlsx.file.content_base64);
    expect(sheet[0]).not.toContain('mrn');
    expect(sheet[0]).not.toContain('birth_year');
    expect(sheet[0]).toContain('weight');
    expect(sheet).toHaveLength(3);
    expect(sheet[1][(sheet[0] as string[]).indexOf('weight')]).toBe(72.5);

    const pseudo = async () => {
      const res = await dataModelRecordExport({ data_model_id: id, format: 'xlsx', deidentified: { mode: 'pseudonymize' } });
      const s = await xlsxRows(res.file.content_base64);
      const at = (s[0] as string[]).indexOf('mrn');
      return s.slice(1).map((r) => r[at] as string);
    };
    const [p1, p2] = await pseudo();
    expect(p1).toMatch(/^ps_[0-9a-f]{20}$/);
    expect(p1).toBe(p2); // the same patient number, the same pseudonym within one export
    expect(p1).not.toContain(VALID1.mrn);
    expect((await pseudo())[0]).not.toBe(p1); // another export, another key
  });

  it('retires a model: kept and listed as retired, no new records or changes; delete refuses a model with records', async () => {
    const id = await publishedModel('Retire test');
    const record = await saved(owner, VALID1, id);
    owner.use();
    expect((await dataModelDelete({ data_model_id: id })).status_code).toBe('14083');
    editor.use();
    expect((await dataModelRetire({ data_model_id: id })).status_code).toBe('10016');
    owner.use();
    await dataModelShare({ data_model_id: id, username: 'dr.editor', can_edit: true });
    editor.use();
    expect((await dataModelRetire({ data_model_id: id })).status_code).toBe('10009');
    owner.use();
    expect(await dataModelRetire({ data_model_id: id })).toMatchObject({ status_code: '10000', status: 'retired' });
    expect((await dataModelRetire({ data_model_id: id })).status_code).toBe('10000');
    const model = await dataModelGet({ data_model_id: id });
    expect(model).toMatchObject({ data_model: { status: 'retired' }, can_edit: false });
    expect((await dataModelList({ status: 'retired' })).data_model_list.map((m) => m.data_model_id)).toContain(id);
    expect((await dataModelList({ status: 'published' })).data_model_list.map((m) => m.data_model_id)).not.toContain(id);
    expect((await dataModelRecordSave({ data_model_id: id, values: VALID1 })).status_code).toBe('14080');
    expect((await dataModelRecordSave({ data_model_id: id, data_model_record_id: record.data_model_record_id, row_version: 1, values: VALID1 })).status_code).toBe('14080');
    expect((await dataModelSave({ data_model_id: id, version: 1, data_model: { title: { en: 'x' }, language: 'en', group_list: MODEL.group_list } })).status_code).toBe('14080');
    expect((await dataModelDelete({ data_model_id: id })).status_code).toBe('14080');
    expect((await dataModelRecordList({ data_model_id: id })).total).toBe(1);
    expect((await dataModelRecordExport({ data_model_id: id, format: 'csv' })).record_count).toBe(1);

    // A model never published takes no records; one published without records is kept (14054).
    const draft = await dataModelNew({ data_model: { title: { en: 'Draft only' }, language: 'en', group_list: MODEL.group_list } });
    expect((await dataModelRecordSave({ data_model_id: draft.data_model.data_model_id, values: VALID1 })).status_code).toBe('14081');
    expect((await dataModelDelete({ data_model_id: await publishedModel('Kept') })).status_code).toBe('14054');
  });

  it('seeds the oncology baseline model on the clinical site, published, with records', async () => {
    const admin = await actor(t, 'admin', { domain: DOMAIN });
    admin.use();
    const model = await dataModelGet({ data_model_id: MODEL.data_model_id });
    expect(model.data_model).toMatchObject({ status: 'published', owner: 'admin', published_version: 1 });
    expect((await dataModelRecordList({ data_model_id: MODEL.data_model_id })).total).toBe(5);
  });
});
