// Support tickets in the database (support_ticket, support_comment, support_mail_token:
// server/db/migrations/0015_support.sql): the rows as the contract's SupportTicket and SupportComment, the
// facts server/handlers/support.ts decides who may with (opener, staff of the ticket's shop, the mail address
// a token was sent to), the writes, the lists, and the hashed tokens of tickets opened by mail.
//
// Seen marks are per side: the opener's (user_seen_at) and the shop's (shop_seen_at, shared by its staff). A
// side's unseen messages are the other side's comments newer than its mark; for the shop a ticket it never
// looked at counts its opening message too.
import type { Queryable } from '../db/adapter.ts';
import type { SupportComment, SupportStatus, SupportTicket } from '../../src/generated/types/entities.ts';
import type { UserSupportListRequest } from '../../src/generated/types/routes.ts';
import { hashSecret, newSecret } from '../auth/secret-hash.ts';
import { catalogueText, type Translatable } from '../../src/domain/catalogue-text.ts';
import type { Lang } from '../../src/domain/language.ts';
import { SUPPORT_PENDING_DAYS } from '../../src/domain/support.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

/** Which side a caller reads and writes a ticket as. */
export type Side = 'user' | 'shop';

/** The column of a side's seen mark (a fixed name: never text from a request). */
const SEEN_COLUMN: Record<Side, string> = { user: 'user_seen_at', shop: 'shop_seen_at' };

/** A ticket (as `t`) opened by mail that waited for its confirmation longer than SUPPORT_PENDING_DAYS. */
const STALE_PENDING_SQL = `(t.support_status = 'pending' and t.created_at < now() - make_interval(days => ${SUPPORT_PENDING_DAYS}))`;

/**
 * The caller's unseen count; `$1` says whether the caller reads as the shop. Used as a select column with the
 * ticket as `t`.
 */
const UNSEEN_SQL = `((select count(*)::int from support_comment c
     where c.client_id = t.client_id and c.by_shop <> $1::boolean
       and c.created_at > coalesce(case when $1::boolean then t.shop_seen_at else t.user_seen_at end, '-infinity'::timestamptz))
   + case when $1::boolean and t.shop_seen_at is null then 1 else 0 end)`;

/** The bundles of the ticket's order (name and translations), in line order; used as a select column with the ticket as `t`. */
const ORDER_BUNDLES_SQL = `(select json_agg(json_build_object('bundle_name', ob.bundle_name, 'translations', ob.translations) order by l.created_at, l.shopcart_bundle_client_id)
     from shopcart_bundle l join bundle ob on ob.bundle_client_id = l.bundle_client_id
    where l.order_client_id = t.order_client_id)`;

const TICKET_SELECT = `select t.client_id, t.support_w_id::text as id, t.user_id, u.username, t.shop_client_id, s.shop_name, t.order_client_id, o.order_date,
  case when t.order_client_id is null then null else ${ORDER_BUNDLES_SQL} end as order_bundles,
  t.bundle_client_id, b.bundle_name, b.translations as bundle_translations, t.mail, t.fullname, t.subject, t.message, t.support_status, t.terminated_by_shop, t.created_at, t.updated_at,
  t.terminated_at, t.user_seen_at, t.shop_seen_at, ${UNSEEN_SQL} as unseen_count
  from support_ticket t join shop s on s.shop_client_id = t.shop_client_id
  left join app_user u on u.user_id = t.user_id
  left join shop_order o on o.order_client_id = t.order_client_id
  left join bundle b on b.bundle_client_id = t.bundle_client_id`;

interface TicketRow {
  client_id: string;
  id: string;
  user_id: string | null;
  username: string | null;
  shop_client_id: string;
  shop_name: string;
  order_client_id: string | null;
  order_date: unknown;
  order_bundles: unknown;
  bundle_client_id: string | null;
  bundle_name: string | null;
  bundle_translations: unknown;
  mail: string | null;
  fullname: string | null;
  subject: string;
  message: string;
  support_status: SupportStatus;
  terminated_by_shop: boolean | null;
  created_at: unknown;
  updated_at: unknown;
  terminated_at: unknown;
  user_seen_at: unknown;
  shop_seen_at: unknown;
  unseen_count: number;
}

