import type { WebsiteUnit } from '../../src/generated/types/entities';
import {
  buildCatalogue,
  childPages,
  dashboardPath,
  holdsAuth,
  loginRedirect,
  menuTree,
  pageAtPath,
  pathOf,
  type PageDefinition,
} from '../../src/app/router/catalogue';

const on = { login_function: 1, login_function_external: 0, shop_function: 1, clinical_function: 1 } as const;
const names = (pages: PageDefinition[]) => pages.map((p) => p.route_name);
const visitor = { loggedIn: false, authCodes: [] };

const unit = (route_name: string, position: number, extra: Partial<WebsiteUnit> = {}): WebsiteUnit => ({
  route_name,
  path: { en: `/${route_name}`, tr: `/${route_name}-tr` },
  caption: { en: route_name, tr: route_name },
  show_in_menu: true,
  login: false,
  shop_active: false,
  position,
  ...extra,
});

describe('buildCatalogue', () => {
  it('adds the login routes only when login_function is 1, and account routes only without external login', () => {
    expect(names(buildCatalogue(on, []))).toEqual(expect.arrayContaining(['login', 'logout', 'register_approve', 'register', 'password_reset']));

    const external = names(buildCatalogue({ ...on, login_function_external: 1 }, []));
    expect(external).toEqual(expect.arrayContaining(['login', 'logout', 'register_approve']));
    expect(external).not.toContain('register');
    expect(external).not.toContain('password_reset');

    const none = names(buildCatalogue({ ...on, login_function: 0 }, []));
    for (const n of ['login', 'logout', 'register_approve', 'register', 'password_reset', 'user_settings', 'settings']) expect(none).not.toContain(n);
    expect(none).toContain('user_project');
  });

  it('leaves out shop pages when shop_function is 0', () => {
    const pages = buildCatalogue({ ...on, shop_function: 0 }, [unit('promo', 0, { shop_active: true })]);
    expect(pages.every((p) => !p.shop_active)).toBe(true);
    expect(names(pages)).toContain('user_support_details'); // needs login, not the shop
  });

  it('leaves out clinical pages (the rule engine\'s, and units flagged clinical_active) when clinical_function is 0', () => {
    const clinicalUnit = unit('ward', 0, { clinical_active: true });
    const off = buildCatalogue({ ...on, clinical_function: 0 }, [clinicalUnit]);
    for (const n of ['rule_engine_packages', 'rule_engine_algorithm', 'ward']) expect(names(off)).not.toContain(n);
    expect(off.every((p) => !p.clinical_active)).toBe(true);
    // Not routed either: a direct visit of its path finds no page (the router sends it to page404).
    expect(pageAtPath(off, '/kural-motoru-paketleri')).toBeUndefined();
    expect(menuTree(off, visitor).map((n) => n.page.route_name)).not.toContain('rule_engine_packages');
    expect(names(off)).toContain('shop'); // the shop switch is a separate one

    const shown = buildCatalogue(on, [clinicalUnit]);
    expect(names(shown)).toEqual(expect.arrayContaining(['rule_engine_packages', 'rule_engine_algorithm', 'ward']));
    expect(pageAtPath(shown, '/rule-engine-algorithm')?.route_name).toBe('rule_engine_algorithm');
    // In the menu for those who may open it: the packages need a signed-in user.
    expect(menuTree(shown, visitor).map((n) => n.page.route_name)).not.toContain('rule_engine_packages');
    expect(menuTree(shown, { loggedIn: true, authCodes: [] }).map((n) => n.page.route_name)).toContain('rule_engine_packages');
  });

  it('puts website units after the static pages, ordered by position, and drops a unit reusing a route name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pages = buildCatalogue(on, [unit('b', 7), unit('shop', 1), unit('a', 2)]);
    expect(names(pages).slice(-2)).toEqual(['a', 'b']);
    expect(pages.filter((p) => p.route_name === 'shop')).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('access', () => {
  const settings = buildCatalogue(on, []).find((p) => p.route_name === 'settings')!;

  it('admits a page with an auth list to a logged-in holder of one of its codes only', () => {
    expect(holdsAuth(settings, visitor)).toBe(false);
    expect(holdsAuth(settings, { loggedIn: true, authCodes: ['shop_new'] })).toBe(false);
    expect(holdsAuth(settings, { loggedIn: true, authCodes: ['shop_new', 'register'] })).toBe(true);
    expect(holdsAuth(settings, { loggedIn: false, authCodes: ['register'] })).toBe(false);
  });

  it('admits a page without an auth list to anyone', () => {
    const project = buildCatalogue(on, []).find((p) => p.route_name === 'user_project')!;
    expect(holdsAuth(project, visitor)).toBe(true);
  });

  it('lists the children a user may open, in or out of the menu', () => {
    const pages = buildCatalogue(on, []);
    expect(names(childPages(pages, 'settings', { loggedIn: true, authCodes: ['admin'] }))).toContain('authorization_list');
    expect(names(childPages(pages, 'settings', { loggedIn: true, authCodes: ['register'] }))).toEqual(['register_by_authorized_person']);
  });
});

describe('menuTree', () => {
  it('leaves login-needed pages out of a visitor\'s menu and puts the dashboard first', () => {
    const home = { ...unit('home', 0), is_dashboard: true };
    expect(menuTree(buildCatalogue(on, [home]), { loggedIn: false, authCodes: [] }).map((n) => n.page.route_name)).toEqual(['home', 'shop', 'user_project']);
  });

  it('nests menu pages under their parents and leaves out non-menu, frame and unauthorised pages', () => {
    const tree = menuTree(buildCatalogue(on, [unit('home', 0)]), { loggedIn: true, authCodes: [] });
    expect(tree.map((n) => n.page.route_name)).toEqual(['shop', 'user_project', 'rule_engine_packages', 'data_models', 'dose_calculator', 'protocols', 'user_settings', 'home']);
    const shop = tree[0];
    expect(shop.children.map((n) => n.page.route_name)).toEqual([
      'user_shoppingcart',
      'user_shopcart_bundle_order_list',
      'user_product_bundles_active',
      'add_dataset',
      'user_support_list',
    ]);
    expect(tree[1].children).toEqual([]); // project children are not menu pages
  });

  it('shows auth pages to holders', () => {
    const tree = menuTree(buildCatalogue(on, []), { loggedIn: true, authCodes: ['admin'] });
    const settings = tree.find((n) => n.page.route_name === 'settings')!;
    expect(settings.children.map((n) => n.page.route_name)).toEqual([
      'frontend_settings',
      'register_by_authorized_person',
      'frontend_websiteunit_list',
      'user_externalapplication_list',
      'icon_list',
      'db',
      'audit_log',
      'speed_monitoring',
    ]);
  });
});

describe('paths', () => {
  const pages = buildCatalogue(on, [unit('home', 0, { is_dashboard: true, path: { en: '/home', tr: '/anasayfa' } })]);

  it('redirect / to the dashboard in the first language that has a path for it', () => {
    expect(dashboardPath(pages, visitor, ['tr', 'en'])).toBe('/anasayfa');
    expect(dashboardPath(pages, visitor, ['en', 'tr'])).toBe('/home');
    const englishOnly = buildCatalogue(on, [unit('home', 0, { is_dashboard: true, path: { en: '/home' } })]);
    expect(dashboardPath(englishOnly, visitor, ['tr', 'en'])).toBe('/home');
  });

  it('fall back to the first menu page without a dashboard', () => {
    expect(dashboardPath(buildCatalogue(on, []), visitor, ['tr', 'en'])).toBe('/magaza');
    expect(dashboardPath(buildCatalogue({ ...on, shop_function: 0 }, []), visitor, ['en', 'tr'])).toBe('/user-project');
  });

  it('find a page by any of its paths, trailing slash or not', () => {
    expect(pageAtPath(pages, '/kullanici-proje')?.route_name).toBe('user_project');
    expect(pageAtPath(pages, '/user-project/')?.route_name).toBe('user_project');
    expect(pageAtPath(pages, '/nope')).toBeUndefined();
  });

  it('use another language when a page has no path in the active one', () => {
    expect(pathOf({ ...pages[0], path: { en: '/only-en' } }, 'tr')).toBe('/only-en');
  });

  it('build the login redirect with new_url', () => {
    expect(loginRedirect(pages, 'tr', '/kullanici-ayarlari?a=1')).toBe('/login?new_url=%2Fkullanici-ayarlari%3Fa%3D1');
  });
});
