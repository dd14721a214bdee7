// The site search embedded on another site of the tenant (issue 14), in a real browser against the real server:
// a page served by this test on another origin, which the administrator puts on the site's frame allow-list,
// frames /wai-search-iframe; a visitor searches in it and finds the demo site's public project and public page
// (never another user's private project), and a result opens in the top window. The same page on an origin
// that is not on the list gets no frame. Screenshots of the embedding page at 1280×800, 390×844 and 320 px (the
// smallest frame) in both languages go to $SEMA_SHOTS/frames/ when asked for; at 390 and 320 px nothing
// scrolls sideways, no raw id is shown and axe finds nothing serious. The cell-calculation frame is not framed
// here: its server route (/wanalyzer/project/cell/calculate) is the datasets part's and not on main yet; its page
// is covered by tests/component/analysis-frames.test.tsx.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, saveShot, shotsFolder, signedIn } from './browser.ts';

const SHOTS = shotsFolder('frames');
const SIZES = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 }, 320: { width: 320, height: 640 } } as const;

describe.runIf(chromiumAvailable())('the search frame on another site', () => {
  const suite = inProcessSuite();
  let embedder: Server;
  let embedderPort = 0;
  const embedding = (host = 'localhost') => `http://${host}:${embedderPort}/`;

  beforeAll(async () => {
    // A partner's page: a heading, a paragraph and the search frame (any host name it is called by).
    embedder = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner statistics site</title>
        <style>body{font-family:sans-serif;margin:0;padding:8px}iframe{display:block;width:100%;height:640px;border:1px solid #999;box-sizing:border-box}</style></head>
        <body><h1>Partner statistics site</h1><p>Find a dataset of our partner:</p>
        <iframe title="Sema search" src="${suite.server.url()}/wai-search-iframe"></iframe></body></html>`);
    });
    await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
    embedderPort = (embedder.address() as AddressInfo).port;

    // The administrator trusts the partner's origin (front-end settings' frame allow-list).
    const admin = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const current = await callApi(admin.page, '/v1/frontend/get', { domain: 'localhost' });
    const saved = await callApi(admin.page, '/v1/frontend/save', { frontend: { ...(current.frontend as object), frame_allowlist: [embedding().slice(0, -1)] } });
    expect(saved.status_code, String(saved.status_message)).toBe('10000');
    await admin.close();

    // A public project of the administrator's and a private one, as the datasets part stores them.
    const [{ tenant_id, user_id }] = await suite.server.db.query<{ tenant_id: string; user_id: string }>(
      "select t.tenant_id, u.user_id from tenant t join app_user u on u.tenant_id = t.tenant_id where t.domain = 'localhost' and u.username = 'admin'",
    );
    for (const [name, description, isPublic] of [
      ['Iris çiçekleri', 'Üç iris türünün çanak ve taç yaprak ölçüleri (Fisher, 1936).', true],
      ['Gizli iris taslağı', 'Yalnızca sahibi görür.', false],
    ] as const)
      await suite.server.db.query(
        'insert into analysis_project (project_id, tenant_id, owner_user_id, project_name, description, is_public) values ($1, $2, $3, $4, $5, $6)',
        [randomUUID(), tenant_id, user_id, name, description, isPublic],
      );
  });
  afterAll(async () => {
    await new Promise((resolve) => embedder?.close(resolve));
  });

  const frameOf = (page: Page) => page.frameLocator('iframe[title="Sema search"]');

  it('a visitor searches in the frame, finds public content only, and a result opens in the top window', async () => {
    const context = await suite.browser.newContext({ viewport: SIZES[1280] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(embedding());
    const frame = frameOf(page);
    await frame.getByRole('heading', { level: 1, name: 'WAI Arama' }).waitFor();

    await frame.getByRole('searchbox', { name: 'Ara' }).fill('iris');
    await frame.getByRole('searchbox', { name: 'Ara' }).press('Enter');
    const results = frame.getByRole('region', { name: 'Arama sonuçları' });
    await results.getByRole('link', { name: 'Iris çiçekleri' }).waitFor();
    expect(await results.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^PROJE\s+Iris çiçekleri\s+Üç iris türünün/)]);
    expect(await results.locator('mark').allInnerTexts()).toEqual(['Iris', 'iris']);
    await frame.getByText('“iris” için bir sonuç.').waitFor();

    // The demo site's public pages are found too.
    await frame.getByRole('searchbox', { name: 'Ara' }).fill('üyelik');
    await frame.getByRole('button', { name: 'Ara' }).click();
    await results.getByRole('link', { name: 'Üyelik Sözleşmesi' }).waitFor();
    expect(await results.getByText('Sayfa', { exact: true }).count()).toBe(1);
    await frame.getByRole('searchbox', { name: 'Ara' }).fill('iris');
    await frame.getByRole('searchbox', { name: 'Ara' }).press('Enter');
    await results.getByRole('link', { name: 'Iris çiçekleri' }).waitFor();

    // Both languages at both widths: the frame offers the language itself.
    const problems: string[] = [];
    for (const lang of ['tr', 'en'] as const) {
      if (lang === 'en') {
        await frame.getByRole('combobox', { name: 'Dil' }).selectOption('en');
        await frame.getByRole('heading', { level: 1, name: 'WAI Search' }).waitFor();
        await frame.getByText('One result for “iris”.').waitFor();
        await frame.getByText('Project', { exact: true }).waitFor();
      }
      for (const width of [1280, 390, 320] as const) {
        await page.setViewportSize(SIZES[width]);
        await frame.getByRole('link', { name: 'Iris çiçekleri' }).waitFor();
        if (width !== 1280) problems.push(...(await problemsOf(page, `embedding page (${width} px, ${lang})`)));
        await saveShot(page, SHOTS, `wai-search-frame-${lang}-${width}`);
      }
      await page.setViewportSize(SIZES[1280]);
    }
    // The frame itself, as its own page, at phone width: no sideways scrolling, no raw id.
    const direct = await context.newPage();
    await direct.setViewportSize(SIZES[390]);
    await direct.goto(`${suite.server.url()}/wai-search-iframe?q=iris`);
    await direct.getByRole('link', { name: 'Iris çiçekleri' }).waitFor();
    problems.push(...(await problemsOf(direct, 'search frame alone (390 px)')));
    await direct.close();
    expect(problems).toEqual([]);

    // A result replaces the partner's page, not the frame.
    await frame.getByRole('link', { name: 'Iris çiçekleri' }).click();
    await page.waitForURL(new RegExp(`^${suite.server.url()}/user-project\\?project_id=[0-9a-f-]{36}$`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an origin that is not on the allow-list gets no frame', async () => {
    const page = await suite.browser.newPage();
    // The same page, called by another host name: another origin, not on the list. The browser refuses the frame.
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
    await page.goto(embedding('127.0.0.1'));
    await page.getByRole('heading', { name: 'Partner statistics site' }).waitFor();
    expect((await refused).text()).toContain(suite.server.url());
    expect(await frameOf(page).getByRole('heading', { name: 'WAI Arama' }).count()).toBe(0);
    await page.close();
  });
});
