// A fake of the data-model routes the designer calls (msw): one model with numbered versions, a draft saved over
// or a new draft after a published one, the version check of save (409 14051), publish checking the model with
// the shared rules (14050 with problem_list), sharing (the owner refused with 14053) and retiring. Tests seed the model
// and read the calls made. The clinical pages' fake of the record routes is ./data-models.ts.
import { http, HttpResponse } from 'msw';
import { problemMessage, validateModel } from '../../../src/domain/data-model/validate';
import { statusMessage } from '../../../src/domain/status-messages';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import type { DataModel } from '../../../src/generated/types/entities';
import { ok } from './handlers';

export const MODEL_ID = '3f2a1c4e-8b7d-4e6f-9a1b-2c3d4e5f6a70';

export const models = {
  versions: [] as DataModel[],
  canEdit: true,
  shares: [] as { username: string; can_edit: boolean }[],
  calls: [] as { route: string; body: Record<string, unknown> }[],
};

export function resetModels(): void {
  models.versions = [];
  models.canEdit = true;
  models.shares = [];
  models.calls.length = 0;
}

export function seedModel(doc: Partial<DataModel> = {}): DataModel {
  const model: DataModel = { data_model_id: MODEL_ID, title: { en: 'Follow-up', tr: 'İzlem' }, language: 'en', owner: 'ayse', version: 1, status: 'draft', group_list: [], updated_at: '2026-11-20T10:00:00Z', ...doc };
  models.versions = [model];
  return model;
}

const newest = () => models.versions[models.versions.length - 1];
const lang = (request: Request) => (new URL(request.url).searchParams.get('__lang__l') === 'en' ? 'en' : 'tr');
const refuse = (key: StatusKey, request: Request, params: Record<string, unknown>, extra: Record<string, unknown> = {}, status = 409) =>
  HttpResponse.json({ status_code: statusCatalogue[key].status_code, status_message: statusMessage(key, lang(request), params), ...extra }, { status });

export const dataModelHandlers = [
  http.post('*/v1/data_model/get', async ({ request }) => {
    models.calls.push({ route: 'get', body: (await request.json()) as Record<string, unknown> });
    const m = newest();
    return HttpResponse.json({ ...ok, data_model: m, version_list: models.versions.map((v) => ({ version: v.version, status: v.status, created_at: v.updated_at })).reverse(), can_edit: models.canEdit, can_share: models.canEdit, ...(models.canEdit ? { share_list: models.shares } : {}) });
  }),
  http.post('*/v1/data_model/save', async ({ request }) => {
    const body = (await request.json()) as { version: number; data_model: Partial<DataModel> };
    models.calls.push({ route: 'save', body });
    const m = newest();
    if (body.version !== m.version) return refuse('data_model_version_conflict', request, { current_version: m.version }, { current_version: m.version });
    const saved: DataModel = { ...m, ...body.data_model, version: m.status === 'published' ? m.version + 1 : m.version, status: 'draft' };
    if (m.status === 'published') models.versions.push(saved);
    else models.versions[models.versions.length - 1] = saved;
    return HttpResponse.json({ ...ok, data_model: saved });
  }),
  http.post('*/v1/data_model/share', async ({ request }) => {
    const body = (await request.json()) as { username: string; can_edit?: boolean };
    models.calls.push({ route: 'share', body });
    if (body.username === 'ayse') return refuse('data_model_share_owner', request, {}, {}, 400);
    models.shares = [...models.shares.filter((x) => x.username !== body.username), { username: body.username, can_edit: Boolean(body.can_edit) }];
    return HttpResponse.json({ ...ok, share_list: models.shares });
  }),
  http.post('*/v1/data_model/retire', async ({ request }) => {
    models.calls.push({ route: 'retire', body: (await request.json()) as Record<string, unknown> });
    models.versions = models.versions.map((v) => ({ ...v, status: 'retired' }));
    return HttpResponse.json({ ...ok, data_model_id: MODEL_ID, status: 'retired' });
  }),
  http.post('*/v1/data_model/publish', async ({ request }) => {
    const body = (await request.json()) as { version: number };
    models.calls.push({ route: 'publish', body });
    const m = newest();
    const problems = validateModel(m);
    if (problems.length)
      return refuse('data_model_invalid', request, { count: problems.length, first: problemMessage(problems[0], lang(request)) }, { problem_list: problems }, 400);
    models.versions[models.versions.length - 1] = { ...m, status: 'published', published_version: m.version };
    return HttpResponse.json({ ...ok, data_model: newest() });
  }),
];
