// The calls to the data-model record routes, which this branch does not have yet (/v1/data_model/record/save is
// being added on another branch): written against the agreed contract on the app's transport (src/api/call.ts),
// in this one module, so that switching to the generated client (`dataModelRecordSave` from
// src/generated/client) when the route lands changes nothing else.
import { call, type CallOptions, type Envelope } from '../../src/api/call';
import type { RecordValues } from '../../src/domain/data-model/record';
import type { DocPath } from '../../src/domain/data-model/document';

export interface DataModelRecordSaveRequest {
  data_model_id: string;
  version: number;
  record_id?: string;
  row_version?: number;
  values: RecordValues;
}

export interface DataModelRecordProblem {
  path: DocPath | string;
  key: string;
  params?: Record<string, unknown>;
  message?: string;
}

export interface DataModelRecord {
  record_id: string;
  data_model_id: string;
  version: number;
  values: RecordValues;
  warnings?: DataModelRecordProblem[];
  row_version: number;
  created_at: string;
  updated_at: string;
}

export interface DataModelRecordSaveResponse {
  record: DataModelRecord;
}

/** The refusal that names the record's problems (14060, `problem_list`). */
export const RECORD_INVALID = '14060';

/** Save a record made with a published data-model version — POST /v1/data_model/record/save, caller: token. */
export const dataModelRecordSave = (input: DataModelRecordSaveRequest, options?: CallOptions): Promise<Envelope<DataModelRecordSaveResponse>> =>
  call<DataModelRecordSaveRequest, DataModelRecordSaveResponse>({ name: 'data_model_record_save', method: 'POST', path: '/v1/data_model/record/save' }, input, options);

export interface DataModelRecordGetRequest {
  record_id: string;
}

/**
 * One saved record — POST /v1/data_model/record/get, caller: token. Assumed beside save (the agreed contract names
 * only save): the recording page calls it for `?record_id=`.
 */
export const dataModelRecordGet = (input: DataModelRecordGetRequest, options?: CallOptions): Promise<Envelope<DataModelRecordSaveResponse>> =>
  call<DataModelRecordGetRequest, DataModelRecordSaveResponse>({ name: 'data_model_record_get', method: 'POST', path: '/v1/data_model/record/get' }, input, options);
