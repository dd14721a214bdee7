// Treatment protocols (issue 12, schemas/routes/protocol.json, migration 0025): versioned documents kept as
// server/services/versioned-documents.ts keeps them, with a visibility (spec section 4): private = the owner and
// the users it is shared with, shared = the users it names, public = every user of the owner's hospital (read
// only, unless shared with can_edit), global = the library every clinical site reads (published versions only),
// changed only by the administrators of the site that owns it. Publishing runs section 5's rules
// (src/domain/protocol/check.ts); saving against the last published version asks for a confirmation of a change
// beyond the protocol's percent and records it with the version (changes.ts). The row keeps name, group, type,
// visibility and drug names of the newest version for the list's filters and search.
import type { Queryable } from '../db/adapter.ts';
import type { Protocol } from '../../src/generated/types/entities.ts';
import type { ProtocolGetResponse, ProtocolListRequest, ProtocolListResponse, ProtocolNewRequest } from '../../src/generated/types/routes.ts';
import {
  automaticTitle,
  changeFieldText,
  checkProtocol,
  DEFAULT_CHANGE_WARNING_PERCENT,
  type ProtocolChange,
  protocolChanges,
  protocolFromFhir,
  protocolProblemMessage,
  protocolToFhir,
} from '../../src/domain/protocol/index.ts';
import type { Bilingual } from '../../src/domain/language.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import { isoOf } from './paging.ts';
import {
  documentAtVersion,
  editableDocument,
  insertDocument,
  listDocuments,
  publishDocument,
  readableDocument,
  saveDocumentLocked,
  shareDocument,
  shareListOf,
  unshareDocument,
  versionOf,
  versionsAndShares,
  type DocumentCaller,
  type DocumentKind,
  type DocumentRow,
  type ShareList,
  type VersionRow,
} from './versioned-documents.ts';

/** What a version stores: the protocol without what the row and the shares know. */
export type ProtocolDocument = Omit<Protocol, 'protocol_id' | 'owner' | 'shared_user_list' | 'status' | 'published_version' | 'is_example' | 'version' | 'created_at' | 'updated_at'>;
/** The protocol as the editor sends it (new, save). */
export type ProtocolInput = ProtocolNewRequest['protocol'];

type ProtocolRow = DocumentRow & { visibility: Protocol['visibility']; is_example: boolean };

const PROTOCOLS: DocumentKind = {
  table: 'protocol',
  id: 'protocol_id',
  entity: 'protocol',
  visibility: true,
  errors: { conflict: 'protocol_version_conflict', globalAdmin: 'protocol_global_admin', alreadyPublished: 'protocol_already_published', shareOwner: 'protocol_share_owner' },
  columns: (d: ProtocolDocument) => ({
    visibility: d.visibility,
    is_global: d.visibility === 'global',
    protocol_group: d.protocol_group ?? '',
    protocol_type: d.protocol_type ?? null,
    drug_names: [...new Set(d.drug_list.filter((l) => l.item_type === 'drug' && l.drug_name).map((l) => l.drug_name!))],
  }),
  searchSql: ['p.protocol_group', "array_to_string(p.drug_names, ' ')"],
  rowSql: 'p.visibility, p.is_example',
  listSql: `p.visibility, p.is_example, p.protocol_group, p.protocol_type, p.drug_names,
            (v.document->>'cycle_count')::integer as cycle_count, (v.document->>'cycle_length_days')::integer as cycle_length_days`,
};

const NEW_NAME: Record<Lang, string> = { en: 'New protocol', tr: 'Yeni protokol' };

/** The document of the editor's protocol: an empty name takes the automatic title (spec section 5). */
function documentOf(input: ProtocolInput, visibility: Protocol['visibility'], lang: Lang): ProtocolDocument {
  const { shared_user_list: _shares, name, ...rest } = input;
  return { ...rest, name: name?.trim() || automaticTitle(input, lang) || NEW_NAME[lang], visibility };
}

