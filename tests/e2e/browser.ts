// Browser tests drive Debian's Chromium through playwright-core (never a downloaded browser) against a
// server started the way `npm start` starts it, on a free port with a fresh embedded database.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { E2E_ADMIN_PASSWORD, E2E_SNAPSHOT_PATH } from './paths.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * Debian's old headless shell when installed (`apt-get install chromium-headless-shell`, what Playwright itself
 * runs headless): without the full browser's own interface it takes a third less processor time per test
 * than `/usr/bin/chromium`, which is the fallback.
 */
export const CHROMIUM = process.env.SEMA_CHROMIUM || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) || '/usr/bin/chromium';

/** The text a person sees in `target`: laid out by the browser, with what is hidden left out. */
export function shownText(target: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what these tests check; textContent would also read hidden nodes (a closed menu's items, a hidden status)
  return target.innerText();
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** What is wrong with the page a person sees: sideways scrolling, a raw id, an axe violation that matters. */
export async function problemsOf(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) problems.push(`${name}: the page scrolls sideways by ${overflow}px`);
  const id = UUID.exec(await shownText(page.locator('body')));
  if (id) problems.push(`${name}: shows the id ${id[0]}`);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    problems.push(`${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  return problems;
}

/**
 * An API call with the page's own session, as the app makes it (answers in English unless `lang` is 0); with
 * `asUser`, the signed-in user's id goes in as user_client_id, as the shop calls want it.
 */
export function callApi(page: Page, path: string, body: object, lang: 0 | 1 = 1, asUser = false): Promise<{ status_code: string } & Record<string, unknown>> {
  return page.evaluate(
    async ({ path, body, lang, asUser }) => {
      const token = JSON.parse(localStorage.getItem('token') ?? '{}').access_token;
      const user = JSON.parse(localStorage.getItem('user') ?? '{}').user_client_id;
      const res = await fetch(`${path}?__lang__v=${lang}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(asUser ? { user_client_id: user, ...body } : body),
      });
      return res.json();
    },
    { path, body, lang, asUser },
  );
}

/** Switches the page's language from the top bar (Turkish ↔ English), without a reload. */
export async function switchLanguage(page: Page, to: 'en' | 'tr'): Promise<void> {
  await page.getByRole('combobox', { name: to === 'en' ? 'Dil' : 'Language', exact: true }).selectOption({ label: to === 'en' ? 'English' : 'Türkçe' });
}

const SIZES = { wide: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/**
 * Where a test's screenshots for a person to look at go: `$SEMA_SHOTS/<topic>` when SEMA_SHOTS names a folder
 * (`SEMA_SHOTS=/tmp/shots npm run test:e2e`), else nowhere. A full-page screenshot costs the browser a second of
 * work and nobody looks at CI's.
 */
export function shotsFolder(topic: string): string | undefined {
  return process.env.SEMA_SHOTS ? join(process.env.SEMA_SHOTS, topic) : undefined;
}

/** A full-page screenshot `<folder>/<name>.png`, when screenshots are asked for (`shotsFolder`). */
export async function saveShot(page: Page, folder: string | undefined, name: string): Promise<void> {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/**
 * The page at phone width in both languages (measured once the heading `ready` names is shown, and in English
 * the text `enText`), and, with `shots` (a `shotsFolder`), screenshots `<name>-<lang>-<width>.png` at 1280×800 and 390×844 in
 * both languages. Answers the problems found; leaves the page wide and in Turkish.
 */
export async function lookAtBothLanguages(page: Page, name: string, ready: { tr: string | RegExp; en: string | RegExp; enText?: RegExp }, shots?: string): Promise<string[]> {
  const problems: string[] = [];
  for (const lang of ['tr', 'en'] as const) {
    if (lang === 'en') await switchLanguage(page, 'en');
    await page.getByRole('heading', { name: ready[lang] }).first().waitFor();
    if (lang === 'en' && ready.enText) await page.getByText(ready.enText).first().waitFor();
    for (const size of ['wide', 'phone'] as const) {
      // The phone layout (the menu folded) is in place before anything is measured.
      if (size === 'phone') await atPhoneWidth(page);
      else await page.setViewportSize(SIZES.wide);
      await page.getByRole('heading', { name: ready[lang] }).first().waitFor();
      if (size === 'phone') problems.push(...(await problemsOf(page, `${name} (390 px, ${lang})`)));
      if (shots) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveShot(page, shots, `${name}-${lang}-${SIZES[size].width}`);
      }
    }
    await page.setViewportSize(SIZES.wide);
  }
  await switchLanguage(page, 'tr');
  return problems;
}

/**
 * The page at phone width (390×844) once the app has taken its phone layout: measured mid-resize, the menu is
 * still open and the page scrolls sideways for a moment. A page that keeps scrolling is left for the checks.
 */
export async function atPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator(".app[data-device='mobile'][data-sidebar='closed']").waitFor();
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, { timeout: 5000 }).catch(() => undefined);
}

