// Support tickets (schemas/routes/support.json): a signed-in user opens a ticket to a shop of the site and
// follows it (/user/support/*); the shop's staff (its members, admin: every shop) read and answer it; a visitor
// without an account opens one with a mail address and follows it with the token each mail about it carries
// (/mail/support/*). Nobody else learns that a ticket exists (10016, as for an unknown id). Texts are plain
// text, trimmed; a subject is one line. Each write is one transaction with its mails, which go after it commits.
// The SQL is server/services/support-store.ts's; the mails are server/mail/support-templates.ts's.
import { randomUUID } from 'node:crypto';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { optionalUser, requireUser, type SignedIn } from '../auth/caller.ts';
import { assertNotLocked, hit } from '../auth/login-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import type { MailLang } from '../mail/templates.ts';
import { supportClosedMail, supportConfirmMail, supportReplyMail, supportShopMail, ticketLink, visitorLink } from '../mail/support-templates.ts';
import { langValueOf, siteOf } from '../services/accounts.ts';
import { fieldError, shopCaller, staffShop } from '../services/shop-access.ts';
import { shopById } from '../services/shop-store.ts';
import {
  commentsOf,
  deleteStalePending,
  insertComment,
  insertTicket,
  isBundleOf,
  isMailToken,
  isOrderOf,
  listTickets,
  markSeen,
  newMailToken,
  openerContact,
  recordTicket,
  terminateTicket,
  ticketFor,
  ticketForMail,
  ticketForUser,
  ticketShops,
  type Side,
  type TicketFacts,
  type TicketScope,
} from '../services/support-store.ts';
import type { Queryable } from '../db/adapter.ts';
import type { HandlerSet } from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// Texts

const BLANK = { en: 'must not be empty', tr: 'boş olamaz' };

/** A message or comment as stored: trimmed, never empty (the schema counts spaces as characters). */
function textOf(value: string, field: string, lang: Lang): string {
  const text = value.trim();
  if (!text) throw fieldError(field, BLANK, lang);
  return text;
}

/** A subject as stored: one line (line breaks and runs of spaces become one space), never empty. */
const lineOf = (value: string, field: string, lang: Lang): string => textOf(value.replace(/\s+/g, ' '), field, lang);

// ---------------------------------------------------------------------------------------------------------
// Who reaches a ticket

/** The signed-in caller; user_client_id must be their own id (10001 otherwise), as on every shop call. */
function signedIn(ctx: RequestContext, userClientId: string): SignedIn {
  shopCaller(ctx, userClientId);
  return requireUser(ctx);
}

/**
 * The ticket the signed-in caller reaches and the side they read it as: its opener as the user, its shop's
 * staff as the shop (once it is no longer pending). Anyone else is answered as for an unknown id.
 */
async function reachAsUser(tx: Queryable, ctx: RequestContext, me: SignedIn, clientId: string, lock = false): Promise<{ facts: TicketFacts; side: Side }> {
  const facts = await ticketForUser(tx, ctx.tenant.tenant_id, clientId, me, { lock });
  if (facts?.is_opener) return { facts, side: 'user' };
  if (facts?.is_staff && facts.support_status !== 'pending') return { facts, side: 'shop' };
  throw notFound('support_ticket');
}

interface MailCredential {
  mail: string;
  mail_support_token: string;
}

const mailKeyOf = (mail: string) => mail.trim().toLowerCase();

/** The visitor's token must be one mailed to that address on this site and not expired (12042 otherwise). */
async function checkMailToken(ctx: RequestContext, input: MailCredential): Promise<string> {
  const mailKey = mailKeyOf(input.mail);
  if (!(await isMailToken(ctx.db, ctx.tenant.tenant_id, mailKey, input.mail_support_token))) throw new ApiError('support_link_invalid');
  return mailKey;
}

/** A ticket of the token's address (checked before: checkMailToken); any other answers as an unknown id. */
async function reachAsVisitor(tx: Queryable, ctx: RequestContext, mailKey: string, clientId: string, lock = false): Promise<TicketFacts> {
  const facts = await ticketForMail(tx, ctx.tenant.tenant_id, clientId, mailKey, { lock });
  if (!facts) throw notFound('support_ticket');
  return facts;
}