/** Only administrators make a protocol global (spec section 6: global templates need administrator rights). */
function refuseGlobal(visibility: Protocol['visibility'], me: DocumentCaller): void {
  if (visibility === 'global' && !me.isAdmin) throw new ApiError('protocol_global_admin');
}

/** Both languages hold the protocol's one name (the generic list searches and sorts by it). */
const bothLanguages = (name: string) => ({ en: name, tr: name });

/**
 * Who a protocol's people are to this caller: a global protocol of another site names none of that site's users
 * (the owner, who saved or confirmed): the site's domain stands in for them — where the regimen comes from.
 */
async function peopleShown(db: Queryable, tenantId: string, rows: readonly Pick<DocumentRow, 'tenant_id'>[]): Promise<(row: Pick<DocumentRow, 'tenant_id'>, username: string) => string> {
  const foreign = [...new Set(rows.map((r) => r.tenant_id).filter((t) => t !== tenantId))];
  if (!foreign.length) return (_row, username) => username;
  const sites = await db.query<{ tenant_id: string; domain: string }>('select tenant_id, domain from tenant where tenant_id = any($1::uuid[])', [foreign]);
  const domainOf = new Map(sites.map((t) => [t.tenant_id, t.domain]));
  return (row, username) => (row.tenant_id === tenantId ? username : (domainOf.get(row.tenant_id) ?? 'sema'));
}

async function answerOf(db: Queryable, tenantId: string, row: ProtocolRow, v: VersionRow<ProtocolDocument> & { document: ProtocolDocument }): Promise<Protocol> {
  const shares = row.visibility === 'shared' ? await shareListOf(PROTOCOLS, db, row.doc_id) : undefined;
  const shown = await peopleShown(db, tenantId, [row]);
  return {
    protocol_id: row.doc_id,
    ...v.document,
    visibility: row.visibility,
    owner: shown(row, row.owner),
    ...(shares ? { shared_user_list: shares.map((s) => s.username) } : {}),
    status: v.status,
    version: v.version,
    ...(row.published_version ? { published_version: row.published_version } : {}),
    is_example: row.is_example,
    created_at: isoOf(row.created_at)!,
    updated_at: isoOf(v.updated_at)!,
  };
}

/** The protocol at a version the caller may see (its newest they may see unless named). */
export async function protocolAt(db: Queryable, tenantId: string, me: DocumentCaller, id: string, version?: number): Promise<Protocol> {
  const { row, version: v } = await documentAtVersion<ProtocolDocument>(PROTOCOLS, db, tenantId, me, id, version);
  return answerOf(db, tenantId, row as ProtocolRow, v);
}

/** Makes the protocol's shares the named users (view only for a new one; others' rights kept). The owner's own. */
async function syncShares(tx: Queryable, tenantId: string, me: DocumentCaller, id: string, usernames: readonly string[], lang: Lang): Promise<void> {
  const current = await shareListOf(PROTOCOLS, tx, id);
  const named = new Set(usernames.map((u) => u.toLowerCase()));
  const has = new Set(current.map((s) => s.username.toLowerCase()));
  for (const username of usernames) if (!has.has(username.toLowerCase())) await shareDocument(PROTOCOLS, tx, tenantId, me, { id, username }, lang);
  for (const s of current) if (!named.has(s.username.toLowerCase())) await unshareDocument(PROTOCOLS, tx, tenantId, me, { id, username: s.username }, lang);
}

/** Creates a protocol as a draft, version 1, owned by the caller (the seed: under a fixed id, published, an example). */
export async function createProtocol(
  tx: Queryable,
  tenantId: string,
  me: DocumentCaller,
  input: ProtocolInput,
  lang: Lang,
  seeded: { id?: string; publish?: boolean; example?: boolean } = {},
): Promise<string> {
  const visibility = input.visibility ?? 'private';
  refuseGlobal(visibility, me);
  const document = documentOf(input, visibility, lang);
  const id = await insertDocument(PROTOCOLS, tx, { tenantId, ownerId: me.userId, id: seeded.id }, { name: bothLanguages(document.name), is_global: visibility === 'global', document }, { publish: seeded.publish });
  if (seeded.example) await tx.query('update protocol set is_example = true where protocol_id = $1', [id]);
  if (input.shared_user_list?.length && visibility !== 'global') await syncShares(tx, tenantId, me, id, input.shared_user_list, lang);
  return id;
}

