// Website units: created and updated by website editors, versioned (history kept, stale versions refused),
// checked against the site (route names and paths unique in every language, existing parent, no cycles,
// known auth codes and screens, allow-listed frames) with bilingual refusals that change nothing, deleted
// and reordered, and kept per site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frontendGet,
  frontendSave,
  frontendWebsiteUnitUpdate,
  frontendWebsiteunitDelete,
  frontendWebsiteunitGet,
  frontendWebsiteunitHistory,
  frontendWebsiteunitList,
  frontendWebsiteunitNew,
  frontendWebsiteunitReorder,
} from '../../src/generated/client/index.ts';
import type { FrontendConfiguration, WebsiteUnit } from '../../src/generated/types/entities.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const CLINICAL_DASHBOARD = tenants.tenants[1].website_unit_list[0].website_unit_client_id;

const unit = (route_name: string, extra: Partial<WebsiteUnit> = {}): WebsiteUnit => ({
  route_name,
  path: { en: `/${route_name.replace(/_/g, '-')}`, tr: `/${route_name.replace(/_/g, '-')}-tr` },
  caption: { en: `Page ${route_name}`, tr: `Sayfa ${route_name}` },
  icon: 'list',
  show_in_menu: true,
  login: false,
  shop_active: false,
  parent: null,
  auth: '',
  position: 10,
  content: { kind: 'text', text: { en: 'Hello', tr: 'Merhaba' } },
  ...extra,
});

