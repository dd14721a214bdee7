// The delivery of a mailing (/v1/send_mail) as a background process of kind bulk_mail: each waiting mail goes
// to the mailer, tried again after a back-off when the mail server refuses it, and its outcome (sent, or failed
// with the server's last words) is written with the recipient's status in one transaction. Progress and log
// lines follow the recipients; a stop leaves the rest unsent (and says so), a restart resumes the waiting ones.
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobKind, JobRun } from '../jobs/job-kind.ts';
import type { Lang } from '../http/api-error.ts';
import type { Mailer } from './mailer.ts';
import { mailingProgress, markUnsent, queuedMails, recordDelivery, requeueUnsent, type QueuedMailRow } from '../services/mailing-store.ts';

export const BULK_MAIL = 'bulk_mail';

export interface BulkMailPayload {
  mailingId: string;
}

export interface BulkMailOptions {
  mailer: Mailer;
  /** The waits before the second, third… attempt of one mail (default 2 s and 15 s: three attempts). */
  backoffMs?: readonly number[];
}

const DEFAULT_BACKOFF_MS = [2_000, 15_000];

const WORDS: Record<Lang, { start(n: number): string; failed(to: string, error: string): string; done(sent: number, failed: number): string; stopped(n: number): string }> = {
  tr: {
    start: (n) => `${n} alıcıya gönderim başladı.`,
    failed: (to, error) => `${to} adresine gönderilemedi: ${error}`,
    done: (sent, failed) => `Gönderim bitti: ${sent} gönderildi, ${failed} gönderilemedi.`,
    stopped: (n) => `Durduruldu: ${n} alıcıya gönderilmedi.`,
  },
  en: {
    start: (n) => `Sending to ${n} recipients.`,
    failed: (to, error) => `Could not send to ${to}: ${error}`,
    done: (sent, failed) => `Sending finished: ${sent} sent, ${failed} failed.`,
    stopped: (n) => `Stopped: ${n} recipients were not sent.`,
  },
};

type Outcome = { attempts: number; error: string | null } | 'stopped';

/** One mail through the mailer, with a wait before each further attempt; 'stopped' when a stop came during a wait. */
async function deliver(mailer: Mailer, mail: QueuedMailRow, backoffMs: readonly number[], signal: AbortSignal): Promise<Outcome> {
  let error = 'unknown error';
  for (let attempt = 0; attempt <= backoffMs.length; attempt++) {
    if (attempt > 0) {
      try {
        await sleep(backoffMs[attempt - 1], undefined, { signal });
      } catch {
        // Stopped while waiting: the mail is left for "unsent" with the rest.
        return 'stopped';
      }
    }
    try {
      await mailer.send({ to: mail.mail_to, subject: mail.subject, text: mail.text_body, ...(mail.html_body ? { html: mail.html_body } : {}) });
      return { attempts: attempt + 1, error: null };
    } catch (err) {
      error = ((err as Error).message || String(err)).slice(0, 500);
    }
  }
  return { attempts: backoffMs.length + 1, error };
}

export function bulkMailJob(options: BulkMailOptions): JobKind<BulkMailPayload> {
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  return {
    kind: BULK_MAIL,
    // A crash mid-way is resumed: the mails already sent are not waiting any more.
    retryLimit: 2,
    async run({ mailingId }: BulkMailPayload, run: JobRun): Promise<void> {
      const words = WORDS[run.lang];
      // A worker that shut down marked the rest unsent; this run (the restart) sends them after all.
      await requeueUnsent(run.db, mailingId);
      const mails = await queuedMails(run.db, mailingId);
      const progress = await mailingProgress(run.db, mailingId);
      let done = progress.done;
      await run.log('info', words.start(mails.length));
      let sent = 0;
      let failed = 0;
      try {
        for (const mail of mails) {
          if (run.signal.aborted) break;
          const outcome = await deliver(options.mailer, mail, backoffMs, run.signal);
          if (outcome === 'stopped') break;
          await run.db.transaction((tx) => recordDelivery(tx, mailingId, mail, outcome));
          if (outcome.error === null) sent++;
          else {
            failed++;
            await run.log('warning', words.failed(mail.mail_to, outcome.error));
          }
          done++;
          await run.progress(Math.floor((done / Math.max(progress.total, 1)) * 100));
        }
      } finally {
        if (run.signal.aborted) {
          const left = await markUnsent(run.db, mailingId);
          await run.log('warning', words.stopped(left));
        }
      }
      await run.log(failed ? 'warning' : 'info', words.done(sent, failed));
    },
  };
}
