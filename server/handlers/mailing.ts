// Mail sending (spec section 2, sending_mail; /v1/send_mail): an admin — or a front end whose key holds the
// send_mail scope — mails chosen users of the site. The call records the mailing, each recipient's mail in
// their language and the process that delivers them, all in one transaction; the process (server/mail/
// bulk-mail-job.ts) does the sending. The history routes answer the mailings and each recipient's status.
import { randomUUID } from 'node:crypto';
import { ApiError, fieldRewording, notFound, statusMessage, type Lang } from '../http/api-error.ts';
import { optionalUser } from '../auth/caller.ts';
import { siteOf } from '../services/accounts.ts';
import { sanitizeRichText } from '../services/rich-text.ts';
import { queueMail } from '../mail/outbox.ts';
import { textOfHtml } from '../mail/html-text.ts';
import { BULK_MAIL, type BulkMailPayload } from '../mail/bulk-mail-job.ts';
import { greetingName, wrapMail } from '../../src/domain/mail-wrapper.ts';
import {
  insertMailing,
  insertRecipient,
  listMailings,
  mailingById,
  mailingRecipients,
  recipientsByIds,
  searchRecipients,
  setMailingProcess,
} from '../services/mailing-store.ts';
import type { HandlerSet } from './types.ts';

type Refusal = 'mail_subject_content' | 'mail_recipient_unknown';

/** A refusal at its field, in the caller's language. */
const refusedAt = (key: Refusal, field: string, lang: Lang) => new ApiError(key, {}, { errors: [{ field, message: statusMessage(key, lang), ...fieldRewording(key, {}) }] });

const PROCESS_NAME: Record<Lang, (subject: string) => string> = {
  tr: (subject) => `Toplu e-posta: ${subject}`,
  en: (subject) => `Mailing: ${subject}`,
};

export const mailingHandlers: HandlerSet = {
  send_mail: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    // The schema refused empty fields; blank ones, and content the allow-list empties, are refused here alike.
    const subject = input.subject.trim();
    if (!subject) throw refusedAt('mail_subject_content', 'subject', ctx.lang);
    const content = sanitizeRichText(input.content);
    if (!textOfHtml(content)) throw refusedAt('mail_subject_content', 'content', ctx.lang);
    const users = await recipientsByIds(ctx.db, tenantId, input.user_client_id_list);
    if (users.length !== input.user_client_id_list.length) throw refusedAt('mail_recipient_unknown', 'user_client_id_list', ctx.lang);

    const site = siteOf(ctx.tenant, ctx.services.accounts.linkOrigin);
    const sender = optionalUser(ctx);
    const mailingId = randomUUID();
    const answer = await ctx.transaction(async (tx) => {
      await insertMailing(tx, {
        mailingId,
        tenantId,
        senderUserId: sender?.userId ?? null,
        senderKeyName: ctx.caller.kind === 'fkey' ? ctx.caller.keyName : null,
        subject,
        content,
      });
      let queued = 0;
      for (const user of users) {
        let outboxId: string | null = null;
        if (!user.skip_reason) {
          const mail = wrapMail(user.active_lang === 1 ? 1 : 0, { siteName: site.name, readerName: greetingName(user), subject, contentHtml: content });
          outboxId = await queueMail(tx, { tenantId, userId: user.user_id, purpose: 'bulk_mail', mailingId, to: user.mail!, subject: mail.subject, html: mail.html, text: textOfHtml(mail.html) });
          queued++;
        }
        await insertRecipient(tx, { mailingId, userId: user.user_id, skipReason: user.skip_reason, outboxId });
      }
      const process = await ctx.services.jobs.start<BulkMailPayload>(tx, {
        kind: BULK_MAIL,
        tenantId,
        userId: sender?.userId ?? null,
        frontendKeyName: ctx.caller.kind === 'fkey' ? ctx.caller.keyName : null,
        lang: ctx.lang,
        processName: PROCESS_NAME[ctx.lang](subject),
        payload: { mailingId },
      });
      await setMailingProcess(tx, mailingId, process.process_id);
      return { queued_count: queued, mailing: (await mailingById(tx, tenantId, mailingId))!, process };
    });
    return answer;
  },

  mailing_recipient_search: async (input, ctx) => {
    const { rows, ...paging } = await searchRecipients(ctx.db, ctx.tenant.tenant_id, input);
    return { user_list: rows, ...paging };
  },

  mailing_list: async (input, ctx) => {
    const { rows, ...paging } = await listMailings(ctx.db, ctx.tenant.tenant_id, input);
    return { mailing_list: rows, ...paging };
  },

  mailing_get: async (input, ctx) => {
    const mailing = await mailingById(ctx.db, ctx.tenant.tenant_id, input.mailing_id);
    if (!mailing) throw notFound('mailing');
    return { mailing, recipient_list: await mailingRecipients(ctx.db, mailing.mailing_id) };
  },
};
