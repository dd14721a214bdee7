// Mail sending (/v1/send_mail and the sending_mail page's history): the mails really leave over SMTP (a test
// SMTP server receives them), each in its recipient's language; a refusing server leads to retries and then
// "failed" with its reason; a stop leaves the rest unsent; bad input is refused in the caller's language; and
// only admins, or a front-end key holding the send_mail scope, may send — to users of their own site.
// The bulk_mail kind runs here directly on what /send_mail queued (with short back-offs); the browser journey
// runs it on the queue's worker.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { frontendKeyNew, mailingGet, mailingList, mailingRecipientSearch, sendMail } from '../../src/generated/client/index.ts';
import type { JobRun, StartProcess } from '../../server/jobs/job-kind.ts';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { bulkMailJob, type BulkMailPayload } from '../../server/mail/bulk-mail-job.ts';
import type { Db } from '../../server/db/adapter.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';

/** What /send_mail started, as the queue stored it (the test app queues processes and runs no worker). */
async function lastStarted(db: Db): Promise<StartProcess<BulkMailPayload>> {
  const [p] = await db.query<{ process_kind: string; tenant_id: string; user_id: string | null; frontend_key_name: string | null; lang: 'tr' | 'en'; process_name: string; payload: BulkMailPayload }>(
    `select process_kind, tenant_id, user_id, frontend_key_name, lang, process_name, payload from process where process_kind = 'bulk_mail' order by created_at desc limit 1`,
  );
  return { kind: p.process_kind, tenantId: p.tenant_id, userId: p.user_id, frontendKeyName: p.frontend_key_name, lang: p.lang, processName: p.process_name, payload: p.payload };
}

interface Recorded {
  percents: number[];
  lines: string[];
}

/** The field problems of a refusal. */
const errorsOf = (res: object) => (res as { errors?: { field: string; message: string }[] }).errors;

/** A JobRun for the last started process; `onProgress` may stop it (the controller aborts, progress throws). */
function jobRunOf(db: Db, p: StartProcess, controller = new AbortController(), onProgress?: (percent: number) => void): JobRun & Recorded {
  const recorded: Recorded = { percents: [], lines: [] };
  return {
    ...recorded,
    processId: randomUUID(),
    tenantId: p.tenantId,
    userId: p.userId,
    lang: p.lang,
    signal: controller.signal,
    db,
    async progress(percent) {
      recorded.percents.push(percent);
      onProgress?.(percent);
      controller.signal.throwIfAborted();
    },
    async log(level, message) {
      recorded.lines.push(`${level}: ${message}`);
    },
  };
}

