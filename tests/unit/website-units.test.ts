// Website units as catalogue pages (their component follows from the content kind) and the frame allow-list
// check. The unit list's tree order and moves and the form's path slugs are the generic renderer's
// (tests/unit/generic-renderer.test.ts).
import { buildCatalogue, pageAtPath, pageNamed } from '../../src/app/router/catalogue';
import { frameAllowed, originOf } from '../../src/domain/frame-origins';
import { unitPage } from '../../src/app/router/units';
import type { WebsiteUnit } from '../../src/generated/types/entities';

const on = { login_function: 1, login_function_external: 0, shop_function: 1, clinical_function: 1 } as const;

const unit = (route_name: string, extra: Partial<WebsiteUnit> = {}): WebsiteUnit => ({
  website_unit_client_id: `id-${route_name}`,
  version: 1,
  route_name,
  path: { en: `/${route_name}` },
  caption: { en: route_name, tr: route_name },
  show_in_menu: true,
  login: false,
  shop_active: false,
  position: 0,
  ...extra,
});

describe('unitPage', () => {
  it('renders a screen unit with the generic screen, rich text and frames with the unit page, text with the generic page', () => {
    expect(unitPage(unit('bundles', { content: { kind: 'screen', screen: { id: 'bundle', view: 'list' } } }))).toMatchObject({
      route_view: 'GenericScreen',
      screen: { id: 'bundle', view: 'list' },
    });
    expect(unitPage(unit('about', { content: { kind: 'rich_text', html: { en: '<p>a</p>', tr: '<p>b</p>' } } })).route_view).toBe('WebsiteUnit');
    expect(unitPage(unit('stats', { content: { kind: 'frame', url: 'https://x.example' } })).route_view).toBe('WebsiteUnit');
    expect(unitPage(unit('home', { content: { kind: 'shop_highlights', count: 3 } })).route_view).toBe('ShopHighlights');
    expect(unitPage(unit('dashboard', { content: { kind: 'clinical_dashboard' } })).route_view).toBe('ClinicalDashboard');
    expect(unitPage(unit('home', { content: { kind: 'text' } })).route_view).toBeUndefined();
  });

  it('is what the catalogue holds for a unit', () => {
    const pages = buildCatalogue(on, [unit('bundles', { content: { kind: 'screen', screen: { id: 'bundle', view: 'list' } } })]);
    expect(pageNamed(pages, 'bundles')).toMatchObject({ route_view: 'GenericScreen', screen: { id: 'bundle', view: 'list' } });
  });
});

describe('pageAtPath', () => {
  it('ignores case and a trailing slash, as the router did', () => {
    const pages = buildCatalogue(on, [unit('news', { path: { en: '/news', tr: '/haberler' } })]);
    expect(pageAtPath(pages, '/Haberler/')?.route_name).toBe('news');
    expect(pageAtPath(pages, '/NEWS')?.route_name).toBe('news');
  });
});

describe('frame allow-list', () => {
  it('compares origins: scheme, host and port', () => {
    const list = ['https://Stats.example.org', 'http://localhost:5173'];
    expect(frameAllowed('https://stats.example.org/embed?x=1', list)).toBe(true);
    expect(frameAllowed('https://stats.example.org:443/a', list)).toBe(true);
    expect(frameAllowed('http://stats.example.org/a', list)).toBe(false);
    expect(frameAllowed('https://stats.example.org.evil.com/a', list)).toBe(false);
    expect(frameAllowed('http://localhost:5173/x', list)).toBe(true);
    expect(frameAllowed('javascript:alert(1)', list)).toBe(false);
    expect(frameAllowed('https://stats.example.org', undefined)).toBe(false);
    expect(originOf('data:text/html,x')).toBeNull();
  });
});
