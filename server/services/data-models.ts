// Data models (schemas/routes/data_model.json, migration 0020): versioned documents kept as
// server/services/versioned-documents.ts keeps them — owned, shared to view or to edit (spec section 6: data
// model owners authorize other users), saved as a draft, published as a new version that never changes (section
// 4) once section 5's rules find nothing (src/domain/data-model/validate.ts), deleted only if never published.
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
import {
  documentAtVersion,
  editableDocument,
  readableDocument,
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
  errors: { conflict: 'data_model_version_conflict', alreadyPublished: 'data_model_already_published', shareOwner: 'data_model_share_owner' },
};

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
    status: v.status,
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

export async function createModel(tx: Queryable, tenantId: string, me: DocumentCaller, model: Partial<ModelDocument> & Pick<ModelDocument, 'title' | 'language'>): Promise<string> {
  const document = documentOf(model);
  return insertDocument(MODELS, tx, { tenantId, ownerId: me.userId }, { name: document.title, document });
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

/** Deletes a model that was never published (its owner only); one with a published version is kept (14054). */
export async function deleteModel(tx: Queryable, tenantId: string, me: DocumentCaller, id: string): Promise<void> {
  const { row } = await editableDocument(MODELS, tx, tenantId, id, me);
  if (row.owner_id !== me.userId) throw new ApiError('forbidden', { auth_codes: 'owner' });
  if (row.published_version) throw new ApiError('data_model_published_kept');
  await tx.query('delete from data_model where data_model_id = $1', [id]);
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
      status: r.status,
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
    const row = await readableDocument(MODELS, db, tenantId, id, me).then(
      (found) => found.row,
      (e: unknown) => {
        if (e instanceof ApiError && e.key === 'record_not_found') return undefined;
        throw e;
      },
    );
    if (!row?.published_version) continue;
    const v = await versionOf<ModelDocument>(MODELS, db, id, row.published_version, true);
    if (!v?.document) continue;
    const doc: DataModel = { data_model_id: id, owner: row.owner, version: v.version, status: 'published', ...v.document };
    for (const [labelId, texts] of modelLabels(id, doc)) {
      if (!wanted.has(labelId)) continue;
      const text = texts[lang] ?? Object.values(texts).find((t) => t);
      if (text) answer[labelId] = text;
    }
  }
  return answer;
}
