// Records made with data models (schemas/routes/data_model_record.json): who reaches which record, the check
// against the record's model version (src/domain/data-model/record.ts, the recording form's own check, compiled
// once per published version and kept), saving all or nothing, and the export (CSV or .xlsx, de-identified on
// request). Recording needs read access to the model; a record is read and changed by its author and by the
// model's owner and editors — patient data is not for every viewer of the model.
import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { DataModelRecordExportRequest, DataModelRecordListRequest, DataModelRecordSaveRequest } from '../../src/generated/types/routes.ts';
import type { DataModel, DataModelRecord } from '../../src/generated/types/entities.ts';
import { compileRecordModel, recordErrors, recordProblemMessage, type CompiledModel, type RecordValues } from '../../src/domain/data-model/record.ts';
import { recordTable, type CellValue } from '../../src/domain/data-model/record-table.ts';
import { writeCsv } from '../../src/domain/csv.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import { LruCache } from './lru-cache.ts';
import { publishedModel, readableModel, readableModelOrNone } from './data-models.ts';
import type { Access, DocumentCaller, DocumentRow } from './versioned-documents.ts';
import { tableToXlsx, XLSX_CONTENT_TYPE } from './excel.ts';
import * as store from './data-model-record-store.ts';

/** Compiled published model versions by (model, version): a published version never changes. */
export class RecordModelCache extends LruCache<CompiledModel> {}

/** At most this many records go into one export file (a larger one is refused: narrow it by version or dates). */
export const EXPORT_MAX_RECORDS = 10_000;

interface Reach {
  row: DocumentRow;
  access: Access;
}

/** The model's owner and editors answer for all its records; any other reader for their own only. */
const readsAll = (reach: Reach) => reach.access.edit;

/** The record and its model if the caller reaches the record; 10016 otherwise, the same for unknown, another's or another site's. */
async function reachableRecord(db: Queryable, tenantId: string, me: DocumentCaller, id: string, lock = false) {
  const record = await store.recordById(db, tenantId, id, lock);
  const reach = record && (await readableModelOrNone(db, tenantId, me, record.data_model_id));
  if (!record || !reach || (!readsAll(reach) && record.created_by !== me.userId)) throw notFound('data_model_record');
  return { record, ...reach };
}

async function compiledVersion(cache: RecordModelCache, db: Queryable, row: DocumentRow, version: number): Promise<CompiledModel | undefined> {
  const key = `${row.doc_id}@${version}`;
  const found = cache.get(key);
  if (found) return found;
  const model = await publishedModel(db, row, version);
  if (!model) return undefined;
  const compiled = compileRecordModel(model);
  cache.set(key, compiled);
  return compiled;
}

/** The values as stored, or record_invalid (14060) with every problem when the check finds an error. */
function checkedValues(compiled: CompiledModel, values: RecordValues, lang: Lang) {
  const problems = compiled.check(values);
  const errors = recordErrors(problems);
  if (errors.length)
    throw new ApiError(
      'record_invalid',
      { count: errors.length, first: recordProblemMessage(errors[0], lang) },
      { problem_list: problems.map((p) => store.problemAnswer(p, lang)) },
    );
  return { values: compiled.clean(values), warnings: problems.filter((p) => p.severity === 'warning') };
}

const versionNotKept = (lang: Lang) =>
  new ApiError('invalid_input', {
    details: lang === 'tr' ? 'version: bir kayıt yapıldığı sürümde kalır; yalnızca yeni bir kayıt sürüm seçer' : 'version: a record keeps the version it was made with; only a new record names one',
  });

/** Saves a new record or an edit, all or nothing; answers the record's id. */
export async function saveRecord(tx: Queryable, cache: RecordModelCache, tenantId: string, me: DocumentCaller, input: DataModelRecordSaveRequest, lang: Lang): Promise<string> {
  const values = input.values as RecordValues;
  if (input.data_model_record_id) {
    const { record, row } = await reachableRecord(tx, tenantId, me, input.data_model_record_id, true);
    if (record.data_model_id !== input.data_model_id) throw notFound('data_model_record');
    if (row.retired_at) throw new ApiError('data_model_retired');
    if (input.version !== undefined && input.version !== record.version) throw versionNotKept(lang);
    const conflict = () => new ApiError('record_version_conflict', { current_row_version: record.row_version, row_version: input.row_version! });
    if (record.row_version !== input.row_version) throw conflict();
    const compiled = (await compiledVersion(cache, tx, row, record.version))!;
    const checked = checkedValues(compiled, values, lang);
    if (!(await store.updateRecord(tx, { id: record.data_model_record_id, rowVersion: record.row_version, ...checked, userId: me.userId }))) throw conflict();
    return record.data_model_record_id;
  }
  const { row } = await readableModel(tx, tenantId, me, input.data_model_id);
  if (row.retired_at) throw new ApiError('data_model_retired');
  const version = input.version ?? row.published_version;
  const compiled = version ? await compiledVersion(cache, tx, row, version) : undefined;
  if (!version || !compiled) throw new ApiError('data_model_not_published');
  const checked = checkedValues(compiled, values, lang);
  return store.insertRecord(tx, { tenantId, modelId: row.doc_id, version, ...checked, userId: me.userId });
}

