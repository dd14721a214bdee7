// Data models (schemas/routes/data_model.json, migration 0020): versioned documents kept as
// server/services/versioned-documents.ts keeps them — owned, shared to view or to edit (spec section 6: data
// model owners authorize other users), saved as a draft, published as a new version that never changes (section
// 4) once section 5's rules find nothing (src/domain/data-model/validate.ts), deleted only if never published and
// without records, otherwise retired (kept with its versions and records, taking no new records and no changes).
// The version's document holds the model (title, language, colour, template flag, groups); the row repeats the
// title for the list.
import type { Db, Queryable } from '../db/adapter.ts';
import type { DataModel } from '../../src/generated/types/entities.ts';
import type { DataModelGetResponse, DataModelListRequest } from '../../src/generated/types/routes.ts';
import { problemMessage, validateModel } from '../../src/domain/data-model/validate.ts';
import { modelLabels, modelOfLabel } from '../../src/domain/data-model/labels.ts';
import type { Lang as Language } from '../../src/domain/language.ts';
import { ApiError, type Lang } from '../http/api-error.ts';
import { isoOf } from './paging.ts';
import { recordCountOf } from './data-model-record-store.ts';
import {
  documentAtVersion,
  readableDocument,
  refuseRetired,
  versionOf,
  insertDocument,
  listDocuments,
  publishDocument,
  saveDocument,
  shareDocument,
  unshareDocument,
  versionsAndShares,
  type DocumentCaller,
  type DocumentKind,
  type DocumentRow,
  type ShareList,
  type VersionRow,
} from './versioned-documents.ts';

const MODELS: DocumentKind = {
  table: 'data_model',
  id: 'data_model_id',
  entity: 'data_model',
  retirable: true,
  errors: { conflict: 'data_model_version_conflict', alreadyPublished: 'data_model_already_published', shareOwner: 'data_model_share_owner', retired: 'data_model_retired' },
};

/** The state a model shows: retired for the whole model, else its version's. */
const statusOf = (row: Pick<DocumentRow, 'retired_at'>, versionStatus: 'draft' | 'published'): DataModel['status'] => (row.retired_at ? 'retired' : versionStatus);

/** What a version stores: the model without what the row knows (id, owner, version, state, dates). */
export type ModelDocument = Pick<DataModel, 'title' | 'language' | 'color' | 'template' | 'group_list'>;

function modelAnswer(row: DocumentRow, v: VersionRow<ModelDocument> & { document: ModelDocument }): DataModel {
  const { title, language, color, template, group_list } = v.document;
  return {
    data_model_id: row.doc_id,
    title,
    language,
    owner: row.owner,
    version: v.version,
    ...(row.published_version ? { published_version: row.published_version } : {}),
    ...(color ? { color } : {}),
    status: statusOf(row, v.status),
    ...(template !== undefined ? { template } : {}),
    group_list,
    created_at: isoOf(row.created_at)!,
    updated_at: isoOf(v.updated_at)!,
  };
}

const documentOf = (m: Partial<ModelDocument> & Pick<ModelDocument, 'title' | 'language'>): ModelDocument => ({
  title: m.title,
  language: m.language,
  ...(m.color ? { color: m.color } : {}),
  ...(m.template !== undefined ? { template: m.template } : {}),
  group_list: m.group_list ?? [],
});

/** Creates a model as a draft, version 1 (the seed: under a fixed id, published). */
export async function createModel(
  tx: Queryable,
  tenantId: string,
  me: DocumentCaller,
  model: Partial<ModelDocument> & Pick<ModelDocument, 'title' | 'language'>,
  seeded: { id?: string; publish?: boolean } = {},
): Promise<string> {
  const document = documentOf(model);
  return insertDocument(MODELS, tx, { tenantId, ownerId: me.userId, id: seeded.id }, { name: document.title, document }, { publish: seeded.publish });
}

export async function saveModel(db: Db, tenantId: string, me: DocumentCaller, input: { data_model_id: string; version: number; data_model: ModelDocument }): Promise<DataModel> {
  const document = documentOf(input.data_model);
  const saved = await saveDocument(MODELS, db, tenantId, me, { id: input.data_model_id, version: input.version, name: document.title, document });
  return modelAnswer(saved.row, saved.version);
}

/** The rules' refusal: 14050 with the count, the first problem in the caller's language, and every problem. */
function modelInvalid(document: ModelDocument, lang: Lang): void {
  const problems = validateModel({ data_model_id: '', owner: '', version: 1, status: 'draft', ...document });
  if (problems.length) throw new ApiError('data_model_invalid', { count: problems.length, first: problemMessage(problems[0], lang) }, { problem_list: problems });
}

export async function publishModel(tx: Queryable, tenantId: string, me: DocumentCaller, input: { data_model_id: string; version: number }, lang: Lang): Promise<void> {
  await publishDocument<ModelDocument>(MODELS, tx, tenantId, me, { id: input.data_model_id, version: input.version }, (document) => modelInvalid(document, lang));
}

/** The model under lock if the caller owns it (deleting and retiring are the owner's). */
async function ownedModel(tx: Queryable, tenantId: string, me: DocumentCaller, id: string): Promise<DocumentRow> {
  const { row } = await readableDocument(MODELS, tx, tenantId, id, me, true);
  if (row.owner_id !== me.userId) throw new ApiError('forbidden', { auth_codes: 'owner' });
  return row;
}