/**
 * Saves the draft (versioned-documents' saveDocument) after the change warning: a change beyond the percent
 * against the last published version is refused with 14021 and its change_warning_list until confirmed; a
 * confirmed save records the confirmation with the version, in the same transaction. Only the owner changes the
 * visibility and the shares.
 */
export async function saveProtocol(
  tx: Queryable,
  tenantId: string,
  me: DocumentCaller,
  input: { protocol_id: string; version: number; protocol: ProtocolInput; confirm_changes?: boolean },
  lang: Lang,
): Promise<void> {
  const { row } = await editableDocument(PROTOCOLS, tx, tenantId, input.protocol_id, me);
  const current = row as ProtocolRow;
  const owner = current.owner_id === me.userId;
  const visibility = input.protocol.visibility ?? current.visibility;
  if (visibility !== current.visibility && !owner && !current.is_global) throw new ApiError('forbidden', { auth_codes: 'owner' });
  refuseGlobal(visibility, me);
  const document = documentOf(input.protocol, visibility, lang);
  // A stale edit is refused as such (by the save below) before any change is weighed.
  const { changes, limit } = input.version === current.current_version ? await changesSincePublished(tx, current, document) : { changes: [], limit: 0 };
  if (changes.length && !input.confirm_changes)
    throw new ApiError('change_needs_confirmation', { field: changeFieldText(changes[0], lang), percent: limit }, { change_warning_list: changes });
  const saved = await saveDocumentLocked(PROTOCOLS, tx, tenantId, me, { id: row.doc_id, version: input.version, name: bothLanguages(document.name), document });
  if (changes.length)
    await tx.query('insert into protocol_change_confirmation (protocol_id, version, confirmed_by, change_list) values ($1, $2, $3, $4)', [
      row.doc_id,
      saved.version.version,
      me.userId,
      JSON.stringify(changes),
    ]);
  if (owner && input.protocol.shared_user_list && visibility !== 'global') await syncShares(tx, tenantId, me, row.doc_id, input.protocol.shared_user_list, lang);
}

/** The changes beyond the percent against the last published version (none before the first publication). */
async function changesSincePublished(tx: Queryable, row: ProtocolRow, draft: ProtocolDocument) {
  const published = row.published_version ? await versionOf<ProtocolDocument>(PROTOCOLS, tx, row.doc_id, row.published_version, true) : undefined;
  const changes: ProtocolChange[] = published?.document ? protocolChanges(published.document, draft) : [];
  return { changes, limit: published?.document?.change_warning_percent ?? DEFAULT_CHANGE_WARNING_PERCENT };
}

/** Publishes the draft once section 5's rules find nothing: 14100 with the count, the first problem and every problem in the caller's language. */
export async function publishProtocol(tx: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; version: number }, lang: Lang): Promise<void> {
  const users = (await shareListOf(PROTOCOLS, tx, input.protocol_id)).map((s) => s.username);
  await publishDocument<ProtocolDocument>(PROTOCOLS, tx, tenantId, me, { id: input.protocol_id, version: input.version }, (document) => {
    const problems = checkProtocol({ ...document, shared_user_list: users });
    if (problems.length)
      throw new ApiError(
        'protocol_invalid',
        { count: problems.length, first: protocolProblemMessage(problems[0], lang) },
        { problem_list: problems.map((p) => ({ ...p, message: protocolProblemMessage(p, lang) })) },
      );
  });
}