const some = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** A json column as read (PGlite and node-postgres answer json as a value; a text copy is parsed). */
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A ticket as answered to a reader of `lang` (bundle names in that language when they have one). */
function ticketAnswer(r: TicketRow, lang: Lang): SupportTicket {
  const translations = jsonOf<Translatable['translations']>(r.bundle_translations);
  const orderBundles = jsonOf<({ bundle_name: string } & Translatable)[] | null>(r.order_bundles);
  return {
    client_id: r.client_id,
    id: r.id,
    ...(r.user_id ? { user_client_id: r.user_id, ...some('username', r.username) } : { mail: r.mail!, ...some('fullname', r.fullname) }),
    shop_client_id: r.shop_client_id,
    shop_name: r.shop_name,
    ...(r.order_client_id
      ? {
          order_client_id: r.order_client_id,
          ...some('order_date', isoOf(r.order_date)),
          ...(orderBundles?.length ? { order_bundle_name_list: orderBundles.map((b) => catalogueText(b, 'bundle_name', lang)) } : {}),
        }
      : {}),
    ...(r.bundle_client_id ? { bundle_client_id: r.bundle_client_id, ...some('bundle_name', r.bundle_name === null ? null : catalogueText({ bundle_name: r.bundle_name, translations }, 'bundle_name', lang)) } : {}),
    subject: r.subject,
    message: r.message,
    support_status: r.support_status,
    created_at: isoOf(r.created_at)!,
    updated_at: isoOf(r.updated_at)!,
    ...some('terminated_at', isoOf(r.terminated_at)),
    ...(r.terminated_at ? { terminated_by_shop: r.terminated_by_shop === true } : {}),
    ...some('user_seen_at', isoOf(r.user_seen_at)),
    ...some('shop_seen_at', isoOf(r.shop_seen_at)),
    unseen_count: Number(r.unseen_count),
  };
}

/** The ticket as the given side reads it, in the reader's language. */
export async function ticketFor(db: Queryable, clientId: string, side: Side, lang: Lang): Promise<SupportTicket> {
  const [row] = await db.query<TicketRow & Record<string, unknown>>(`${TICKET_SELECT} where t.client_id = $2`, [side === 'shop', clientId]);
  return ticketAnswer(row, lang);
}

const COMMENT_SELECT = `select c.comment_client_id, c.client_id, c.user_id, u.username, c.by_shop, c.comment, c.created_at
  from support_comment c left join app_user u on u.user_id = c.user_id`;

interface CommentRow {
  comment_client_id: string;
  client_id: string;
  user_id: string | null;
  username: string | null;
  by_shop: boolean;
  comment: string;
  created_at: unknown;
}

function commentAnswer(r: CommentRow): SupportComment {
  return {
    comment_client_id: r.comment_client_id,
    support_client_id: r.client_id,
    ...(r.user_id ? { user_client_id: r.user_id, ...some('username', r.username) } : {}),
    by_shop: r.by_shop,
    comment: r.comment,
    created_at: isoOf(r.created_at)!,
  };
}

/** The ticket's comments, oldest first. */
export async function commentsOf(db: Queryable, clientId: string): Promise<SupportComment[]> {
  const rows = await db.query<CommentRow & Record<string, unknown>>(`${COMMENT_SELECT} where c.client_id = $1 order by c.created_at, c.comment_client_id`, [clientId]);
  return rows.map(commentAnswer);
}

// ---------------------------------------------------------------------------------------------------------
// Who the ticket is, for deciding who may

/** What a ticket's access and its mails depend on. */
export interface TicketFacts {
  client_id: string;
  tenant_id: string;
  shop_client_id: string;
  shop_name: string;
  shop_mail: string | null;
  user_id: string | null;
  mail: string | null;
  fullname: string | null;
  mail_lang: number | null;
  subject: string;
  support_status: SupportStatus;
  /** The caller opened it (a signed-in caller's own ticket). */
  is_opener: boolean;
  /** The caller staffs its shop (a member, or admin of the site). */
  is_staff: boolean;
}

const FACTS_SELECT = `select t.client_id, t.tenant_id, t.shop_client_id, s.shop_name, s.shop_mail, t.user_id, t.mail, t.fullname, t.mail_lang, t.subject,
  t.support_status`;

