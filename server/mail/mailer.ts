// Where a mail goes once it is in the outbox: an SMTP server (SMTP_URL, through nodemailer) or, without one,
// the console — so a local user can read the approval code and finish registering. The console is the only
// place a secret (that code) is ever printed, and only when no SMTP server is configured.
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' and 'console' are the real ones; tests use their own. */
  readonly kind: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Prints every mail, whole, to the console (standard output). */
export function consoleMailer(print: (text: string) => void = (t) => console.log(t)): Mailer {
  return {
    kind: 'console',
    send: async (mail) => {
      const rule = '─'.repeat(72);
      print(
        [
          '',
          `${rule}`,
          '  Mail (printed because SMTP_URL is not set; it is also kept in the outbox table)',
          `  To: ${mail.to}`,
          `  Subject: ${mail.subject}`,
          rule,
          mail.text,
          `${rule}`,
          '',
        ].join('\n'),
      );
    },
  };
}

/**
 * Sends through the SMTP server of `url` (smtp://user:pass@host:587, smtps://… for TLS from the start).
 * The sender is the URL's `from` parameter (smtp://…?from=sema@example.com), else no-reply@<host>.
 */
export function smtpMailer(url: string): Mailer {
  const parsed = new URL(url);
  const from = parsed.searchParams.get('from') ?? `no-reply@${parsed.hostname}`;
  parsed.searchParams.delete('from');
  // nodemailer loads with the first mail: most starts send none.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    send: async (mail) => {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(parsed.toString()));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
    },
  };
}

/** Keeps mails in the outbox table only (tests that read the outbox and want a quiet console). */
export const outboxOnlyMailer: Mailer = { kind: 'outbox-only', send: async () => {} };
