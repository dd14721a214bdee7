// Mailings of the sending_mail page (mailing, mailing_recipient; the mails themselves are outbox rows tied to
// their mailing): who may receive one, the writes of /v1/send_mail, the history and each recipient's status as
// the delivery job moves it (queued → sent | failed, or unsent when the mailing is stopped; skipped from the start).
import type { Queryable } from '../db/adapter.ts';
import type { Mailing, MailingRecipientStatus, MailingSkipReason } from '../../src/generated/types/entities.ts';
import type { MailingGetResponse, MailingRecipientSearchRequest, MailingRecipientSearchResponse } from '../../src/generated/types/routes.ts';
import { activeAuthCodesSql } from '../auth/caller.ts';
import { containsPattern, isoOf, pageRows, Where } from './paging.ts';

/** A chosen user as a mailing sees them: where their mail goes and in which language. */
export interface RecipientRow {
  user_id: string;
  username: string;
  firstname: string | null;
  lastname: string | null;
  mail: string | null;
  active_lang: number;
  skip_reason: MailingSkipReason | null;
}

// Who is skipped and why (docs/decisions.md "Who does an administrator's mail skip?"), in one place for the
// chooser's search and the sending.
const RECIPIENT_COLUMNS = `u.user_id, u.username, u.firstname, u.lastname, nullif(trim(u.mail), '') as mail, u.active_lang,
  case when nullif(trim(u.mail), '') is null then 'no_mail'
       when not u.is_active or u.registration_status <> 'completed' then 'inactive'
       when not u.mail_notification then 'mail_off' end as skip_reason`;

const recipientAnswer = (r: RecipientRow): MailingRecipientSearchResponse['user_list'][number] => ({
  user_client_id: r.user_id,
  username: r.username,
  ...(r.firstname ? { firstname: r.firstname } : {}),
  ...(r.lastname ? { lastname: r.lastname } : {}),
  ...(r.mail ? { mail: r.mail } : {}),
  mail_lang: r.active_lang === 1 ? 1 : 0,
  ...(r.skip_reason ? { skip_reason: r.skip_reason } : {}),
});

/** One page of the site's users matching the search (names, username or mail) and holding `auth_name` today. */
export async function searchRecipients(db: Queryable, tenantId: string, input: MailingRecipientSearchRequest) {
  const where = new Where().add('u.tenant_id = ?', tenantId);
  const search = input.search?.trim();
  if (search) {
    const p = containsPattern(search);
    where.add("(u.username ilike ? escape '\\' or u.firstname ilike ? escape '\\' or u.lastname ilike ? escape '\\' or u.mail ilike ? escape '\\')", p, p, p, p);
  }
  if (input.auth_name) where.add(`? in (${activeAuthCodesSql('u.tenant_id', 'u.user_id')})`, input.auth_name);
  const { rows, ...paging } = await pageRows<RecipientRow & Record<string, unknown>>(db, {
    select: `select ${RECIPIENT_COLUMNS} from app_user u`,
    where,
    order: 'lower(u.username), u.user_id',
    paging: input,
  });
  return { rows: rows.map(recipientAnswer), ...paging };
}

/** The chosen users of this site (ids of other sites or unknown ones are simply absent). */
export async function recipientsByIds(db: Queryable, tenantId: string, userIds: readonly string[]): Promise<RecipientRow[]> {
  return db.query<RecipientRow & Record<string, unknown>>(`select ${RECIPIENT_COLUMNS} from app_user u where u.tenant_id = $1 and u.user_id = any($2::uuid[]) order by lower(u.username)`, [
    tenantId,
    userIds,
  ]);
}

export async function insertMailing(
  tx: Queryable,
  m: { mailingId: string; tenantId: string; senderUserId: string | null; senderKeyName: string | null; subject: string; content: string },
): Promise<void> {
  await tx.query('insert into mailing (mailing_id, tenant_id, sender_user_id, sender_key_name, subject, content) values ($1, $2, $3, $4, $5, $6)', [
    m.mailingId,
    m.tenantId,
    m.senderUserId,
    m.senderKeyName,
    m.subject,
    m.content,
  ]);
}

export async function insertRecipient(tx: Queryable, r: { mailingId: string; userId: string; skipReason: MailingSkipReason | null; outboxId: string | null }): Promise<void> {
  await tx.query('insert into mailing_recipient (mailing_id, user_id, status, skip_reason, outbox_id) values ($1, $2, $3, $4, $5)', [
    r.mailingId,
    r.userId,
    r.skipReason ? 'skipped' : 'queued',
    r.skipReason,
    r.outboxId,
  ]);
}

export async function setMailingProcess(tx: Queryable, mailingId: string, processId: string): Promise<void> {
  await tx.query('update mailing set process_id = $2 where mailing_id = $1', [mailingId, processId]);
}

interface MailingRow {
  mailing_id: string;
  subject: string;
  content: string;
  sender_username: string | null;
  sender_key_name: string | null;
  process_id: string | null;
  created_at: unknown;
  recipient_count: number;
  queued_count: number;
  sent_count: number;
  failed_count: number;
  skipped_count: number;
  unsent_count: number;
}

const count = (status: MailingRecipientStatus) => `(select count(*)::int from mailing_recipient r where r.mailing_id = m.mailing_id and r.status = '${status}') as ${status}_count`;
const MAILING_SELECT = `select m.mailing_id, m.subject, m.content, u.username as sender_username, m.sender_key_name, m.process_id, m.created_at,
    (select count(*)::int from mailing_recipient r where r.mailing_id = m.mailing_id) as recipient_count,
    ${(['queued', 'sent', 'failed', 'skipped', 'unsent'] as const).map(count).join(', ')}
  from mailing m left join app_user u on u.user_id = m.sender_user_id`;

