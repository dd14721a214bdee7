// Fakes of the data-model routes for the clinical pages' component tests: the oncology baseline fixture as the
// caller's one published model, its records kept in memory (record list, get and export), every call recorded.
import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataModel, DataModelRecord } from '../../../src/generated/types/entities';
import { ok } from './handlers';

export const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'data-models', 'models', 'oncology_baseline.json');
export const oncology = (): DataModel => JSON.parse(readFileSync(FIXTURE, 'utf8')) as DataModel;
export const MODEL_ID = '7d3c1b0e-5a9f-4c2e-9b8d-1f2a3b4c5d6e';
export const RECORD_ID = '0b6a4f3e-2d1c-4b5a-8e7f-6a5b4c3d2e1f';

/** A stored record of the model (version 1) with these values. */
export const savedRecord = (values: Record<string, unknown>, rowVersion = 1, extra: Partial<DataModelRecord> = {}): DataModelRecord => ({
  data_model_record_id: RECORD_ID,
  data_model_id: MODEL_ID,
  version: 1,
  values,
  warning_list: [],
  row_version: rowVersion,
  created_by: 'admin',
  created_at: '2026-03-15T10:00:00.000Z',
  updated_by: 'admin',
  updated_at: '2026-03-15T10:00:00.000Z',
  ...extra,
});

export const modelSummary = { data_model_id: MODEL_ID, title: oncology().title, owner: 'admin', version: 1, status: 'published', published_version: 1, updated_at: '2026-01-01T10:00:00.000Z' };

export const dataModels = {
  records: [] as DataModelRecord[],
  calls: [] as { route: string; body: Record<string, unknown> }[],
  /** The next record-list call answers this refusal (status code and HTTP status). */
  failList: null as { status_code: string; status_message: string; status: number } | null,
};

export function resetDataModels(): void {
  dataModels.records = [];
  dataModels.calls = [];
  dataModels.failList = null;
}

async function read(route: string, request: Request): Promise<Record<string, unknown>> {
  const body = (await request.json()) as Record<string, unknown>;
  dataModels.calls.push({ route, body });
  return body;
}

export const dataModelHandlers = [
  http.post('*/v1/data_model/list', async ({ request }) => {
    await read('data_model_list', request);
    return HttpResponse.json({ ...ok, data_model_list: [modelSummary], total: 1, page: 1, page_size: 20 });
  }),
  http.post('*/v1/data_model/get', async ({ request }) => {
    await read('data_model_get', request);
    return HttpResponse.json({ ...ok, data_model: { ...oncology(), data_model_id: MODEL_ID, published_version: 1 }, version_list: [], can_edit: true, can_share: true });
  }),
  http.post('*/v1/data_model/record/list', async ({ request }) => {
    const body = await read('data_model_record_list', request);
    const fail = dataModels.failList;
    if (fail) {
      dataModels.failList = null;
      return HttpResponse.json({ status_code: fail.status_code, status_message: fail.status_message }, { status: fail.status });
    }
    const page = (body.page as number) ?? 1;
    const size = (body.page_size as number) ?? 20;
    const list = dataModels.records.filter((r) => r.data_model_id === body.data_model_id && (!body.version || r.version === body.version));
    return HttpResponse.json({ ...ok, data_model_record_list: list.slice((page - 1) * size, page * size), total: list.length, page, page_size: size });
  }),
  http.post('*/v1/data_model/record/get', async ({ request }) => {
    const body = await read('data_model_record_get', request);
    const found = dataModels.records.find((r) => r.data_model_record_id === body.data_model_record_id);
    return found
      ? HttpResponse.json({ ...ok, data_model_record: found })
      : HttpResponse.json({ status_code: '10016', status_message: 'There is no record with this id on this site.' }, { status: 404 });
  }),
  http.post('*/v1/data_model/record/export', async ({ request }) => {
    const body = await read('data_model_record_export', request);
    const csv = body.format === 'csv';
    return HttpResponse.json({
      ...ok,
      file: { file_name: csv ? 'oncology-baseline.csv' : 'oncology-baseline.xlsx', content_type: csv ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content_base64: btoa('record_id,version\r\n') },
      record_count: dataModels.records.length,
    });
  }),
];
