// Website units as catalogue pages (their component follows from the content kind), the frame allow-list
// check, the unit list's ordering helpers and the path slugs of the unit form.
import { buildCatalogue, pageAtPath, pageNamed } from '../../src/app/router/catalogue';
import { frameAllowed, originOf, unitPage } from '../../src/app/router/units';
import type { WebsiteUnit } from '../../src/generated/types/entities';
import { moveItems, treeOrder } from '../../src/pages/FrontendWebsiteunitList';
import { slug } from '../../src/pages/FrontendWebunit';

const on = { login_function: 1, login_function_external: 0, shop_function: 1 } as const;

const unit = (route_name: string, extra: Partial<WebsiteUnit> = {}): WebsiteUnit & { website_unit_client_id: string; version: number } => ({
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

describe('unit list order', () => {
  const units = [
    unit('a', { position: 10 }),
    unit('b', { position: 20 }),
    unit('a1', { parent: 'a', position: 5 }),
    unit('s', { parent: 'settings', position: 0 }),
    unit('c', { position: 20 }),
  ];

  it('lists each unit’s children right after it', () => {
    expect(treeOrder(units).map((r) => `${r.unit.route_name}:${r.depth}`)).toEqual(['a:0', 'a1:1', 'b:0', 'c:0', 's:0']);
  });

  it('swaps distinct positions, and numbers tied siblings again', () => {
    expect(moveItems([unit('x', { position: 1 }), unit('y', { position: 7 })], unit('y', { position: 7 }), -1)).toEqual([
      { website_unit_client_id: 'id-y', version: 1, position: 1 },
      { website_unit_client_id: 'id-x', version: 1, position: 7 },
    ]);
    // a(10), b(20), c(20): moving c up numbers the group 10, 20, 30 in the new order a, c, b; only b moves.
    expect(moveItems(units, units[4], -1)).toEqual([{ website_unit_client_id: 'id-b', version: 1, position: 30 }]);
    expect(moveItems(units, units[0], -1)).toBeNull();
    expect(moveItems(units, units[3], 1)).toBeNull();
  });
});

describe('slug', () => {
  it('spells Turkish letters in English letters and joins words', () => {
    expect(slug('Kampanya Haberleri')).toBe('kampanya-haberleri');
    expect(slug('Şirket Çalışanları & Öğrenciler')).toBe('sirket-calisanlari-ogrenciler');
    expect(slug('İletişim')).toBe('iletisim');
    expect(slug('Campaign News!', '_')).toBe('campaign_news');
    expect(slug('  ')).toBe('');
  });
});