/** Deletes a protocol that was never published: its owner's (a global one: an administrator of its site). */
export async function deleteProtocol(tx: Queryable, tenantId: string, me: DocumentCaller, id: string): Promise<void> {
  const { row, access } = await readableDocument(PROTOCOLS, tx, tenantId, id, me, true);
  if (row.is_global && !access.edit) throw new ApiError('protocol_global_admin');
  if (!row.is_global && row.owner_id !== me.userId) throw new ApiError('forbidden', { auth_codes: 'owner' });
  if (row.published_version) throw new ApiError('protocol_published_kept');
  await tx.query('delete from protocol where protocol_id = $1', [id]);
}

const COPIED: Bilingual = { en: 'Copied from "{name}", version {version}.', tr: '"{name}" protokolünün {version}. sürümünden kopyalandı.' };

/**
 * A draft copy owned by the caller of a protocol they may read (its published version unless named; their own
 * draft when it was never published), with the visibility asked (private unless said). The example mark stays
 * with the original; the copy's note says where it came from, in both languages.
 */
export async function copyProtocol(tx: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; version?: number; visibility?: Protocol['visibility'] }, lang: Lang) {
  const { row, access } = await readableDocument(PROTOCOLS, tx, tenantId, input.protocol_id, me);
  const version = input.version ?? row.published_version ?? (access.edit ? row.current_version : undefined);
  if (!version) throw notFound('protocol');
  const { version: v } = await documentAtVersion<ProtocolDocument>(PROTOCOLS, tx, tenantId, me, input.protocol_id, version);
  const fill = (text: string) => text.replace('{name}', v.document.name).replace('{version}', String(version));
  const origin = `${fill(COPIED.en)} / ${fill(COPIED.tr)}`;
  const note = v.document.note ? `${origin}\n\n${v.document.note}`.slice(0, 5000) : origin;
  return createProtocol(tx, tenantId, me, { ...v.document, note, visibility: input.visibility ?? 'private' }, lang);
}

export const shareProtocol = (tx: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; username: string; can_edit?: boolean }, lang: Lang): Promise<ShareList> =>
  shareDocument(PROTOCOLS, tx, tenantId, me, { id: input.protocol_id, username: input.username, can_edit: input.can_edit }, lang);

export const unshareProtocol = (tx: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; username: string }, lang: Lang): Promise<ShareList> =>
  unshareDocument(PROTOCOLS, tx, tenantId, me, { id: input.protocol_id, username: input.username }, lang);

/** The change confirmations of the versions the caller sees, oldest first. */
async function confirmationsOf(db: Queryable, id: string, versions: ReadonlySet<number>): Promise<ProtocolGetResponse['change_confirmation_list']> {
  const rows = await db.query<{ version: number; confirmed_by: string | null; confirmed_at: unknown; change_list: ProtocolChange[] }>(
    `select c.version, u.username as confirmed_by, c.confirmed_at, c.change_list
       from protocol_change_confirmation c left join app_user u on u.user_id = c.confirmed_by
      where c.protocol_id = $1 order by c.confirmed_at, c.version`,
    [id],
  );
  return rows
    .filter((r) => versions.has(r.version))
    .map((r) => ({ version: r.version, confirmed_by: r.confirmed_by ?? '', confirmed_at: isoOf(r.confirmed_at)!, change_list: r.change_list }));
}

export async function getProtocol(db: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; version?: number }): Promise<ProtocolGetResponse> {
  const { row, access, version: v } = await documentAtVersion<ProtocolDocument>(PROTOCOLS, db, tenantId, me, input.protocol_id, input.version);
  const rest = await versionsAndShares(PROTOCOLS, db, me, row, access);
  const shown = await peopleShown(db, tenantId, [row]);
  const confirmations = await confirmationsOf(db, row.doc_id, new Set(rest.version_list.map((x) => x.version)));
  return {
    protocol: await answerOf(db, tenantId, row as ProtocolRow, v),
    ...rest,
    version_list: rest.version_list.map((x) => (x.saved_by_username ? { ...x, saved_by_username: shown(row, x.saved_by_username) } : x)),
    change_confirmation_list: confirmations.map((c) => ({ ...c, confirmed_by: shown(row, c.confirmed_by) })),
  };
}