// ---------------------------------------------------------------------------------------------------------
// Mails (queued in the write's transaction; sent after it commits)

const mailLangOf = (value: number | null | undefined): MailLang => (value === 1 ? 1 : 0);

/**
 * Tells the opener that the shop answered or closed the ticket: a user by their account's address when they
 * want mails about their requests (user settings), a visitor by the ticket's address with a new link.
 */
async function mailOpener(tx: Queryable, ctx: RequestContext, facts: TicketFacts, news: { kind: 'reply'; comment: string } | { kind: 'closed' }): Promise<string[]> {
  const site = siteOf(ctx.tenant, ctx.services.accounts.linkOrigin);
  let to: { mail: string; name: string; lang: MailLang; link: string; userId?: string };
  if (facts.user_id) {
    const contact = await openerContact(tx, facts.user_id);
    if (!contact?.mail || !contact.mail_notification) return [];
    const lang = mailLangOf(contact.active_lang);
    to = { mail: contact.mail, name: contact.firstname || contact.username, lang, link: ticketLink(site, lang, facts.client_id), userId: facts.user_id };
  } else {
    const lang = mailLangOf(facts.mail_lang);
    const token = await newMailToken(tx, ctx.tenant.tenant_id, mailKeyOf(facts.mail!));
    to = { mail: facts.mail!, name: facts.fullname || facts.mail!, lang, link: visitorLink(site, lang, { clientId: facts.client_id, mail: facts.mail!, token }) };
  }
  const about = { to: to.mail, name: to.name, shopName: facts.shop_name, subject: facts.subject };
  const mail = news.kind === 'reply' ? supportReplyMail(site, to.lang, { ...about, comment: news.comment }, to.link) : supportClosedMail(site, to.lang, about, to.link);
  return [await queueMail(tx, { tenantId: ctx.tenant.tenant_id, userId: to.userId, purpose: news.kind === 'reply' ? 'support_reply' : 'support_closed', ...mail })];
}

/** Tells the shop (its shop_mail, in the site's language) of a new ticket or a new message from its opener. */
async function mailShop(
  tx: Queryable,
  ctx: RequestContext,
  shop: { clientId: string; shopName: string; shopMail: string | null; subject: string },
  news: { from: string; text: string; isNew: boolean },
): Promise<string[]> {
  if (!shop.shopMail) return [];
  const site = siteOf(ctx.tenant, ctx.services.accounts.linkOrigin);
  const lang = mailLangOf(ctx.tenant.frontend.default_language);
  const mail = supportShopMail(site, lang, { to: shop.shopMail, shopName: shop.shopName, subject: shop.subject, ...news }, ticketLink(site, lang, shop.clientId));
  return [await queueMail(tx, { tenantId: ctx.tenant.tenant_id, purpose: 'support_shop', ...mail })];
}

const shopOf = (facts: TicketFacts) => ({ clientId: facts.client_id, shopName: facts.shop_name, shopMail: facts.shop_mail, subject: facts.subject });

/** How the shop's mails name a ticket's opener. */
const openerName = (facts: TicketFacts, username?: string) => (facts.mail ? `${facts.fullname} <${facts.mail}>` : (username ?? ''));

const deliver = (ctx: RequestContext, ids: string[]) => ctx.services.accounts.deliver(ctx.db, ids, ctx.log);

// ---------------------------------------------------------------------------------------------------------
// The writes both families share

/** A comment of `side` on an open ticket reached by `reach` (under its lock); mails the other side. */
async function addComment(
  ctx: RequestContext,
  reach: (tx: Queryable) => Promise<{ facts: TicketFacts; side: Side }>,
  author: { userId?: string; username?: string },
  comment: string,
) {
  const { support_comment, outbox } = await ctx.transaction(async (tx) => {
    const { facts, side } = await reach(tx);
    if (facts.support_status === 'terminated') throw new ApiError('support_ticket_terminated');
    if (facts.support_status === 'pending') throw new ApiError('support_ticket_pending');
    const support_comment = await insertComment(tx, { commentId: randomUUID(), tenantId: ctx.tenant.tenant_id, clientId: facts.client_id, userId: author.userId, side, comment });
    const outbox =
      side === 'shop'
        ? await mailOpener(tx, ctx, facts, { kind: 'reply', comment })
        : await mailShop(tx, ctx, shopOf(facts), { from: openerName(facts, author.username), text: comment, isNew: false });
    return { support_comment, outbox };
  });
  deliver(ctx, outbox);
  return { support_comment };
}