/** A registered user with an approved address (the code from the outbox), made through the API. */
export async function registerUser(server: InProcessServer, user: { username: string; password: string; mail: string; firstname: string; lastname: string }): Promise<void> {
  const post = async (path: string, body: object) =>
    (await fetch(`${server.url()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const registered = await post('/v1/register', { ...user, gender: 'female', agreements_approved: true });
  if (registered.status_code !== '10000') throw new Error(`register ${user.username}: ${registered.status_message}`);
  const [mail] = await server.db.query<{ text_body: string }>('select text_body from outbox where mail_to = $1', [user.mail]);
  const verified = await post('/v1/mail/verify', { mail: user.mail, mail_approve_token: /\b(\d{6})\b/.exec(mail.text_body)![1] });
  if (verified.status_code !== '10000') throw new Error(`verify ${user.mail}: ${verified.status_message}`);
}

/** A new browser context signed in as `username` on the login page, with the page errors it collects. */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  password: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await submitLogin(page, baseUrl, username, password);
  await page.waitForURL('**/anasayfa');
  return { page, errors, close: () => context.close() };
}

/** Browser tests run when Chromium is installed; in CI (CI=1) a missing Chromium is a failure, not a skip. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install chromium-headless-shell) or set SEMA_CHROMIUM`);
  console.warn(`\n  Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium-headless-shell, or set SEMA_CHROMIUM)\n`);
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface RunningServer {
  port: number;
  url(host?: string): string;
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s command on a free port and a throwaway data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/launch.mjs', 'main', '--build-if-needed'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEMA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 170_000;
  while (!output.includes('Sema is running')) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url: (host = 'localhost') => `http://${host}:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with a fresh profile (playwright makes one per launch) and no calls to the outside. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface InProcessServer extends Omit<RunningServer, 'output'> {
  db: import('../../server/db/adapter.ts').Db;
}

/**
 * The app in this process (the built front end, a fresh embedded database from the run's snapshot), for journeys
 * that need to know what only the server knows: the captcha's answer (injected, as the server tests do) and the
 * mail in the outbox.
 */
export async function startInProcessServer(options: {
  captchaCode: string;
  /** Where mail goes after the outbox (default: nowhere, it stays in the outbox table). */
  mailer?: import('../../server/mail/mailer.ts').Mailer;
  /** Background-process kinds and workers for the journeys that run processes (test kinds, short timings). */
  jobs?: Pick<import('../../server/app.ts').AppOptions, 'jobKinds' | 'workers' | 'workerTimings'>;
}): Promise<InProcessServer> {
  const { openPglite } = await import('../../server/db/pglite.ts');
  const { readyDatabase } = await import('../../server/start.ts');
  const { buildApp, STATIC_DIR } = await import('../../server/app.ts');
  const { outboxOnlyMailer } = await import('../../server/mail/mailer.ts');
  // The front end was built and the snapshot written once for all browser files (tests/e2e/global-setup.ts);
  // the server then starts as `npm start` does on a database it made before.
  const db = await openPglite(undefined, new Blob([readFileSync(E2E_SNAPSHOT_PATH)]));
  await readyDatabase(db, E2E_ADMIN_PASSWORD);
  const port = await freePort();
  const app = await buildApp({
    db,
    staticDir: STATIC_DIR,
    captcha: { required: true, newCode: () => options.captchaCode },
    mailer: options.mailer ?? outboxOnlyMailer,
    linkOrigin: (domain) => `http://${domain}:${port}`,
    ...options.jobs,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    port,
    db,
    url: (host = 'localhost') => `http://${host}:${port}`,
    stop: async () => {
      await app.close();
      await db.close();
    },
  };
}

export { E2E_ADMIN_PASSWORD };
/** Every captcha of the in-process server: a code from the captcha alphabet (no look-alikes such as 2/Z, 0/O). */
export const E2E_CAPTCHA = 'K7M4P';

/** One suite's in-process server (fresh embedded database, fixed captcha) and browser, started before its tests. */
export function inProcessSuite(jobs?: Parameters<typeof startInProcessServer>[0]['jobs']): { server: InProcessServer; browser: Browser } {
  const suite = {} as { server: InProcessServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startInProcessServer({ captchaCode: E2E_CAPTCHA, jobs });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/** The login form's words in each site language (the shop site opens in Turkish, the clinical site in English). */
const LOGIN_FORM = {
  tr: { username: 'Kullanıcı adı', password: 'Parola', image: /Güvenlik kodu resmi/, captcha: 'Resimdeki karakterler', submit: 'Giriş yap' },
  en: { username: 'Username', password: 'Password', image: /Security code image/, captcha: 'Characters in the image', submit: 'Log in' },
};

/** Fills and sends the login page's form in the site's language; the caller waits for what follows. */
export async function submitLogin(page: Page, baseUrl: string, username: string, password: string, captcha = E2E_CAPTCHA, lang: 'tr' | 'en' = 'tr'): Promise<void> {
  const form = LOGIN_FORM[lang];
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(form.username).fill(username);
  await page.getByLabel(form.password).fill(password);
  await page.getByRole('img', { name: form.image }).waitFor();
  await page.getByLabel(form.captcha).fill(captcha);
  await page.getByRole('button', { name: form.submit }).click();
}