/**
 * The ticket of the site with what the signed-in caller is to it; undefined when there is no such ticket.
 * `lock` takes the ticket for update (a comment or a termination decided on its status).
 */
export async function ticketForUser(
  db: Queryable,
  tenantId: string,
  clientId: string,
  caller: { userId: string; isAdmin: boolean },
  options: { lock?: boolean } = {},
): Promise<TicketFacts | undefined> {
  const [row] = await db.query<TicketFacts & Record<string, unknown>>(
    `${FACTS_SELECT}, coalesce(t.user_id = $3, false) as is_opener,
       ($4 or exists (select 1 from shop_member m where m.shop_client_id = t.shop_client_id and m.user_id = $3)) as is_staff
       from support_ticket t join shop s on s.shop_client_id = t.shop_client_id
      where t.client_id = $1 and t.tenant_id = $2
      ${options.lock ? 'for update of t' : ''}`,
    [clientId, tenantId, caller.userId, caller.isAdmin],
  );
  return row;
}

/**
 * The site's ticket opened from this mail address (lower case); undefined when there is none, or when it
 * waited for its confirmation longer than SUPPORT_PENDING_DAYS (gone, even before a sweep deletes it).
 */
export async function ticketForMail(db: Queryable, tenantId: string, clientId: string, mailKey: string, options: { lock?: boolean } = {}): Promise<TicketFacts | undefined> {
  const [row] = await db.query<TicketFacts & Record<string, unknown>>(
    `${FACTS_SELECT}, true as is_opener, false as is_staff
       from support_ticket t join shop s on s.shop_client_id = t.shop_client_id
      where t.client_id = $1 and t.tenant_id = $2 and lower(t.mail) = $3 and not ${STALE_PENDING_SQL}
      ${options.lock ? 'for update of t' : ''}`,
    [clientId, tenantId, mailKey],
  );
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// What a new ticket may name

/** The site's shops a ticket can be opened to: active ones, and (for a signed-in caller) those they staff. */
export async function ticketShops(db: Queryable, tenantId: string, caller?: { userId: string; isAdmin: boolean }) {
  const rows = await db.query<{ shop_client_id: string; shop_name: string; is_staff: boolean }>(
    `select s.shop_client_id, s.shop_name,
            ($2::uuid is not null and ($3 or exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = $2::uuid)))
              as is_staff
       from shop s
      where s.tenant_id = $1
        and (s.shop_status = 'active'
             or ($2::uuid is not null and ($3 or exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = $2::uuid))))
      order by lower(s.shop_name), s.shop_client_id
      limit 500`,
    [tenantId, caller?.userId ?? null, caller?.isAdmin ?? false],
  );
  return rows.map((r) => ({ shop_client_id: r.shop_client_id, shop_name: r.shop_name, ...(caller ? { is_staff: r.is_staff } : {}) }));
}

/** Whether the order is the user's, in that shop of the site. */
export async function isOrderOf(db: Queryable, tenantId: string, shopId: string, orderId: string, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from shop_order where order_client_id = $1 and tenant_id = $2 and shop_client_id = $3 and user_id = $4', [
    orderId,
    tenantId,
    shopId,
    userId,
  ]);
  return rows.length > 0;
}