export async function getRecord(db: Queryable, tenantId: string, me: DocumentCaller, id: string, lang: Lang): Promise<DataModelRecord> {
  return store.recordAnswer((await reachableRecord(db, tenantId, me, id)).record, lang);
}

export async function deleteRecordOf(tx: Queryable, tenantId: string, me: DocumentCaller, input: { data_model_record_id: string; row_version?: number }): Promise<void> {
  const { record } = await reachableRecord(tx, tenantId, me, input.data_model_record_id, true);
  if (input.row_version !== undefined && input.row_version !== record.row_version)
    throw new ApiError('record_version_conflict', { current_row_version: record.row_version, row_version: input.row_version });
  await store.deleteRecord(tx, record.data_model_record_id);
}

/** The filter of what the caller may read of the model's records. */
async function readableFilter(db: Queryable, tenantId: string, me: DocumentCaller, input: Pick<DataModelRecordListRequest, 'data_model_id' | 'version' | 'created_at_from' | 'created_at_to'>) {
  const reach = await readableModel(db, tenantId, me, input.data_model_id);
  const filter: store.RecordFilter = {
    tenantId,
    modelId: reach.row.doc_id,
    ...(readsAll(reach) ? {} : { authorId: me.userId }),
    version: input.version,
    created_at_from: input.created_at_from,
    created_at_to: input.created_at_to,
  };
  return { reach, filter };
}

export async function listRecordsOf(db: Queryable, tenantId: string, me: DocumentCaller, input: DataModelRecordListRequest, lang: Lang) {
  const { filter } = await readableFilter(db, tenantId, me, input);
  const { rows, ...paging } = await store.listRecords(db, { ...filter, search: input.search }, input);
  return { data_model_record_list: rows.map((r) => store.recordAnswer(r, lang)), ...paging };
}

/** A pseudonymizer for one export: a keyed HMAC under a key made for it and forgotten after it (stable within the file, never reversible). */
function pseudonymizer(): (code: string, value: unknown) => string {
  const key = randomBytes(32);
  return (code, value) => `ps_${createHmac('sha256', key).update(`${code}\u0000${JSON.stringify(value)}`).digest('hex').slice(0, 20)}`;
}

/** A CSV cell: text that Excel would read as a formula (=, +, -, @ first) is written after a quote mark. */
const csvCell = (v: CellValue): string => (v === null ? '' : typeof v === 'number' ? String(v) : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export async function exportRecords(db: Queryable, tenantId: string, me: DocumentCaller, input: DataModelRecordExportRequest, lang: Lang) {
  const { reach, filter } = await readableFilter(db, tenantId, me, input);
  const { count, rows } = await store.recordsForExport(db, filter, EXPORT_MAX_RECORDS);
  if (count > EXPORT_MAX_RECORDS) throw new ApiError('record_export_limit', { count, max: EXPORT_MAX_RECORDS });
  const models = new Map<number, DataModel>();
  for (const version of [...new Set(rows.map((r) => r.version))].sort((a, b) => b - a)) models.set(version, (await publishedModel(db, reach.row, version))!);
  if (!models.size && reach.row.published_version) models.set(reach.row.published_version, (await publishedModel(db, reach.row, reach.row.published_version))!);
  const table = recordTable(
    [...models.values()],
    rows.map((r) => ({ id: r.data_model_record_id, version: r.version, created_by: r.created_by_username, created_at: new Date(r.created_at as string).toISOString(), values: r.record_values })),
    {
      lang,
      labels: input.labels ?? false,
      choiceLabels: input.choice_labels ?? false,
      deidentified: input.deidentified?.mode,
      pseudonym: input.deidentified?.mode === 'pseudonymize' ? pseudonymizer() : undefined,
    },
  );
  const name = `data-model-${reach.row.doc_id.slice(0, 8)}-records${input.deidentified ? '-deidentified' : ''}`;
  const file =
    (input.format ?? 'xlsx') === 'csv'
      ? {
          file_name: `${name}.csv`,
          content_type: 'text/csv; charset=utf-8',
          // The BOM makes Excel read the file as UTF-8 (Turkish letters) rather than the system's code page.
          content_base64: Buffer.from(`\uFEFF${writeCsv([...table.header, ...table.rows.map((r) => r.map(csvCell))])}`, 'utf8').toString('base64'),
        }
      : {
          file_name: `${name}.xlsx`,
          content_type: XLSX_CONTENT_TYPE,
          content_base64: (await tableToXlsx('Records', table.header[0].map((code) => ({ key: code, label: code })), table.rows, table.header.slice(1))).toString('base64'),
        };
  return { file, record_count: rows.length };
}
