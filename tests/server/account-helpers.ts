// Helpers of the account tests: an app with a known captcha answer and a quiet mailer, callers from chosen
// addresses (the failed-login limits count per address), the outbox, and logging in through the real calls.
import type { FastifyInstance } from 'fastify';
import { setTransport, type Transport } from '../../src/api/call.ts';
import { captchaNew, oauthToken, register, registerMailApprove } from '../../src/generated/client/index.ts';
import { outboxOnlyMailer } from '../../server/mail/mailer.ts';
import { startTestApp, type DbKind, type TestApp } from './harness.ts';
import type { AppOptions } from '../../server/app.ts';
import type { Queryable } from '../../server/db/adapter.ts';
import type { RegisterRequest } from '../../src/generated/types/routes.ts';

/** The answer of every captcha challenge in these tests (characters of the captcha alphabet). */
export const CAPTCHA = 'HK3M7';

export function startAccountApp(kind: DbKind, options: Partial<AppOptions> = {}): Promise<TestApp> {
  return startTestApp(kind, { captcha: { newCode: () => CAPTCHA }, mailer: outboxOnlyMailer, ...options });
}

export interface From {
  host?: string;
  ip?: string;
  authorization?: string;
  lang?: 0 | 1;
}

let addressCounter = 0;
/** A fresh caller address, so one test's failed logins never lock another's. */
export const newIp = (): string => `10.${Math.floor(++addressCounter / 250) % 250}.${addressCounter % 250}.${(process.pid % 200) + 1}`;

/** Makes the generated client call `app` as a caller from this address. */
export function callFrom(app: FastifyInstance, from: From = {}): void {
  const transport = (async (route: { method: 'GET' | 'POST'; path: string }, input: unknown) => {
    const query: Record<string, string> = { __lang__v: String(from.lang ?? 1) };
    if (route.method === 'GET') for (const [k, v] of Object.entries((input ?? {}) as object)) query[k] = String(v);
    const res = await app.inject({
      method: route.method,
      url: route.path,
      query,
      remoteAddress: from.ip ?? '127.0.0.1',
      headers: { host: from.host ?? 'localhost', ...(from.authorization ? { authorization: from.authorization } : {}) },
      ...(route.method === 'POST' ? { payload: input as object } : {}),
    });
    return { ...(res.json() as object), http_status: res.statusCode };
  }) as Transport;
  setTransport(transport);
}

export type OutboxMail = {
  outbox_id: string;
  purpose: string;
  mail_to: string;
  subject: string;
  text_body: string;
  user_id: string | null;
};

/** The newest mail to this address. */
export async function lastMail(db: Queryable, to: string): Promise<OutboxMail | undefined> {
  const rows = await db.query<OutboxMail>('select outbox_id, purpose, mail_to, subject, text_body, user_id from outbox where lower(mail_to) = lower($1) order by created_at desc limit 1', [to]);
  return rows[0];
}

/** The 6-digit code a mail carries. */
export function codeIn(mail: OutboxMail | undefined): string {
  const m = /:\s*(\d{6})\b/.exec(mail?.text_body ?? '');
  if (!m) throw new Error(`no code in the mail: ${mail?.text_body}`);
  return m[1];
}

/** A registration that passes every rule; `overrides` changes single fields. */
export function registration(name: string, overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    username: name,
    password: 'correct-horse-42',
    mail: `${name}@example.com`,
    firstname: 'Deniz',
    lastname: 'Kaya',
    gender: 'not_stated',
    agreements_approved: true,
    ...overrides,
  };
}

/** Registers and approves `name` through the real calls; answers its user id. */
export async function registeredUser(t: TestApp, name: string, from: From = {}, overrides: Partial<RegisterRequest> = {}): Promise<string> {
  callFrom(t.app, { ip: newIp(), ...from });
  const res = await register(registration(name, overrides));
  if (res.status_code !== '10000') throw new Error(`register ${name}: ${res.status_code} ${res.status_message}`);
  const code = codeIn(await lastMail(t.db, overrides.mail ?? `${name}@example.com`));
  const approved = await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: code });
  if (approved.status_code !== '10000') throw new Error(`approve ${name}: ${approved.status_code}`);
  return res.new_user_id!;
}

/** Logs in with a fresh captcha from `from`; answers the token call's answer. */
export async function logIn(t: TestApp, username: string, password: string, from: From = {}) {
  callFrom(t.app, from);
  const challenge = await captchaNew({});
  return oauthToken({ username, password, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA });
}

export const bearer = (token: string) => `Bearer ${token}`;
