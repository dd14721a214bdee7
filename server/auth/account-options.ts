// What the account calls need from the app's start-up options: whether the login captcha is required and how
// its codes are made (tests inject a known code), where mail goes, and where mail links point. The app builds
// it once and hands it to every handler as ctx.services.accounts.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/adapter.ts';
import { consoleMailer, type Mailer } from '../mail/mailer.ts';
import { deliverOutbox } from '../mail/outbox.ts';
import { newCaptchaCode } from './captcha.ts';

export interface AccountOptions {
  /** false only with SEMA_CAPTCHA=off (automated tests). */
  captchaRequired: boolean;
  newCaptchaCode: () => string;
  mailer: Mailer;
  /** The start of links in mails, for a site's domain: http://localhost:8080 */
  linkOrigin: (domain: string) => string;
}

export interface AccountRuntime extends AccountOptions {
  /** Sends these outbox mails after the call committed, without holding up its answer. */
  deliver(db: Db, ids: string[], log: Pick<FastifyBaseLogger, 'error'>): void;
  /** Waits for the mails on their way (the app's close). */
  drain(): Promise<void>;
}

const DEFAULTS: AccountOptions = {
  captchaRequired: true,
  newCaptchaCode,
  mailer: consoleMailer(),
  linkOrigin: (domain) => `http://${domain}:8080`,
};

function runtimeOf(options: AccountOptions): AccountRuntime {
  const pending = new Set<Promise<unknown>>();
  return {
    ...options,
    deliver(db, ids, log) {
      if (!ids.length) return;
      const p = deliverOutbox(db, options.mailer, log, ids)
        .catch((err: unknown) => log.error({ err }, 'outbox delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}

export function createAccountServices(options: Partial<AccountOptions>): AccountRuntime {
  return runtimeOf({ ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) });
}