describe.each(databaseKinds('depends-on-database'))('website units on %s', (kind) => {
  let t: TestApp;
  let editor: Actor;
  let clinicalAdmin: Actor;
  let shopAdmin: Actor;

  beforeAll(async () => {
    t = await startTestApp(kind);
    editor = await actor(t, 'web.editor', { authCodes: ['website_edit'] });
    clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    shopAdmin = await actor(t, 'shop.owner', { authCodes: ['shop_admin'] });
  });
  afterAll(() => t.close());

  /** Calls as the editor in a language and expects a refusal that wrote nothing. */
  async function refused(call: () => Promise<{ status_code: string; status_message: string }>, code: string, messages: { en: string; tr: string }, http = 400) {
    const before = await snapshot(t.db);
    editor.use({ lang: 1 });
    const en = await call();
    expect(en).toMatchObject({ status_code: code, status_message: messages.en, http_status: http });
    editor.use({ lang: 0 });
    const tr = await call();
    expect(tr).toMatchObject({ status_code: code, status_message: messages.tr, http_status: http });
    expect(await snapshot(t.db)).toEqual(before);
    return en;
  }

  describe('create and update', () => {
    it('creates version 1 with a server-made id; it is in the site’s units for everyone at once', async () => {
      editor.use();
      const res = await frontendWebsiteunitNew({ website_unit: { ...unit('news'), website_unit_client_id: '00000000-0000-4000-8000-000000000000', version: 7 } });
      expect(res.status_code).toBe('10000');
      expect(res.website_unit).toMatchObject({ ...unit('news'), version: 1 });
      expect(res.website_unit.website_unit_client_id).not.toBe('00000000-0000-4000-8000-000000000000');

      t.as({ host: 'localhost' });
      const boot = await frontendGet({});
      // The seeded units (home, the membership agreement) and the new one, by position.
      expect(boot.website_unit_list.map((u) => u.route_name)).toEqual(['home', 'news', 'membership_agreement']);
      expect(boot.website_unit_list.find((u) => u.route_name === 'news')).toEqual(res.website_unit);
      const audit = await t.db.query<{ entity: string; record_id: string }>("select entity, record_id from audit_record where route_name = 'frontend_websiteunit_new' and status_code = '10000'");
      expect(audit).toEqual([{ entity: 'website_unit', record_id: res.website_unit.website_unit_client_id }]);
    });

    it('saves a new version on update and keeps the previous one in the history', async () => {
      editor.use();
      const { website_unit: created } = await frontendWebsiteunitNew({ website_unit: unit('events') });
      const id = created.website_unit_client_id!;
      const v2 = await frontendWebsiteUnitUpdate({ website_unit: { ...created, website_unit_client_id: id, version: 1, caption: { en: 'Events', tr: 'Etkinlikler' } } });
      expect(v2.website_unit).toMatchObject({ version: 2, caption: { en: 'Events', tr: 'Etkinlikler' } });
      const v3 = await frontendWebsiteUnitUpdate({ website_unit: { ...v2.website_unit, website_unit_client_id: id, version: 2, position: 3 } });
      expect(v3.website_unit).toMatchObject({ version: 3, position: 3 });
      expect((await frontendWebsiteunitGet({ website_unit_client_id: id })).website_unit).toEqual(v3.website_unit);

      const history = await frontendWebsiteunitHistory({ website_unit_client_id: id });
      expect(history.version_list.map((v) => [v.version, v.change, v.website_unit.caption.en, v.website_unit.position])).toEqual([
        [2, 'update', 'Events', 10],
        [1, 'update', 'Page events', 10],
      ]);
      expect(history.version_list[0].saved_by_username).toBe('web.editor');
    });

    it('refuses an update of a version that is no longer the stored one (409), in both languages', async () => {
      editor.use();
      const { website_unit: created } = await frontendWebsiteunitNew({ website_unit: unit('faq') });
      const id = created.website_unit_client_id!;
      await frontendWebsiteUnitUpdate({ website_unit: { ...created, website_unit_client_id: id, version: 1, position: 4 } });
      const stale = () => frontendWebsiteUnitUpdate({ website_unit: { ...created, website_unit_client_id: id, version: 1, caption: { en: 'Mine', tr: 'Benim' } } });
      const res = await refused(
        stale,
        '10030',
        {
          en: 'This website unit was changed meanwhile: it is at version 2, and you edited version 1. Please reload it and make your change again.',
          tr: 'Bu web sitesi birimi siz düzenlerken değiştirildi: şu an sürüm 2, siz sürüm 1 üzerinde çalıştınız. Lütfen birimi yeniden yükleyip değişikliğinizi tekrar yapın.',
        },
        409,
      );
      expect(res).toMatchObject({ current_version: 2 });
    });

    it('two editors saving the same version at once: one change is saved, the other is told of it (nothing lost)', async () => {
      editor.use();
      const { website_unit: created } = await frontendWebsiteunitNew({ website_unit: unit('races') });
      const id = created.website_unit_client_id!;
      const edit = (caption: string) => frontendWebsiteUnitUpdate({ website_unit: { ...created, website_unit_client_id: id, version: 1, caption: { en: caption, tr: caption } } });
      const answers = await Promise.all([edit('First'), edit('Second'), edit('Third')]);
      expect(answers.map((a) => a.status_code).sort()).toEqual(['10000', '10030', '10030']);
      const saved = answers.find((a) => a.status_code === '10000')!.website_unit;
      expect(saved.version).toBe(2);
      const [row] = await t.db.query<{ version: number; caption: string }>("select version, definition->'caption'->>'en' as caption from website_unit where website_unit_client_id = $1", [id]);
      expect(row).toEqual({ version: 2, caption: saved.caption.en });
      expect(await t.db.query('select version from website_unit_version where website_unit_client_id = $1', [id])).toEqual([{ version: 1 }]);
    });

    it('refuses an update without the edited version or id (schema)', async () => {
      editor.use();
      const res = await frontendWebsiteUnitUpdate({ website_unit: unit('no_version') as never });
      expect(res.status_code).toBe('10002');
    });
  });

  describe('refusals', () => {
    it('route name taken by a built-in page or another unit', async () => {
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('settings', { path: { en: '/x-settings' } }) }), '10031', {
        en: 'The route name settings is already used by the page "Settings". Please choose another one.',
        tr: 'settings rota adı "Ayarlar" sayfası tarafından kullanılıyor. Lütfen başka bir ad seçin.',
      }, 409);
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('home', { path: { en: '/home-2' } }) }), '10031', {
        en: 'The route name home is already used by the page "Home". Please choose another one.',
        tr: 'home rota adı "Ana sayfa" sayfası tarafından kullanılıyor. Lütfen başka bir ad seçin.',
      }, 409);
    });

    it('a path used by another page in any language', async () => {
      // The English path of the new unit is the Turkish path of the built-in settings page.
      const res = await refused(() => frontendWebsiteunitNew({ website_unit: unit('prefs', { path: { en: '/ayarlar', tr: '/tercihler' } }) }), '10032', {
        en: 'The path /ayarlar is already used by the page "Settings". A path must be unique across all pages and languages.',
        tr: '/ayarlar yolu "Ayarlar" sayfası tarafından kullanılıyor. Bir yol tüm sayfalar ve diller arasında tek olmalıdır.',
      }, 409);
      expect((res as unknown as { errors: unknown }).errors).toEqual([{ field: 'website_unit.path.en', message: expect.stringContaining('/ayarlar') }]);
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('welcome', { path: { en: '/welcome', tr: '/anasayfa' } }) }), '10032', {
        en: 'The path /anasayfa is already used by the page "Home". A path must be unique across all pages and languages.',
        tr: '/anasayfa yolu "Ana sayfa" sayfası tarafından kullanılıyor. Bir yol tüm sayfalar ve diller arasında tek olmalıdır.',
      }, 409);
    });

    it('a path another unit uses in the other language, on create and on update', async () => {
      await frontendWebsiteunitNew({ website_unit: unit('journal', { path: { en: '/journal', tr: '/gunluk' } }) });
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('diary', { path: { en: '/gunluk' } }) }), '10032', {
        en: 'The path /gunluk is already used by the page "Page journal". A path must be unique across all pages and languages.',
        tr: '/gunluk yolu "Sayfa journal" sayfası tarafından kullanılıyor. Bir yol tüm sayfalar ve diller arasında tek olmalıdır.',
      }, 409);
      const { website_unit: notes } = await frontendWebsiteunitNew({ website_unit: unit('notes') });
      await refused(() => frontendWebsiteUnitUpdate({ website_unit: { ...unit('notes', { path: { en: '/notes', tr: '/journal' } }), website_unit_client_id: notes.website_unit_client_id!, version: notes.version! } }), '10032', {
        en: 'The path /journal is already used by the page "Page journal". A path must be unique across all pages and languages.',
        tr: '/journal yolu "Sayfa journal" sayfası tarafından kullanılıyor. Bir yol tüm sayfalar ve diller arasında tek olmalıdır.',
      }, 409);
    });

    it('a path the server keeps for itself', async () => {
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('api_page', { path: { en: '/v1/frontend/get' } }) }), '10033', {
        en: 'The path /v1/frontend/get is reserved by the system. Please choose another one.',
        tr: '/v1/frontend/get yolu sistem için ayrılmıştır. Lütfen başka bir yol seçin.',
      });
    });

    it('a parent that does not exist', async () => {
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('orphan', { parent: 'nowhere' }) }), '10034', {
        en: 'There is no page named nowhere to place this unit under.',
        tr: 'Bu birimin altına yerleştirileceği nowhere adlı bir sayfa yok.',
      });
    });

    it('a cycle: a unit under itself or under its own sub-page', async () => {
      editor.use();
      const { website_unit: a } = await frontendWebsiteunitNew({ website_unit: unit('cycle_a', { parent: 'settings' }) });
      const { website_unit: b } = await frontendWebsiteunitNew({ website_unit: unit('cycle_b', { parent: 'cycle_a' }) });
      const { website_unit: c } = await frontendWebsiteunitNew({ website_unit: unit('cycle_c', { parent: 'cycle_b' }) });
      expect(c.parent).toBe('cycle_b');
      await refused(() => frontendWebsiteUnitUpdate({ website_unit: { ...a, website_unit_client_id: a.website_unit_client_id!, version: 1, parent: 'cycle_c' } }), '10035', {
        en: 'A page cannot be placed under itself or under one of its own sub-pages (cycle_a → cycle_c → cycle_b → cycle_a).',
        tr: 'Bir sayfa kendisinin ya da kendi alt sayfalarından birinin altına yerleştirilemez (cycle_a → cycle_c → cycle_b → cycle_a).',
      });
      await refused(() => frontendWebsiteUnitUpdate({ website_unit: { ...b, website_unit_client_id: b.website_unit_client_id!, version: 1, parent: 'cycle_b' } }), '10035', {
        en: 'A page cannot be placed under itself or under one of its own sub-pages (cycle_b → cycle_b).',
        tr: 'Bir sayfa kendisinin ya da kendi alt sayfalarından birinin altına yerleştirilemez (cycle_b → cycle_b).',
      });
    });

    it('renaming or deleting a unit that has sub-units', async () => {
      editor.use();
      const { website_unit: parent } = await frontendWebsiteunitNew({ website_unit: unit('docs') });
      await frontendWebsiteunitNew({ website_unit: unit('docs_api', { parent: 'docs' }) });
      const id = parent.website_unit_client_id!;
      await refused(() => frontendWebsiteUnitUpdate({ website_unit: { ...parent, website_unit_client_id: id, version: 1, route_name: 'guides' } }), '10036', {
        en: 'The page docs has sub-pages (docs_api). Please move or delete them first.',
        tr: 'docs sayfasının alt sayfaları var (docs_api). Lütfen önce onları taşıyın ya da silin.',
      }, 409);
      await refused(() => frontendWebsiteunitDelete({ website_unit_client_id: id, version: 1 }), '10036', {
        en: 'The page docs has sub-pages (docs_api). Please move or delete them first.',
        tr: 'docs sayfasının alt sayfaları var (docs_api). Lütfen önce onları taşıyın ya da silin.',
      }, 409);
    });

    it('unknown auth codes and unknown screens', async () => {
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('secret', { auth: 'admin,superuser' }) }), '10039', {
        en: 'The auth list holds unknown auth codes: superuser.',
        tr: 'Yetki listesinde bilinmeyen yetki kodları var: superuser.',
      });
      await refused(() => frontendWebsiteunitNew({ website_unit: unit('ghost_list', { content: { kind: 'screen', screen: { id: 'ghost', view: 'list' } } }) }), '10037', {
        en: 'There is no screen named ghost.',
        tr: 'ghost adlı bir ekran yok.',
      });
    });

    it('a component or a screen outside the content (schema)', async () => {
      editor.use();
      expect((await frontendWebsiteunitNew({ website_unit: { ...unit('viewy'), route_view: 'AuthorizationList' } as never })).status_code).toBe('10001');
      expect((await frontendWebsiteunitNew({ website_unit: { ...unit('viewy'), content: { kind: 'frame', url: 'javascript:alert(1)' } } })).status_code).toBe('10001');
    });

    it('is refused to users without a website auth, whatever the unit', async () => {
      shopAdmin.use();
      const before = await snapshot(t.db);
      expect((await frontendWebsiteunitNew({ website_unit: unit('shop_news') })).status_code).toBe('10009');
      expect(await snapshot(t.db)).toEqual(before);
    });
  });

  describe('content', () => {
    it('a generic screen of an entity, by screen id', async () => {
      editor.use();
      const res = await frontendWebsiteunitNew({
        website_unit: unit('all_bundles', { caption: { en: 'All bundles', tr: 'Tüm paketler' }, content: { kind: 'screen', screen: { id: 'bundle', view: 'list' } } }),
      });
      expect(res.status_code).toBe('10000');
      expect(res.website_unit.content).toEqual({ kind: 'screen', screen: { id: 'bundle', view: 'list' } });
    });

    it('rich text is sanitized at save and answered as kept', async () => {
      editor.use();
      const res = await frontendWebsiteunitNew({
        website_unit: unit('about', {
          content: {
            kind: 'rich_text',
            html: {
              en: '<h1>About</h1><p onclick="steal()">We <b>care</b>.<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.com" target="_blank">site</a></p>',
              tr: '<p style="background:url(https://evil.example/x)">Biz<img src=x onerror=alert(1)></p>',
            },
          },
        }),
      });
      expect(res.website_unit.content).toEqual({
        kind: 'rich_text',
        html: {
          en: '<h2>About</h2><p>We <b>care</b>. x <a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>',
          tr: '<p>Biz<img src="x" /></p>',
        },
      });
      const [row] = await t.db.query<{ definition: string }>('select definition::text from website_unit where website_unit_client_id = $1', [res.website_unit.website_unit_client_id]);
      expect(row.definition).not.toMatch(/script|onclick|onerror|javascript:|style=/i);
    });

    it('a frame only of an address on the site’s allow-list', async () => {
      const frame = unit('dashboard_frame', { content: { kind: 'frame', url: 'https://stats.example.org/embed/42' } });
      await refused(() => frontendWebsiteunitNew({ website_unit: frame }), '10038', {
        en: "The address https://stats.example.org is not on this site's frame allow-list. Please add it in the front-end settings first.",
        tr: 'https://stats.example.org adresi bu sitenin çerçeve izin listesinde yok. Lütfen önce ön yüz ayarlarından ekleyin.',
      });
      const admin = await actor(t, 'admin');
      admin.use();
      const settings = tenants.tenants[0].frontend as FrontendConfiguration;
      expect((await frontendSave({ frontend: { ...settings, frame_allowlist: ['https://STATS.example.org'] } })).status_code).toBe('10000');
      editor.use();
      expect((await frontendWebsiteunitNew({ website_unit: frame })).status_code).toBe('10000');
      // Same host, other scheme or port: another origin.
      expect((await frontendWebsiteunitNew({ website_unit: unit('frame_b', { content: { kind: 'frame', url: 'http://stats.example.org/embed' } }) })).status_code).toBe('10038');
      expect((await frontendWebsiteunitNew({ website_unit: unit('frame_c', { content: { kind: 'frame', url: 'https://stats.example.org:8443/x' } }) })).status_code).toBe('10038');
      expect((await frontendWebsiteunitNew({ website_unit: unit('frame_d', { content: { kind: 'frame', url: 'https://stats.example.org.evil.com/x' } }) })).status_code).toBe('10038');
    });
  });

  describe('delete and reorder', () => {
    it('deletes a unit at its version, keeping its last version in the history', async () => {
      editor.use();
      const { website_unit: u } = await frontendWebsiteunitNew({ website_unit: unit('old_promo') });
      const id = u.website_unit_client_id!;
      expect((await frontendWebsiteunitDelete({ website_unit_client_id: id, version: 2 })).status_code).toBe('10030');
      expect(await frontendWebsiteunitDelete({ website_unit_client_id: id, version: 1 })).toMatchObject({ status_code: '10000', website_unit_client_id: id });
      expect((await frontendWebsiteunitList({})).website_unit_list.map((x) => x.route_name)).not.toContain('old_promo');
      expect((await frontendWebsiteunitGet({ website_unit_client_id: id })).status_code).toBe('10016');
      const history = await frontendWebsiteunitHistory({ website_unit_client_id: id });
      expect(history.version_list).toMatchObject([{ version: 1, change: 'delete', website_unit: { route_name: 'old_promo' } }]);
      // Its route name and paths are free again.
      expect((await frontendWebsiteunitNew({ website_unit: unit('old_promo') })).status_code).toBe('10000');
    });

    it('reorders all or nothing, each moved unit to a new version', async () => {
      editor.use();
      const { website_unit: x } = await frontendWebsiteunitNew({ website_unit: unit('order_x', { position: 50 }) });
      const { website_unit: y } = await frontendWebsiteunitNew({ website_unit: unit('order_y', { position: 60 }) });
      const before = await snapshot(t.db);
      const stale = await frontendWebsiteunitReorder({
        website_unit_order: [
          { website_unit_client_id: x.website_unit_client_id!, version: 1, position: 60 },
          { website_unit_client_id: y.website_unit_client_id!, version: 9, position: 50 },
        ],
      });
      expect(stale.status_code).toBe('10030');
      expect(await snapshot(t.db)).toEqual(before);

      const res = await frontendWebsiteunitReorder({
        website_unit_order: [
          { website_unit_client_id: x.website_unit_client_id!, version: 1, position: 60 },
          { website_unit_client_id: y.website_unit_client_id!, version: 1, position: 50 },
        ],
      });
      expect(res.status_code).toBe('10000');
      const names = res.website_unit_list.map((u) => u.route_name);
      expect(names.indexOf('order_y')).toBeLessThan(names.indexOf('order_x'));
      expect(res.website_unit_list.find((u) => u.route_name === 'order_x')).toMatchObject({ position: 60, version: 2 });
    });
  });

  describe('tenant isolation', () => {
    it('localhost’s editors cannot read the history of, update or delete clinical.localhost’s units', async () => {
      t.as({ host: 'clinical.localhost' });
      const [dashboard] = (await frontendWebsiteunitList({})).website_unit_list;
      const before = await snapshot(t.db);
      editor.use();
      expect((await frontendWebsiteunitGet({ website_unit_client_id: CLINICAL_DASHBOARD })).status_code).toBe('10016');
      expect((await frontendWebsiteunitHistory({ website_unit_client_id: CLINICAL_DASHBOARD })).status_code).toBe('10016');
      expect((await frontendWebsiteUnitUpdate({ website_unit: { ...dashboard, website_unit_client_id: CLINICAL_DASHBOARD, version: 1, caption: { en: 'Owned', tr: 'Ele geçirildi' } } })).status_code).toBe('10016');
      expect((await frontendWebsiteunitDelete({ website_unit_client_id: CLINICAL_DASHBOARD, version: 1 })).status_code).toBe('10016');
      expect((await frontendWebsiteunitReorder({ website_unit_order: [{ website_unit_client_id: CLINICAL_DASHBOARD, version: 1, position: 9 }] })).status_code).toBe('10016');
      // A token of localhost sent to clinical.localhost is not a session there.
      editor.use({ host: 'clinical.localhost' });
      expect((await frontendWebsiteunitNew({ website_unit: unit('intruder') })).status_code).toBe('10096');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('checks names and paths within the site only', async () => {
      clinicalAdmin.use();
      // localhost has /home; clinical.localhost may use it.
      const res = await frontendWebsiteunitNew({ website_unit: unit('clinic_home', { path: { en: '/home', tr: '/ana' } }) });
      expect(res.status_code).toBe('10000');
      t.as({ host: 'localhost' });
      expect((await frontendGet({})).website_unit_list.map((u) => u.route_name)).not.toContain('clinic_home');
    });
  });
});
