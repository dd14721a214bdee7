// Every mail is written to the outbox table first (in the caller's transaction, so a rolled-back registration
// sends nothing), then handed to the mailer once the call has committed. A mail the mailer could not take
// keeps its error and is tried again at the next start (at most 5 times, for a day).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/adapter.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

export type MailPurpose = 'bulk_mail' | 'register' | 'password_reset' | 'account_created' | 'login_guessed' | 'support_confirm' | 'support_reply' | 'support_closed' | 'support_shop';

export interface QueuedMail extends OutgoingMail {
  tenantId: string;
  userId?: string;
  purpose: MailPurpose;
  mailingId?: string;
}

export async function queueMail(tx: Queryable, mail: QueuedMail): Promise<string> {
  const outboxId = randomUUID();
  await tx.query(
    `insert into outbox (outbox_id, tenant_id, user_id, purpose, mail_to, subject, text_body, html_body, mailing_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [outboxId, mail.tenantId, mail.userId ?? null, mail.purpose, mail.to, mail.subject, mail.text, mail.html ?? null, mail.mailingId ?? null],
  );
  return outboxId;
}

const MAX_ATTEMPTS = 5;

/**
 * Hands the unsent mails (these ids, or every recent unsent one) to the mailer; answers how many went. A
 * mailing's mails are its process's to deliver (server/mail/bulk-mail-job.ts), never these.
 */
export async function deliverOutbox(db: Queryable, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>, ids?: string[]): Promise<number> {
  const rows = await db.query<{ outbox_id: string; mail_to: string; subject: string; text_body: string; html_body: string | null }>(
    `select outbox_id, mail_to, subject, text_body, html_body from outbox
      where sent_at is null and attempts < $1 and created_at > now() - interval '1 day' and mailing_id is null
        and ($2::uuid[] is null or outbox_id = any($2::uuid[]))
      order by created_at`,
    [MAX_ATTEMPTS, ids ?? null],
  );
  let sent = 0;
  for (const r of rows) {
    try {
      await mailer.send({ to: r.mail_to, subject: r.subject, text: r.text_body, ...(r.html_body ? { html: r.html_body } : {}) });
      await db.query('update outbox set sent_at = now(), attempts = attempts + 1, error = null where outbox_id = $1', [r.outbox_id]);
      sent++;
    } catch (err) {
      const message = (err as Error).message?.slice(0, 500) ?? 'unknown error';
      // The mail's address and subject identify it; its body (which may hold a code) is never logged.
      log.error({ outbox_id: r.outbox_id, error: message }, 'mail not sent');
      await db.query('update outbox set attempts = attempts + 1, error = $2 where outbox_id = $1', [r.outbox_id, message]);
    }
  }
  return sent;
}
