// Security headers on every answer (issue 8): the API, 404s and the app's pages carry the strict policy;
// frame-mode pages may be framed by the site's frame allow-list only, every other answer by nobody; API
// answers are never cached; HSTS only over HTTPS (behind a trusted proxy).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };

describe.each(databaseKinds('same-on-every-database'))('security headers on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A stand-in for the built front end: the headers do not depend on its content.
    dist = mkdtempSync(join(tmpdir(), 'sema-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp(kind, { staticDir: dist, trustProxy: true });
    const admin = await signInForTest(t.db, { username: 'admin' });
    const frontend = { ...tenants.tenants[0].frontend, frame_allowlist: ['https://stats.example.org'] };
    const saved = await t.app.inject({ method: 'POST', url: '/v1/frontend/save', headers: { host: 'localhost', authorization: admin }, payload: { frontend } });
    expect(saved.json().status_code).toBe('10000');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  const policy = (h: Record<string, unknown>) =>
    Object.fromEntries(
      String(h['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it("a page's address asked with HEAD (link checkers, monitors) is answered as with GET, without the body", async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/magaza', headers: { host: 'localhost' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  });

  it('every kind of answer carries the strict policy and the other headers', async () => {
    const pages = [await get('/'), await get('/magaza'), await get('/assets/app.js')];
    const api = [
      await t.app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} }),
      await get('/v1/no/such/call'),
      await t.app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: '{' }),
    ];
    for (const res of [...pages, ...api]) {
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-(eval|inline)/);
      expect(policy(res.headers)['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    for (const res of pages) {
      const csp = policy(res.headers);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
    }
    // JSON answers load nothing: the API's policy allows nothing at all.
    for (const res of api) expect(policy(res.headers)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  });

  it('frames: allow-listed origins may be framed by the site, and may frame only its frame-mode pages', async () => {
    const page = policy((await get('/magaza')).headers);
    expect(page['frame-src']).toEqual(["'self'", 'https://stats.example.org']);
    expect(page['frame-ancestors']).toEqual(["'none'"]);
    expect((await get('/magaza')).headers['x-frame-options']).toBe('DENY');
    // The two frame pages of the analysis area, at their paths in both languages (with the query they are
    // opened with); their parent and sibling pages are framed by nobody.
    for (const path of [
      '/wai-search-iframe',
      '/kullanici-proje/wai-arama-cerceve?q=iris',
      '/wanalyzer-cell-calculate-iframe?project_id=3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      '/kullanici-proje/hucre-hesaplama-cerceve',
    ]) {
      const res = await get(path);
      expect(policy(res.headers)['frame-ancestors'], path).toEqual(["'self'", 'https://stats.example.org']);
      expect(res.headers['x-frame-options'], path).toBeUndefined();
    }
    for (const path of ['/user-project', '/kullanici-proje', '/user-project/dataset-filter', '/dataset-ekle']) {
      const res = await get(path);
      expect(policy(res.headers)['frame-ancestors'], path).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
    // Another site's allow-list is not this one's.
    const clinical = await t.app.inject({ method: 'GET', url: '/wai-search-iframe', headers: { host: 'clinical.localhost' } });
    expect(policy(clinical.headers)['frame-ancestors']).toEqual(["'self'"]);
  });

  it('API answers are never cached; pages are revalidated; hashed assets are immutable', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} });
    expect(api.headers['cache-control']).toBe('no-store');
    expect((await get('/v1/no/such/call')).headers['cache-control']).toBe('no-store');
    expect((await get('/magaza')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app.js')).headers['cache-control']).toContain('immutable');
  });

  it('HSTS over HTTPS only: a request a trusted proxy says came over HTTPS', async () => {
    const res = await get('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
  });
});