const mailingAnswer = (r: MailingRow): Mailing => ({
  mailing_id: r.mailing_id,
  subject: r.subject,
  content: r.content,
  ...(r.sender_username ? { sender_username: r.sender_username } : {}),
  ...(r.sender_key_name ? { sender_key_name: r.sender_key_name } : {}),
  ...(r.process_id ? { process_id: r.process_id } : {}),
  created_at: isoOf(r.created_at)!,
  recipient_count: r.recipient_count,
  queued_count: r.queued_count,
  sent_count: r.sent_count,
  failed_count: r.failed_count,
  skipped_count: r.skipped_count,
  unsent_count: r.unsent_count,
});

export async function mailingById(db: Queryable, tenantId: string, mailingId: string): Promise<Mailing | undefined> {
  const [row] = await db.query<MailingRow & Record<string, unknown>>(`${MAILING_SELECT} where m.mailing_id = $1 and m.tenant_id = $2`, [mailingId, tenantId]);
  return row && mailingAnswer(row);
}

/** One page of the site's mailings, newest first. */
export async function listMailings(db: Queryable, tenantId: string, paging: { page?: number; page_size?: number }) {
  const { rows, ...rest } = await pageRows<MailingRow & Record<string, unknown>>(db, {
    select: MAILING_SELECT,
    where: new Where().add('m.tenant_id = ?', tenantId),
    order: 'm.created_at desc, m.mailing_id',
    paging,
  });
  return { rows: rows.map(mailingAnswer), ...rest };
}

/** A mailing's recipients with their status, the attempts and last error of their mail, by username. */
export async function mailingRecipients(db: Queryable, mailingId: string): Promise<MailingGetResponse['recipient_list']> {
  const rows = await db.query<{
    user_id: string;
    username: string;
    firstname: string | null;
    lastname: string | null;
    mail_to: string | null;
    status: MailingRecipientStatus;
    skip_reason: MailingSkipReason | null;
    attempts: number | null;
    error: string | null;
    sent_at: unknown;
  }>(
    `select r.user_id, u.username, u.firstname, u.lastname, o.mail_to, r.status, r.skip_reason, o.attempts, o.error, o.sent_at
       from mailing_recipient r join app_user u on u.user_id = r.user_id left join outbox o on o.outbox_id = r.outbox_id
      where r.mailing_id = $1 order by lower(u.username), r.user_id`,
    [mailingId],
  );
  return rows.map((r) => ({
    user_client_id: r.user_id,
    username: r.username,
    ...(r.firstname ? { firstname: r.firstname } : {}),
    ...(r.lastname ? { lastname: r.lastname } : {}),
    ...(r.mail_to ? { mail: r.mail_to } : {}),
    recipient_status: r.status,
    ...(r.skip_reason ? { skip_reason: r.skip_reason } : {}),
    attempts: r.attempts ?? 0,
    ...(r.error && r.status === 'failed' ? { error: r.error } : {}),
    ...(r.sent_at ? { sent_at: isoOf(r.sent_at) } : {}),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// The delivery job's reads and writes

export interface QueuedMailRow {
  user_id: string;
  outbox_id: string;
  mail_to: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

/** The mailing's mails still waiting, by username (a job that was interrupted resumes with the rest). */
export async function queuedMails(db: Queryable, mailingId: string): Promise<QueuedMailRow[]> {
  return db.query<QueuedMailRow & Record<string, unknown>>(
    `select r.user_id, o.outbox_id, o.mail_to, o.subject, o.text_body, o.html_body
       from mailing_recipient r join outbox o on o.outbox_id = r.outbox_id join app_user u on u.user_id = r.user_id
      where r.mailing_id = $1 and r.status = 'queued' order by lower(u.username), r.user_id`,
    [mailingId],
  );
}

/** How many recipients the mailing has in all and how many are done with (not waiting). */
export async function mailingProgress(db: Queryable, mailingId: string): Promise<{ total: number; done: number }> {
  const [row] = await db.query<{ total: number; done: number }>(
    "select count(*)::int as total, (count(*) filter (where status <> 'queued'))::int as done from mailing_recipient where mailing_id = $1",
    [mailingId],
  );
  return row;
}

/** Records one mail's outcome: its attempts and last error on the outbox row, the recipient's status beside it. */
export async function recordDelivery(tx: Queryable, mailingId: string, mail: QueuedMailRow, outcome: { attempts: number; error: string | null }): Promise<void> {
  await tx.query(
    `update outbox set attempts = attempts + $2, error = $3, sent_at = case when $3::text is null then now() end where outbox_id = $1`,
    [mail.outbox_id, outcome.attempts, outcome.error],
  );
  await tx.query('update mailing_recipient set status = $3 where mailing_id = $1 and user_id = $2', [mailingId, mail.user_id, outcome.error === null ? 'sent' : 'failed']);
}

/** A stopped mailing: its waiting recipients are left unsent (and shown so). */
export async function markUnsent(db: Queryable, mailingId: string): Promise<number> {
  const rows = await db.query("update mailing_recipient set status = 'unsent' where mailing_id = $1 and status = 'queued' returning user_id", [mailingId]);
  return rows.length;
}

/** A mailing whose worker shut down before the end: its unsent recipients wait again for the restarted job. */
export async function requeueUnsent(db: Queryable, mailingId: string): Promise<void> {
  await db.query("update mailing_recipient set status = 'queued' where mailing_id = $1 and status = 'unsent'", [mailingId]);
}