/** Terminates the ticket reached by `reach` (again: no change, the same answer); the shop's closing mails the opener. */
async function terminate(ctx: RequestContext, reach: (tx: Queryable) => Promise<{ facts: TicketFacts; side: Side }>) {
  const { clientId, outbox } = await ctx.transaction(async (tx) => {
    const { facts, side } = await reach(tx);
    const changed = await terminateTicket(tx, facts.client_id, side);
    return { clientId: facts.client_id, outbox: changed && side === 'shop' ? await mailOpener(tx, ctx, facts, { kind: 'closed' }) : [] };
  });
  deliver(ctx, outbox);
  return { client_id: clientId, support_status: 'terminated' as const };
}

// ---------------------------------------------------------------------------------------------------------

export const supportHandlers: HandlerSet = {
  support_shop_list: async (_input, ctx) => ({ shop_list: await ticketShops(ctx.db, ctx.tenant.tenant_id, optionalUser(ctx)) }),

  user_support_new: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const subject = lineOf(input.subject, 'subject', ctx.lang);
    const message = textOf(input.message, 'message', ctx.lang);
    const shop = await shopById(ctx.db, tenantId, input.shop_client_id);
    if (!shop) throw notFound('shop');
    if (input.order_client_id && !(await isOrderOf(ctx.db, tenantId, shop.shop_client_id, input.order_client_id, me.userId))) throw notFound('order');
    if (input.bundle_client_id && !(await isBundleOf(ctx.db, tenantId, shop.shop_client_id, input.bundle_client_id))) throw notFound('bundle');
    const clientId = randomUUID();
    const { id, outbox } = await ctx.transaction(async (tx) => {
      const id = await insertTicket(tx, {
        clientId,
        tenantId,
        shopId: shop.shop_client_id,
        opener: { userId: me.userId },
        subject,
        message,
        orderId: input.order_client_id,
        bundleId: input.bundle_client_id,
      });
      const news = { from: me.username, text: message, isNew: true };
      return { id, outbox: await mailShop(tx, ctx, { clientId, shopName: shop.shop_name, shopMail: shop.shop_mail, subject }, news) };
    });
    deliver(ctx, outbox);
    return { id, client_id: clientId };
  },

  user_support_get: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    const { facts, side } = await reachAsUser(ctx.db, ctx, me, input.client_id);
    return { support_ticket: await ticketFor(ctx.db, facts.client_id, side, ctx.lang), support_comment_list: await commentsOf(ctx.db, facts.client_id) };
  },

  user_support_list: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    let scope: TicketScope;
    if (input.scope === 'shop' || (input.scope === undefined && input.shop_client_id)) {
      if (input.shop_client_id) await staffShop(ctx.db, ctx, me, input.shop_client_id);
      scope = { kind: 'staff', tenantId, userId: me.userId, isAdmin: me.isAdmin, shopId: input.shop_client_id };
    } else {
      scope = { kind: 'opener', tenantId, userId: me.userId, shopId: input.shop_client_id };
    }
    return listTickets(ctx.db, scope, input, ctx.lang);
  },

  user_support_comment: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    const comment = textOf(input.comment, 'comment', ctx.lang);
    return addComment(ctx, (tx) => reachAsUser(tx, ctx, me, input.client_id, true), { userId: me.userId, username: me.username }, comment);
  },

  user_support_terminate: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    return terminate(ctx, (tx) => reachAsUser(tx, ctx, me, input.client_id, true));
  },

  user_support_live_seen: async (input, ctx) => {
    const me = signedIn(ctx, input.user_client_id);
    const { facts, side } = await reachAsUser(ctx.db, ctx, me, input.client_id);
    return markSeen(ctx.db, facts.client_id, side);
  },

  mail_support_new: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const mail = input.mail.trim();
    const mailKey = mailKeyOf(mail);
    const fullname = lineOf(input.fullname, 'fullname', ctx.lang);
    const subject = lineOf(input.subject, 'subject', ctx.lang);
    const message = textOf(input.message, 'message', ctx.lang);
    const shop = await shopById(ctx.db, tenantId, input.shop_client_id);
    if (!shop) throw notFound('shop');
    if (input.bundle_client_id && !(await isBundleOf(ctx.db, tenantId, shop.shop_client_id, input.bundle_client_id))) throw notFound('bundle');
    // Each ticket mails its address: a few per address and per caller an hour (10011 beyond).
    await assertNotLocked(ctx.db, tenantId, [
      ['support_address', ctx.ip],
      ['support_mail', mailKey],
    ]);
    await hit(ctx.db, tenantId, 'support_address', ctx.ip);
    await hit(ctx.db, tenantId, 'support_mail', mailKey);
    const lang: MailLang = input.active_lang ?? langValueOf(ctx.lang);
    const clientId = randomUUID();
    const { id, outboxId } = await ctx.transaction(async (tx) => {
      // The address's requests never confirmed within SUPPORT_PENDING_DAYS go now (and its expired links).
      await deleteStalePending(tx, { tenantId, mailKey });
      const id = await insertTicket(tx, { clientId, tenantId, shopId: shop.shop_client_id, opener: { mail, fullname, lang }, subject, message, bundleId: input.bundle_client_id });
      const token = await newMailToken(tx, tenantId, mailKey);
      const site = siteOf(ctx.tenant, ctx.services.accounts.linkOrigin);
      const confirm = supportConfirmMail(site, lang, { to: mail, name: fullname, shopName: shop.shop_name, subject }, visitorLink(site, lang, { clientId, mail, token }));
      return { id, outboxId: await queueMail(tx, { tenantId, purpose: 'support_confirm', ...confirm }) };
    });
    deliver(ctx, [outboxId]);
    return { id, client_id: clientId };
  },

  mail_support_record: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    const { ticket, outbox } = await ctx.transaction(async (tx) => {
      const facts = await reachAsVisitor(tx, ctx, mailKey, input.client_id, true);
      const recorded = await recordTicket(tx, facts.client_id);
      const ticket = await ticketFor(tx, facts.client_id, 'user', ctx.lang);
      const outbox = recorded ? await mailShop(tx, ctx, shopOf(facts), { from: openerName(facts), text: ticket.message, isNew: true }) : [];
      return { ticket, outbox };
    });
    deliver(ctx, outbox);
    return { id: ticket.id!, client_id: ticket.client_id, support_status: ticket.support_status! };
  },

  mail_support_get: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    const facts = await reachAsVisitor(ctx.db, ctx, mailKey, input.client_id);
    return { support_ticket: await ticketFor(ctx.db, facts.client_id, 'user', ctx.lang), support_comment_list: await commentsOf(ctx.db, facts.client_id) };
  },

  mail_support_list: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    return listTickets(ctx.db, { kind: 'mail', tenantId: ctx.tenant.tenant_id, mailKey }, input, ctx.lang);
  },

  mail_support_comment: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    const comment = textOf(input.comment, 'comment', ctx.lang);
    return addComment(ctx, async (tx) => ({ facts: await reachAsVisitor(tx, ctx, mailKey, input.client_id, true), side: 'user' }), {}, comment);
  },

  mail_support_terminate: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    return terminate(ctx, async (tx) => ({ facts: await reachAsVisitor(tx, ctx, mailKey, input.client_id, true), side: 'user' }));
  },

  mail_support_live_seen: async (input, ctx) => {
    const mailKey = await checkMailToken(ctx, input);
    const facts = await reachAsVisitor(ctx.db, ctx, mailKey, input.client_id);
    return markSeen(ctx.db, facts.client_id, 'user');
  },
};