async function addUser(db: Db, domain: string, u: { username: string; firstname?: string; mail?: string | null; lang?: 0 | 1; active?: boolean }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into app_user (user_id, tenant_id, username, firstname, mail, active_lang, is_active)
     select $1, tenant_id, $3, $4, $5, $6, $7 from tenant where domain = $2`,
    [id, domain, u.username, u.firstname ?? null, u.mail === undefined ? `${u.username}@example.org` : u.mail, u.lang ?? 0, u.active ?? true],
  );
  return id;
}

describe.each(databaseKinds('same-on-every-database'))('mail sending on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: Actor;
  const ids = {} as Record<'ayse' | 'john' | 'inactive' | 'nomail' | 'other', string>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(kind, { mailer: smtpMailer(smtp.url) });
    admin = await actor(t, 'admin');
    ids.ayse = await addUser(t.db, 'localhost', { username: 'ayse', firstname: 'Ayşe', lang: 0 });
    ids.john = await addUser(t.db, 'localhost', { username: 'john', firstname: 'John', lang: 1 });
    ids.inactive = await addUser(t.db, 'localhost', { username: 'gone', active: false });
    ids.nomail = await addUser(t.db, 'localhost', { username: 'nomail', mail: null });
    ids.other = await addUser(t.db, 'clinical.localhost', { username: 'elsewhere' });
  });
  afterEach(() => {
    smtp.received.length = 0;
    smtp.attempts.length = 0;
    smtp.refuse = null;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const job = (backoffMs = [5, 5]) => bulkMailJob({ mailer: smtpMailer(smtp.url), backoffMs });

  it('sends to two users over SMTP, each in their language, and skips those it cannot reach', async () => {
    admin.use();
    const res = await sendMail({
      user_client_id_list: [ids.ayse, ids.john, ids.inactive, ids.nomail],
      subject: 'Bakım / Maintenance',
      content: '<p>Saturday <strong>02:00</strong> &amp; later.</p><script>alert(1)</script><p><a href="https://example.org/x">Details</a></p>',
    });
    expect(res.status_code).toBe('10000');
    expect(res.queued_count).toBe(2);
    expect(res.mailing).toMatchObject({ recipient_count: 4, queued_count: 2, skipped_count: 2, sender_username: 'admin', process_id: res.process.process_id });
    expect(res.mailing.content).not.toContain('script');
    expect(await lastStarted(t.db)).toMatchObject({ kind: 'bulk_mail', userId: admin.userId, lang: 'en', payload: { mailingId: res.mailing.mailing_id } });
    // Nothing leaves before the process runs.
    expect(smtp.received).toHaveLength(0);

    const started = await lastStarted(t.db);
    const run = jobRunOf(t.db, started);
    await job().run(started.payload, run);

    expect(smtp.received).toHaveLength(2);
    const byTo = Object.fromEntries(smtp.received.map((m) => [(m.to as { text: string }).text, m]));
    const tr = byTo['ayse@example.org'];
    const en = byTo['john@example.org'];
    expect(tr.subject).toBe('Bakım / Maintenance');
    expect(tr.html).toContain('<p>Merhaba Ayşe,</p>');
    expect(tr.html).toContain('<strong>02:00</strong>');
    expect(tr.html).not.toContain('script');
    expect(tr.text).toContain('Merhaba Ayşe,');
    expect(tr.text).toContain('Saturday 02:00 & later.');
    expect(tr.text).toContain('Details (https://example.org/x)');
    expect(tr.text).toMatch(/yöneticileri, .* kullanıcısı olduğunuz için gönderdi/);
    expect(en.html).toContain('<p>Hello John,</p>');
    expect(en.text).toMatch(/The administrators of .* sent you this mail because you are a user of/);
    expect(en.text).not.toContain('Merhaba');
    expect(run.percents.at(-1)).toBe(100);
    expect(run.lines.join('\n')).toContain('Sending finished: 2 sent, 0 failed.');

    const got = await mailingGet({ mailing_id: res.mailing.mailing_id });
    expect(got.mailing).toMatchObject({ sent_count: 2, skipped_count: 2, queued_count: 0 });
    const status = Object.fromEntries(got.recipient_list.map((r) => [r.username, [r.recipient_status, r.skip_reason ?? null, r.attempts]]));
    expect(status).toEqual({ ayse: ['sent', null, 1], john: ['sent', null, 1], gone: ['skipped', 'inactive', 0], nomail: ['skipped', 'no_mail', 0] });
    expect((await mailingList({})).mailing_list[0].mailing_id).toBe(res.mailing.mailing_id);
    // The outbox's own delivery at start never sends a mailing's mails (its process does).
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from outbox where mailing_id = $1 and sent_at is not null', [res.mailing.mailing_id]);
    expect(n).toBe(2);
  });

  it('tries a refused mail again after a wait, then marks it failed with the server\'s reason', async () => {
    admin.use();
    smtp.refuse = 'Mailbox unavailable';
    const res = await sendMail({ user_client_id_list: [ids.john], subject: 'Hello', content: '<p>Hi</p>' });
    const started = await lastStarted(t.db);
    const run = jobRunOf(t.db, started);
    await job().run(started.payload, run);
    expect(smtp.attempts).toEqual(['john@example.org', 'john@example.org', 'john@example.org']);
    expect(smtp.received).toHaveLength(0);
    const got = await mailingGet({ mailing_id: res.mailing.mailing_id });
    expect(got.recipient_list[0]).toMatchObject({ recipient_status: 'failed', attempts: 3 });
    expect(got.recipient_list[0].error).toContain('Mailbox unavailable');
    expect(got.mailing.failed_count).toBe(1);
    expect(run.lines.join('\n')).toContain('Could not send to john@example.org');
  });

  it('stops: the recipients not yet sent stay unsent and are shown so', async () => {
    admin.use();
    const res = await sendMail({ user_client_id_list: [ids.ayse, ids.john], subject: 'Two', content: '<p>Two</p>' });
    const controller = new AbortController();
    const started = await lastStarted(t.db);
    const run = jobRunOf(t.db, started, controller, () => controller.abort());
    await expect(job().run(started.payload, run)).rejects.toThrow();
    expect(smtp.received).toHaveLength(1);
    const got = await mailingGet({ mailing_id: res.mailing.mailing_id });
    expect(got.recipient_list.map((r) => r.recipient_status).sort()).toEqual(['sent', 'unsent']);
    expect(got.mailing).toMatchObject({ sent_count: 1, unsent_count: 1 });
    expect(run.lines.join('\n')).toContain('Stopped: 1 recipients were not sent.');
  });

  it('refuses bad input at its field, in the caller\'s language, and records nothing', async () => {
    const before = await snapshot(t.db);
    for (const [lang, none, blank] of [
      [0, 'Lütfen en az bir kullanıcı seçin', 'Lütfen e-postanın konusunu ve içeriğini doldurun'],
      [1, 'Please select at least one user', 'Please fill in the email subject and content'],
    ] as const) {
      admin.use({ lang });
      const empty = await sendMail({ user_client_id_list: [], subject: 'S', content: '<p>C</p>' });
      expect([empty.status_code, empty.status_message]).toEqual(['11019', none]);
      expect(errorsOf(empty)).toContainEqual(expect.objectContaining({ field: 'user_client_id_list', message: none }));
      const noSubject = await sendMail({ user_client_id_list: [ids.ayse], subject: '', content: '<p>C</p>' });
      expect([noSubject.status_code, noSubject.status_message]).toEqual(['11020', blank]);
      expect(errorsOf(noSubject)).toContainEqual(expect.objectContaining({ field: 'subject', message: blank }));
      const blankSubject = await sendMail({ user_client_id_list: [ids.ayse], subject: '   ', content: '<p>C</p>' });
      expect(errorsOf(blankSubject)).toEqual([expect.objectContaining({ field: 'subject', message: blank })]);
      const onlyScript = await sendMail({ user_client_id_list: [ids.ayse], subject: 'S', content: '<script>alert(1)</script><p> </p>' });
      expect(onlyScript.status_code).toBe('11020');
      expect(errorsOf(onlyScript)).toEqual([expect.objectContaining({ field: 'content', message: blank })]);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('admits admins and keys with the send_mail scope only, to users of their own site', async () => {
    const user = await actor(t, 'plainuser');
    const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    const before = await snapshot(t.db);
    user.use();
    expect((await sendMail({ user_client_id_list: [ids.ayse], subject: 'S', content: 'C' })).status_code).toBe('10009');
    expect((await mailingList({})).status_code).toBe('10009');
    expect((await mailingRecipientSearch({})).status_code).toBe('10009');
    admin.use();
    const other = await sendMail({ user_client_id_list: [ids.ayse, ids.other], subject: 'S', content: 'C' });
    expect(other.status_code).toBe('13061');
    expect(errorsOf(other)).toEqual([expect.objectContaining({ field: 'user_client_id_list' })]);
    clinicalAdmin.use();
    const [mine] = await t.db.query<{ mailing_id: string }>('select mailing_id from mailing limit 1');
    expect((await mailingGet({ mailing_id: mine.mailing_id })).status_code).toBe('10016');
    expect(await snapshot(t.db)).toEqual(before);

    admin.use();
    const plain = await frontendKeyNew({ name: 'No scope' });
    const scoped = await frontendKeyNew({ name: 'Newsletter', scope_list: ['send_mail'] });
    expect(scoped.frontend_key.scope_list).toEqual(['send_mail']);
    const withKeys = await snapshot(t.db);
    t.as({ authorization: `Fkey ${plain.new_frontend_key}`, query: { __lang__v: 0 } });
    const refused = await sendMail({ user_client_id_list: [ids.ayse], subject: 'S', content: 'C' });
    expect([refused.status_code, refused.status_message]).toEqual(['13060', 'Bu ön yüz anahtarı bu çağrıyı yapamaz']);
    expect(await snapshot(t.db)).toEqual(withKeys);

    t.as({ authorization: `Fkey ${scoped.new_frontend_key}`, query: { __lang__v: 0 } });
    const sent = await sendMail({ user_client_id_list: [ids.ayse], subject: 'Bülten', content: 'Düz metin' });
    expect(sent.status_code).toBe('10000');
    expect(sent.mailing).toMatchObject({ sender_key_name: 'Newsletter', queued_count: 1 });
    expect(sent.mailing.sender_username).toBeUndefined();
    expect(await lastStarted(t.db)).toMatchObject({ userId: null, frontendKeyName: 'Newsletter', lang: 'tr', processName: 'Toplu e-posta: Bülten' });
    // A key never reaches the page's own routes (token only).
    expect((await mailingList({})).status_code).toBe('10008');
  });

  it('finds users to mail by name, username or mail address, and by auth code', async () => {
    admin.use();
    const byMail = await mailingRecipientSearch({ search: 'JOHN@example' });
    expect(byMail.user_list.map((u) => u.username)).toEqual(['john']);
    expect(byMail.user_list[0]).toMatchObject({ mail: 'john@example.org', mail_lang: 1 });
    const byName = await mailingRecipientSearch({ search: 'ayş' });
    expect(byName.user_list.map((u) => u.username)).toEqual(['ayse']);
    const all = await mailingRecipientSearch({ page_size: 100 });
    expect(all.user_list.find((u) => u.username === 'gone')?.skip_reason).toBe('inactive');
    expect(all.user_list.map((u) => u.username)).not.toContain('elsewhere');
    const admins = await mailingRecipientSearch({ auth_name: 'admin' });
    expect(admins.user_list.map((u) => u.username)).toEqual(['admin']);
  });
});
