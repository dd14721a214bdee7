// Data models on the server (issue 11, schemas/routes/data_model.json) against PGlite and PostgreSQL: a model
// is created as a draft, saved over, refused at publishing while section 5's rules find a problem (every
// problem answered, the first in the caller's language), published as a version that never changes, continued
// as a new draft, guarded against stale saves; its owner authorizes others to view or edit (section 6) and
// takes it back; a published model is kept, a never-published one deleted; the list shows what each may see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinicalLabelTranslation,
  dataModelDelete,
  dataModelGet,
  dataModelList,
  dataModelNew,
  dataModelPublish,
  dataModelSave,
  dataModelShare,
  dataModelUnshare,
} from '../../src/generated/client/index.ts';
import type { DataModel } from '../../src/generated/types/entities.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const FIXTURE = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];
const { title, language, color, group_list } = FIXTURE;
const DOMAIN = 'clinical.localhost';

describe.each(databaseKinds('same-on-every-database'))('data models on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let colleague: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'dr.mehmet', { domain: DOMAIN, authCodes: ['doctor'] });
    colleague = await actor(t, 'dr.zeynep', { domain: DOMAIN, authCodes: ['doctor'] });
  });
  afterAll(() => t.close());

  async function created(name = 'Onkoloji başvuru formu') {
    owner.use();
    const res = await dataModelNew({ data_model: { title: { ...title, tr: name }, language, color, group_list } });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.data_model;
  }

  it('creates a draft, saves over it, refuses to publish while the rules find problems, then publishes a version that stays', async () => {
    const model = await created();
    expect(model).toMatchObject({ version: 1, status: 'draft', owner: 'dr.mehmet', language: 'tr', color });
    expect(model.group_list).toEqual(group_list);

    // Two parameters with one code and a rule with an open parenthesis: both refused at publishing, not at saving.
    const broken = structuredClone(group_list);
    broken[0].parameter_list[0].code = 'kreatinin';
    broken[0].parameter_list[0].rule = '(ecog > 1';
    const saved = await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title, language, group_list: broken } });
    expect(saved.data_model).toMatchObject({ version: 1, status: 'draft' });
    const before = await snapshot(t.db);
    owner.use({ host: DOMAIN, lang: 1 });
    const refused = await dataModelPublish({ data_model_id: model.data_model_id, version: 1 });
    expect(refused).toMatchObject({ status_code: '14050', http_status: 400 });
    expect(refused.status_message).toMatch(/^The data model has \d+ problem\(s\)\. The first: /);
    const problems = (refused as unknown as { problem_list: { key: string }[] }).problem_list.map((p) => p.key);
    expect(problems).toEqual(expect.arrayContaining(['parenthesis', 'parameter_code_not_unique']));
    expect(await snapshot(t.db)).toEqual(before);

    await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title, language, group_list } });
    const published = await dataModelPublish({ data_model_id: model.data_model_id, version: 1 });
    expect(published.data_model).toMatchObject({ version: 1, status: 'published', published_version: 1 });
    expect((await dataModelPublish({ data_model_id: model.data_model_id, version: 1 })).status_code).toBe('14052');

    // Saving after publishing starts version 2; version 1 stays as published; a save from version 1 again is stale.
    const next = await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title: { ...title, en: 'Oncology admission (v2)' }, language, group_list } });
    expect(next.data_model).toMatchObject({ version: 2, status: 'draft', published_version: 1 });
    const stale = await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title, language, group_list } });
    expect(stale).toMatchObject({ status_code: '14051', http_status: 409 });
    const v1 = await dataModelGet({ data_model_id: model.data_model_id, version: 1 });
    expect(v1.data_model.title).toEqual(title);
    expect(v1.version_list.map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    await expect(t.db.query("update data_model_version set document = '{}' where data_model_id = $1 and version = 1", [model.data_model_id])).rejects.toThrow(/never changes/);
  });

  it('the owner authorizes a colleague to view, then to edit, and takes it back; strangers see nothing', async () => {
    const model = await created('Paylaşılan form');
    colleague.use();
    expect((await dataModelGet({ data_model_id: model.data_model_id })).status_code).toBe('10016');
    owner.use();
    expect((await dataModelShare({ data_model_id: model.data_model_id, username: 'dr.mehmet' })).status_code).toBe('14053');
    const viewers = await dataModelShare({ data_model_id: model.data_model_id, username: 'dr.zeynep' });
    expect(viewers.share_list).toEqual([{ username: 'dr.zeynep', can_edit: false }]);

    colleague.use();
    const seen = await dataModelGet({ data_model_id: model.data_model_id });
    expect(seen).toMatchObject({ can_edit: false, can_share: false });
    expect(seen.share_list).toBeUndefined();
    expect((await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title, language, group_list } })).status_code).toBe('10009');
    expect((await dataModelList({ scope: 'shared' })).data_model_list.map((m) => m.title.tr)).toContain('Paylaşılan form');

    owner.use();
    await dataModelShare({ data_model_id: model.data_model_id, username: 'dr.zeynep', can_edit: true });
    colleague.use();
    expect((await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title, language, group_list } })).status_code).toBe('10000');
    expect((await dataModelDelete({ data_model_id: model.data_model_id })).status_code).toBe('10009'); // an editor does not delete

    owner.use();
    expect((await dataModelUnshare({ data_model_id: model.data_model_id, username: 'dr.zeynep' })).share_list).toEqual([]);
    colleague.use();
    expect((await dataModelGet({ data_model_id: model.data_model_id })).status_code).toBe('10016');
  });

  it('deletes a model that was never published; keeps a published one; lists what the caller may see', async () => {
    const draft = await created('Silinecek taslak');
    const kept = await created('Yayımlanacak form');
    await dataModelPublish({ data_model_id: kept.data_model_id, version: 1 });
    expect((await dataModelDelete({ data_model_id: kept.data_model_id })).status_code).toBe('14054');
    expect(await dataModelDelete({ data_model_id: draft.data_model_id })).toMatchObject({ status_code: '10000', status: 'deleted' });
    expect((await dataModelGet({ data_model_id: draft.data_model_id })).status_code).toBe('10016');

    const mine = await dataModelList({ scope: 'mine', search: 'form', sort: 'name' });
    const titles = mine.data_model_list.map((m) => m.title.tr);
    expect(titles).toContain('Yayımlanacak form');
    expect(titles).not.toContain('Silinecek taslak');
    expect(mine.data_model_list.find((m) => m.title.tr === 'Yayımlanacak form')).toMatchObject({ status: 'published', published_version: 1, owner: 'dr.mehmet' });
    expect((await dataModelList({ status: 'published' })).data_model_list.every((m) => m.status === 'published')).toBe(true);
    colleague.use();
    expect((await dataModelList({ scope: 'mine' })).data_model_list.map((m) => m.title.tr)).not.toContain('Yayımlanacak form');
  });

  it('translates the labels of published models the caller may read (spec section 7), in the asked language', async () => {
    const model = await created('Etiketli form');
    await dataModelPublish({ data_model_id: model.data_model_id, version: 1 });
    // A later draft does not change what the labels say: they are the published version's.
    await dataModelSave({ data_model_id: model.data_model_id, version: 1, data_model: { title: { tr: 'Taslak başlık', en: 'Draft title' }, language, group_list } });
    const id = model.data_model_id;
    const ids = [id, `${id}.g.genel`, `${id}.p.ecog`, `${id}.p.ecog.0`, `${id}.p.nothing`, 'not-a-model.p.ecog'];
    owner.use();
    const tr = await clinicalLabelTranslation({ lang: 'tr', label_id_list: ids });
    expect(tr.result.wdm16_list).toEqual({
      [id]: 'Etiketli form',
      [`${id}.g.genel`]: 'Genel durum',
      [`${id}.p.ecog`]: 'ECOG performans durumu',
      [`${id}.p.ecog.0`]: 'Tam aktif',
    });
    const en = await clinicalLabelTranslation({ lang: 'en', label_id_list: ids });
    expect(en.result.wdm16_list).toMatchObject({ [`${id}.p.ecog`]: 'ECOG performance status', [`${id}.p.ecog.0`]: 'Fully active' });

    // Nobody else reads them: not a colleague it is not shared with, not a visitor.
    colleague.use();
    expect((await clinicalLabelTranslation({ lang: 'tr', label_id_list: ids })).result.wdm16_list).toEqual({});
    t.as({ host: DOMAIN });
    expect((await clinicalLabelTranslation({ lang: 'tr', label_id_list: ids })).result.wdm16_list).toEqual({});
  });
});