/** Deletes a model that was never published and has no records (its owner only); anything else is kept, to be retired. */
export async function deleteModel(tx: Queryable, tenantId: string, me: DocumentCaller, id: string): Promise<void> {
  const row = await ownedModel(tx, tenantId, me, id);
  refuseRetired(MODELS, row);
  const records = await recordCountOf(tx, id);
  if (records) throw new ApiError('data_model_has_records', { count: records });
  if (row.published_version) throw new ApiError('data_model_published_kept');
  await tx.query('delete from data_model where data_model_id = $1', [id]);
}

/** Retires the model (its owner only): kept with its versions and records, it takes no new records and no changes. Retiring again changes nothing. */
export async function retireModel(tx: Queryable, tenantId: string, me: DocumentCaller, id: string): Promise<void> {
  const row = await ownedModel(tx, tenantId, me, id);
  if (row.retired_at) return;
  await tx.query('update data_model set retired_at = now(), retired_by = $2, updated_at = now() where data_model_id = $1', [id, me.userId]);
}

/** The model if the caller may read it (10016 otherwise), with what they may do. */
export const readableModel = (db: Queryable, tenantId: string, me: DocumentCaller, id: string) => readableDocument(MODELS, db, tenantId, id, me);

/** The model if the caller may read it, else undefined (unknown, another's, another site's alike). */
export const readableModelOrNone = (db: Queryable, tenantId: string, me: DocumentCaller, id: string) =>
  readableModel(db, tenantId, me, id).catch((e: unknown) => {
    if (e instanceof ApiError && e.key === 'record_not_found') return undefined;
    throw e;
  });

/** A published version's model document (records are made with it), or undefined when that version is not published. */
export async function publishedModel(db: Queryable, row: DocumentRow, version: number): Promise<DataModel | undefined> {
  const v = await versionOf<ModelDocument>(MODELS, db, row.doc_id, version, true);
  if (v?.status !== 'published' || !v.document) return undefined;
  return { data_model_id: row.doc_id, owner: row.owner, version, status: 'published', ...v.document };
}

export function shareModel(tx: Queryable, tenantId: string, me: DocumentCaller, input: { data_model_id: string; username: string; can_edit?: boolean }, lang: Lang): Promise<ShareList> {
  return shareDocument(MODELS, tx, tenantId, me, { id: input.data_model_id, username: input.username, can_edit: input.can_edit }, lang);
}

export function unshareModel(tx: Queryable, tenantId: string, me: DocumentCaller, input: { data_model_id: string; username: string }, lang: Lang): Promise<ShareList> {
  return unshareDocument(MODELS, tx, tenantId, me, { id: input.data_model_id, username: input.username }, lang);
}

export async function modelAt(db: Queryable, tenantId: string, me: DocumentCaller, id: string, version?: number): Promise<DataModel> {
  const { row, version: v } = await documentAtVersion<ModelDocument>(MODELS, db, tenantId, me, id, version);
  return modelAnswer(row, v);
}

export async function getModel(db: Queryable, tenantId: string, me: DocumentCaller, input: { data_model_id: string; version?: number }): Promise<DataModelGetResponse> {
  const { row, access, version: v } = await documentAtVersion<ModelDocument>(MODELS, db, tenantId, me, input.data_model_id, input.version);
  return { data_model: modelAnswer(row, v), ...(await versionsAndShares(MODELS, db, me, row, access)) };
}

export async function listModels(db: Queryable, tenantId: string, me: DocumentCaller, input: DataModelListRequest, lang: Lang) {
  const { rows, ...paging } = await listDocuments(MODELS, db, tenantId, me, input, lang);
  return {
    data_model_list: rows.map((r) => ({
      data_model_id: r.doc_id,
      title: r.name,
      owner: r.owner,
      version: r.version,
      status: statusOf(r, r.status),
      ...(r.published_version ? { published_version: r.published_version } : {}),
      updated_at: isoOf(r.updated_at)!,
    })),
    ...paging,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The clinical label-translation call: the texts of the label ids (src/domain/data-model/labels.ts) in `lang`,
 * from the newest published version of each model the caller may read — a visitor reads none, an unknown,
 * unpublished or unreadable model's ids are left out. A text missing in `lang` answers the model's other one.
 */
export async function labelTexts(db: Queryable, tenantId: string, me: DocumentCaller | undefined, ids: readonly string[], lang: Language): Promise<Record<string, string>> {
  if (!me) return {};
  const models = [...new Set(ids.map(modelOfLabel))].filter((id) => UUID.test(id));
  const answer: Record<string, string> = {};
  const wanted = new Set(ids);
  for (const id of models) {
    const row = (await readableModelOrNone(db, tenantId, me, id))?.row;
    if (!row?.published_version) continue;
    const doc = await publishedModel(db, row, row.published_version);
    if (!doc) continue;
    for (const [labelId, texts] of modelLabels(id, doc)) {
      if (!wanted.has(labelId)) continue;
      const text = texts[lang] ?? Object.values(texts).find((t) => t);
      if (text) answer[labelId] = text;
    }
  }
  return answer;
}