/** Whether the bundle is one of that shop of the site. */
export async function isBundleOf(db: Queryable, tenantId: string, shopId: string, bundleId: string): Promise<boolean> {
  const rows = await db.query('select 1 from bundle where bundle_client_id = $1 and tenant_id = $2 and shop_client_id = $3', [bundleId, tenantId, shopId]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Writes

export interface NewTicket {
  clientId: string;
  tenantId: string;
  shopId: string;
  opener: { userId: string } | { mail: string; fullname: string; lang: 0 | 1 };
  subject: string;
  message: string;
  orderId?: string;
  bundleId?: string;
}

/**
 * Writes a ticket: a signed-in user's is open at once, one opened by mail waits for its confirmation. The
 * opener has seen their own message. Answers the server id.
 */
export async function insertTicket(tx: Queryable, t: NewTicket): Promise<string> {
  const byMail = 'mail' in t.opener;
  const [row] = await tx.query<{ id: string }>(
    `insert into support_ticket (client_id, tenant_id, shop_client_id, user_id, mail, fullname, mail_lang, subject, message, order_client_id, bundle_client_id,
                                 support_status, user_seen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
     returning support_w_id::text as id`,
    [
      t.clientId,
      t.tenantId,
      t.shopId,
      'userId' in t.opener ? t.opener.userId : null,
      'mail' in t.opener ? t.opener.mail : null,
      'mail' in t.opener ? t.opener.fullname : null,
      'mail' in t.opener ? t.opener.lang : null,
      t.subject,
      t.message,
      t.orderId ?? null,
      t.bundleId ?? null,
      byMail ? 'pending' : 'open',
    ],
  );
  return row.id;
}

/**
 * Adds a comment of `side` and makes it the ticket's last activity; writing means the writer's side has seen
 * the ticket. Answers the comment.
 */
export async function insertComment(tx: Queryable, c: { commentId: string; tenantId: string; clientId: string; userId?: string; side: Side; comment: string }): Promise<SupportComment> {
  await tx.query(
    `insert into support_comment (comment_client_id, tenant_id, client_id, user_id, by_shop, comment) values ($1, $2, $3, $4, $5, $6)`,
    [c.commentId, c.tenantId, c.clientId, c.userId ?? null, c.side === 'shop', c.comment],
  );
  await tx.query(`update support_ticket set updated_at = now(), ${SEEN_COLUMN[c.side]} = now() where client_id = $1`, [c.clientId]);
  const [row] = await tx.query<CommentRow & Record<string, unknown>>(`${COMMENT_SELECT} where c.comment_client_id = $1`, [c.commentId]);
  return commentAnswer(row);
}

/** Terminates an open or pending ticket; answers false when it was terminated already. */
export async function terminateTicket(tx: Queryable, clientId: string, side: Side): Promise<boolean> {
  const rows = await tx.query(
    `update support_ticket set support_status = 'terminated', terminated_at = now(), terminated_by_shop = $2, updated_at = now()
      where client_id = $1 and support_status <> 'terminated'
      returning 1`,
    [clientId, side === 'shop'],
  );
  return rows.length > 0;
}

/**
 * Deletes the tickets that waited for their confirmation longer than SUPPORT_PENDING_DAYS, and the expired tokens
 * mailed about tickets: of one address of a site (`mail/support/new`, on the address's own index), or
 * everywhere (at start-up: server/start.ts). Answers how many tickets went. No scheduler: like the captcha's
 * and the rate limit's sweeps, writing is what clears, and until then such a ticket is already out of reach
 * (ticketForMail and the visitor's list leave it out).
 */
export async function deleteStalePending(db: Queryable, only?: { tenantId: string; mailKey: string }): Promise<number> {
  const params = only ? [only.tenantId, only.mailKey] : [];
  const ofAddress = only ? 'and t.tenant_id = $1 and lower(t.mail) = $2' : '';
  const gone = await db.query(`delete from support_ticket t where ${STALE_PENDING_SQL} ${ofAddress} returning 1`, params);
  await db.query(`delete from support_mail_token where expires_at < now() ${only ? 'and tenant_id = $1 and mail_key = $2' : ''}`, params);
  return gone.length;
}

/** Confirms a pending ticket (it reaches the shop now); answers false when it was not pending. */
export async function recordTicket(tx: Queryable, clientId: string): Promise<boolean> {
  const rows = await tx.query(
    `update support_ticket set support_status = 'open', recorded_at = now(), updated_at = now()
      where client_id = $1 and support_status = 'pending'
      returning 1`,
    [clientId],
  );
  return rows.length > 0;
}

/** Marks the ticket seen by `side` now; answers the mark and what is still unseen (written since). */
export async function markSeen(db: Queryable, clientId: string, side: Side): Promise<{ client_id: string; seen_at: string; unseen_count: number }> {
  const column = SEEN_COLUMN[side];
  const [row] = await db.query<{ client_id: string; seen_at: unknown; unseen_count: number }>(
    `with seen as (update support_ticket t set ${column} = now() where t.client_id = $1 returning t.client_id, t.${column} as seen_at)
     select s.client_id, s.seen_at,
            (select count(*)::int from support_comment c where c.client_id = s.client_id and c.by_shop <> $2 and c.created_at > s.seen_at) as unseen_count
       from seen s`,
    [clientId, side === 'shop'],
  );
  return { client_id: row.client_id, seen_at: isoOf(row.seen_at)!, unseen_count: Number(row.unseen_count) };
}

// ---------------------------------------------------------------------------------------------------------
// Lists

/** Whose tickets a list shows. */
export type TicketScope =
  | { kind: 'opener'; tenantId: string; userId: string; shopId?: string }
  | { kind: 'mail'; tenantId: string; mailKey: string }
  | { kind: 'staff'; tenantId: string; userId: string; isAdmin: boolean; shopId?: string };

type ListFilters = Pick<
  UserSupportListRequest,
  'support_status' | 'created_date_from' | 'created_date_to' | 'termination_date_from' | 'termination_date_to' | 'search' | 'sort' | 'page' | 'page_size'
>;

/** One page of the scope's tickets, the last activity first unless sorted otherwise. */
export async function listTickets(db: Queryable, scope: TicketScope, input: ListFilters, lang: Lang) {
  const where = new Where([scope.kind === 'staff']).add('t.tenant_id = ?', scope.tenantId);
  if (scope.kind === 'opener') {
    where.add('t.user_id = ?', scope.userId);
    if (scope.shopId) where.add('t.shop_client_id = ?', scope.shopId);
  }
  if (scope.kind === 'mail') where.add('lower(t.mail) = ?', scope.mailKey).add(`not ${STALE_PENDING_SQL}`);
  if (scope.kind === 'staff') {
    where.add("t.support_status <> 'pending'");
    if (scope.shopId) where.add('t.shop_client_id = ?', scope.shopId);
    else if (!scope.isAdmin) where.add('t.shop_client_id in (select m.shop_client_id from shop_member m where m.user_id = ?)', scope.userId);
  }
  if (input.support_status) where.add('t.support_status = ?', input.support_status);
  if (input.created_date_from) where.add('t.created_at >= ?::date', input.created_date_from);
  if (input.created_date_to) where.add('t.created_at < ?::date + 1', input.created_date_to);
  if (input.termination_date_from) where.add('t.terminated_at >= ?::date', input.termination_date_from);
  if (input.termination_date_to) where.add('t.terminated_at < ?::date + 1', input.termination_date_to);
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.add("(t.subject ilike ? escape '\\' or t.message ilike ? escape '\\')", pattern, pattern);
  }
  const order = orderBy(input.sort, '-updated_at', { created_at: 't.created_at', updated_at: 't.updated_at', terminated_at: 't.terminated_at' }, 't.client_id');
  const { rows, ...paging } = await pageRows<TicketRow & Record<string, unknown>>(db, { select: TICKET_SELECT, where, order, paging: input });
  return { support_ticket_list: rows.map((r) => ticketAnswer(r, lang)), ...paging };
}

// ---------------------------------------------------------------------------------------------------------
// Mail: the tokens of tickets opened by mail, and who the mails about a ticket go to

/** How long the link of a mail about a ticket opened by mail works. */
export const MAIL_TOKEN_DAYS = 30;

/** A new token for the address (lower case), stored as its hash; answers the token, for the mail only. */
export async function newMailToken(tx: Queryable, tenantId: string, mailKey: string): Promise<string> {
  const token = newSecret();
  await tx.query(`insert into support_mail_token (token_hash, tenant_id, mail_key, expires_at) values ($1, $2, $3, now() + make_interval(days => $4))`, [
    hashSecret(token),
    tenantId,
    mailKey,
    MAIL_TOKEN_DAYS,
  ]);
  return token;
}

/** Whether the token was sent to this address (lower case) of the site and still works. */
export async function isMailToken(db: Queryable, tenantId: string, mailKey: string, token: string): Promise<boolean> {
  const rows = await db.query('select 1 from support_mail_token where token_hash = $1 and tenant_id = $2 and mail_key = $3 and expires_at > now()', [
    hashSecret(token),
    tenantId,
    mailKey,
  ]);
  return rows.length > 0;
}

/** A signed-in opener's address, language and whether they want mails about their requests. */
export async function openerContact(db: Queryable, userId: string) {
  const [row] = await db.query<{ mail: string | null; username: string; firstname: string | null; active_lang: number; mail_notification: boolean }>(
    'select mail, username, firstname, active_lang, mail_notification from app_user where user_id = $1 and is_active',
    [userId],
  );
  return row;
}