type ListedRow = DocumentRow &
  Omit<VersionRow, 'document'> & { visibility: Protocol['visibility']; is_example: boolean; protocol_group: string; protocol_type: Protocol['protocol_type'] | null; drug_names: string[] };

export async function listProtocols(db: Queryable, tenantId: string, me: DocumentCaller, input: ProtocolListRequest, lang: Lang): Promise<ProtocolListResponse> {
  const { rows, ...paging } = await listDocuments(PROTOCOLS, db, tenantId, me, input, lang, (where) => {
    if (input.protocol_group) where.add('lower(p.protocol_group) = lower(?)', input.protocol_group);
    if (input.protocol_type) where.add('p.protocol_type = ?', input.protocol_type);
  });
  const shown = await peopleShown(db, tenantId, rows);
  return {
    protocol_list: (rows as unknown as (ListedRow & { cycle_count: number | null; cycle_length_days: number | null })[]).map((r) => ({
      protocol_id: r.doc_id,
      name: r.name.en ?? r.name.tr ?? '',
      ...(r.protocol_group ? { protocol_group: r.protocol_group } : {}),
      ...(r.protocol_type ? { protocol_type: r.protocol_type } : {}),
      visibility: r.visibility,
      owner: shown(r, r.owner),
      version: r.version,
      status: r.status,
      ...(r.published_version ? { published_version: r.published_version } : {}),
      is_example: r.is_example,
      ...(r.cycle_count ? { cycle_count: r.cycle_count } : {}),
      ...(r.cycle_length_days ? { cycle_length_days: r.cycle_length_days } : {}),
      drug_names: r.drug_names,
      updated_at: isoOf(r.updated_at)!,
    })),
    ...paging,
  };
}

/** The protocol as a FHIR R4 Bundle, with notes in the caller's language on what stays behind. */
export async function exportProtocol(db: Queryable, tenantId: string, me: DocumentCaller, input: { protocol_id: string; version?: number }) {
  const { bundle, notes } = protocolToFhir(await protocolAt(db, tenantId, me, input.protocol_id, input.version));
  return { bundle: bundle as unknown as Record<string, unknown>, note_list: notes };
}

/** A FHIR R4 PlanDefinition (in a Bundle) as the caller's private draft; 14105 when there is none to read. */
export async function importProtocol(tx: Queryable, tenantId: string, me: DocumentCaller, bundle: unknown, lang: Lang) {
  const read = protocolFromFhir(bundle);
  if (!read.ok) throw new ApiError('protocol_fhir_invalid', { details: read.details[lang] });
  const id = await createProtocol(tx, tenantId, me, { ...read.protocol, visibility: 'private' }, lang);
  return { id, note_list: read.notes };
}

/**
 * For treatment planning: the published protocol a treatment is planned with — the named version or the newest
 * published one — under the same read rules (10016 for a protocol the caller may not read). A draft, or a
 * protocol never published, answers 14114.
 */
export async function readProtocolForTreatment(
  db: Queryable,
  tenantId: string,
  caller: DocumentCaller,
  protocolId: string,
  version?: number,
): Promise<{ protocol: Protocol; version: number }> {
  const { row } = await readableDocument(PROTOCOLS, db, tenantId, protocolId, caller);
  const wanted = version ?? row.published_version;
  if (!wanted) throw new ApiError('protocol_not_published');
  const { row: found, version: v } = await documentAtVersion<ProtocolDocument>(PROTOCOLS, db, tenantId, caller, protocolId, wanted);
  if (v.status !== 'published') throw new ApiError('protocol_not_published');
  return { protocol: await answerOf(db, tenantId, found as ProtocolRow, v), version: v.version };
}
