// The generic renderer's pure parts: the rank registry (testers, the best one, an explicit choice), the
// widgets and cells it picks on the real resolved screens, money in minor units, CSV export, tree order and
// moves among siblings, the form schema (a wrapped record, defaults, the version field), derived fields,
// validation messages and server errors, and route inputs filled by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { and, EXPLICIT, formatIs, hasEnum, hintIs, NOT_APPLICABLE, not, or, pickBest, rankWith, schemaTypeIs, type Ranked } from '../../renderers/generic/rank';
import { cellFor, CELLS, fieldText, fieldValue, fillText, recordName } from '../../renderers/generic/cells';
import { FORM_RENDERERS, parseKeyValues } from '../../renderers/generic/record/widgets';
import { buildUiSchema, derivationsOf, serverErrorTree, translateErrors, type FormError } from '../../renderers/generic/record/form';
import { formSchemaOf } from '../../src/domain/form-schema';
import { applyDerivations, deriveValue, slug } from '../../renderers/generic/record/derive';
import { changedFields } from '../../renderers/generic/record/useRecordScreen';
import { toCsv } from '../../renderers/generic/list/export';
import { fileNameOf } from '../../src/app/ui/download';
import { moveItems, reorderItems, siblingEnds, treeOrder } from '../../renderers/generic/list/tree';
import { actionApplies, mayCall } from '../../renderers/generic/context';
import { formatMinor, inputToMinor, minorToInput } from '../../src/domain/money';
import { routeInput, schemaAt, type JsonSchema, type ListTree, type ResolvedScreen } from '../../src/domain/screen';

const ROOT = join(import.meta.dirname, '..', '..');
const resolved = (id: string): ResolvedScreen => JSON.parse(readFileSync(join(ROOT, 'src', 'generated', 'screens', `${id}.json`), 'utf8'));
const ctx = (name = 'x', hints = {}) => ({ name, hints });
const t = i18next.createInstance();
void t.init({ lng: 'tr', resources: { tr: { translation: { common: { yes: 'Evet', no: 'Hayır' }, screen: { topLevel: 'En üst düzey' } } } }, initAsync: false });

describe('the rank registry', () => {
  const registry: (Ranked & { id: string })[] = [
    { name: 'text', id: 'text', tester: rankWith(1, schemaTypeIs('string')) },
    { name: 'date', id: 'date', tester: rankWith(3, and(schemaTypeIs('string'), formatIs('date'))) },
    { name: 'choice', id: 'choice', tester: rankWith(2, hasEnum) },
    { name: 'special', id: 'special', tester: rankWith(5, hintIs('special')) },
  ];

  it('scores a field with each tester and picks the highest; below zero is not applicable', () => {
    expect(rankWith(4, schemaTypeIs('string'))({ type: 'string' }, ctx())).toBe(4);
    expect(rankWith(4, schemaTypeIs('string'))({ type: 'integer' }, ctx())).toBe(NOT_APPLICABLE);
    expect(pickBest(registry, { type: 'string' }, ctx())?.id).toBe('text');
    expect(pickBest(registry, { type: 'string', format: 'date' }, ctx())?.id).toBe('date');
    expect(pickBest(registry, { type: 'string', enum: ['a'] }, ctx())?.id).toBe('choice');
    expect(pickBest(registry, { type: 'boolean' }, ctx())).toBeUndefined();
  });

  it('lets a hint or an explicit name win, and combines predicates', () => {
    expect(pickBest(registry, { type: 'string', format: 'date' }, ctx('x', { widget: 'special' }))?.id).toBe('special');
    expect(pickBest(registry, { type: 'string' }, ctx(), 'choice')?.id).toBe('choice');
    expect(pickBest(registry, { type: 'string' }, ctx(), 'unknown')?.id).toBe('text');
    expect(or(schemaTypeIs('integer'), schemaTypeIs('number'))({ type: 'number' }, ctx())).toBe(true);
    expect(not(hasEnum)({ type: 'string' }, ctx())).toBe(true);
    expect(schemaTypeIs('string')({ type: ['string', 'null'] }, ctx())).toBe(true);
    expect(EXPLICIT).toBeGreaterThan(100);
  });

  it('picks our widgets for the real bundle product form', () => {
    const screen = resolved('bundle_product');
    const schema = formSchemaOf(screen, 'new')!;
    const ui = buildUiSchema(screen, schema, FORM_RENDERERS, 'tr', { loggedIn: true, authCodes: ['shop_bundle_add_edit'] }) as Record<string, Record<string, unknown>>;
    const chosen = (k: string) => ui[k]['ui:widget'] ?? ui[k]['ui:field'];
    expect(chosen('pro_name')).toBe('text');
    expect(chosen('pro_info')).toBe('textarea');
    expect(chosen('pay_type')).toBe('select');
    expect(chosen('currency_amount_list')).toBe('money_list');
    expect(chosen('pro_start_date')).toBe('date');
    expect(chosen('pay_credit_card')).toBe('checkbox');
    expect(chosen('pay_delay_max_days')).toBe('number');
    expect(chosen('organization_user_id')).toBe('reference');
    expect(ui.pro_name['ui:title']).toBe('Ürün adı');
    expect(ui.pro_auth_id['ui:readonly']).toBe(true);
    // Sections in the screen's order, their fields in order; the organization's id is hidden (no one types an id).
    const sections = (ui['ui:options'] as { sections: { id: string; label: string; fields: string[] }[] }).sections;
    expect(sections.map((x) => x.label)).toEqual(['Ürün', 'Fiyat ve ödeme', 'Satış ve kullanım', 'Hazırlık ve görev', 'Diğer diller']);
    // The translations: folded, drawn as groups per language (not as one bilingual text), each field named apart.
    expect(sections.at(-1)).toMatchObject({ fields: ['translations'], advanced: true });
    expect(chosen('translations')).toBeUndefined();
    expect(ui.translations['ui:title']).toBe('Çeviriler');
    const english = ui.translations.en as Record<string, Record<string, unknown>>;
    expect(english['ui:title']).toBe('İngilizce');
    expect(english.pro_name['ui:title']).toBe('İngilizce ürün adı');
    expect(english.pro_info['ui:widget']).toBe('textarea');
    expect((ui.translations.tr as Record<string, Record<string, unknown>>).pro_count_suffix['ui:title']).toBe('Türkçe adet birimi');
    expect(ui['ui:order']).toEqual([...sections.flatMap((x) => x.fields), '*']);
    expect(ui.organization_id['ui:widget']).toBe('hidden');
    const admin = buildUiSchema(screen, schema, FORM_RENDERERS, 'en', { loggedIn: true, authCodes: ['shop_admin'] }) as Record<string, Record<string, unknown>>;
    expect(admin.pro_auth_id['ui:readonly']).toBeUndefined();
    expect(admin.pro_name['ui:title']).toBe('Product name');
  });

  it('picks bilingual, auth-code and file renderers by their schemas', () => {
    const pick = (schema: JsonSchema, hints = {}) => pickBest(FORM_RENDERERS, schema, { name: 'f', hints })?.name;
    expect(pick({ type: 'object', properties: { en: { type: 'string' }, tr: { type: 'string' } } })).toBe('bilingual');
    // A record's translations hold an object per language: not a bilingual text.
    expect(pick({ type: 'object', properties: { en: { type: 'object', properties: {} }, tr: { type: 'object', properties: {} } } })).toBeUndefined();
    expect(pick({ type: 'array', items: { title: 'AuthCode', type: 'string', enum: ['admin', 'shop_admin'] } })).toBe('auth_codes');
    expect(pick({ type: 'string', enum: ['admin', 'website_edit'] })).toBe('auth_codes');
    expect(pickBest(FORM_RENDERERS, { type: 'string', pattern: '^$|^[a-z_]+(,[a-z_]+)*$' }, { name: 'auth', hints: { widget: 'auth_codes' } }, 'auth_codes')?.name).toBe('auth_codes');
    expect(pick({ type: 'string', pattern: '^data:[a-z]+/[a-z]+;base64,.*$' })).toBe('file');
    expect(pick({ type: 'string', format: 'date-time' })).toBe('datetime');
    expect(pick({ type: 'integer' }, {})).toBe('number');
    expect(pickBest(FORM_RENDERERS, { type: 'integer' }, { name: 'total_amount', hints: {} })?.name).toBe('money');
  });
});

describe('cells', () => {
  const c = { lang: 'tr' as const, t: t.t };
  it('are chosen by rank and give the text of lists and exports', () => {
    const order = resolved('shop_order').entity_schema;
    const props = order.properties!;
    expect(cellFor(props.order_status, 'order_status', order).text('payment_waiting', {}, props.order_status, c)).toBe('Ödeme bekleniyor');
    expect(cellFor(props.total_amount, 'total_amount', order).text(149990, { currency_type: 0 }, props.total_amount, c)).toBe('₺1.499,90');
    expect(cellFor(props.order_date, 'order_date', order).name).toBe('datetime');
    const product = resolved('bundle_product').entity_schema;
    const list = product.properties!.currency_amount_list;
    const prices = [{ currency_type: 1, amount: 250 }, { currency_type: 0, amount: 100 }];
    // Without a chosen currency every price, in the currencies' order; with one, the price in it when there is one.
    expect(cellFor(list, 'currency_amount_list', product).text(prices, {}, list, { ...c, lang: 'en' })).toBe('₺1.00 · $2.50');
    expect(cellFor(list, 'currency_amount_list', product).text(prices, {}, list, { ...c, lang: 'en', currency: 1 })).toBe('$2.50');
    expect(cellFor(list, 'currency_amount_list', product).text([{ currency_type: 0, amount: 100 }], {}, list, { ...c, lang: 'en', currency: 1 })).toBe('₺1.00');
    expect(cellFor({ type: 'boolean' }, 'b', undefined).text(true, {}, {}, c)).toBe('Evet');
    expect(cellFor({ type: 'string', format: 'date' }, 'd', undefined).text('2025-03-01', {}, {}, { ...c, lang: 'en' })).toBe('1 Mar 2025');
    expect(cellFor(undefined, 'x', undefined).text(null, {}, {}, c)).toBe('');
    expect(cellFor({ type: 'integer' }, 'n', undefined, 'money').name).toBe('money');
    expect(CELLS.map((x) => x.name)).toContain('bilingual');
  });

  it("show a record's text in the reader's language: its translation when not empty, else the field, at any depth", () => {
    const bundle = resolved('bundle');
    const props = bundle.entity_schema.properties!;
    const trial = { bundle_client_id: 'b1', bundle_name: 'Ücretsiz Deneme', feature_list: ['Kart gerekmez'], translations: { en: { bundle_name: 'Free Trial', feature_list: ['No card needed'] }, tr: { bundle_name: ' ' } } };
    const name = cellFor(props.bundle_name, 'bundle_name', bundle.entity_schema);
    const features = cellFor(props.feature_list, 'feature_list', bundle.entity_schema);
    expect(fieldText(name, trial, 'bundle_name', props.bundle_name, c)).toBe('Ücretsiz Deneme');
    expect(fieldText(name, trial, 'bundle_name', props.bundle_name, { ...c, lang: 'en' })).toBe('Free Trial');
    expect(fieldText(features, trial, 'feature_list', props.feature_list, { ...c, lang: 'en' })).toBe('No card needed');
    // A window list's item holds the bundle: the translation is the bundle's own.
    expect(fieldValue({ bundle: trial, product_list: [] }, 'bundle.bundle_name', 'en')).toBe('Free Trial');
    expect(fieldValue({ bundle: trial }, 'bundle.bundle_name', 'tr')).toBe('Ücretsiz Deneme');
    expect(fieldValue({ bundle_status: 'active' }, 'bundle_status', 'en')).toBe('active');
    expect(recordName(bundle, trial, { ...c, lang: 'en' })).toBe('Free Trial');
    expect(fillText('{{label}}: {{feature_list}}', bundle, trial, { ...c, lang: 'en' })).toBe('Free Trial: No card needed');
  });

  it('name a page by its caption, label the kinds of a oneOf, and fill a screen text with a record', () => {
    const units = resolved('website_unit');
    const entity = units.entity_schema;
    const pages = [{ route_name: 'settings', caption: { en: 'Settings', tr: 'Ayarlar' } }];
    const parent = cellFor(schemaAt(entity, 'parent'), 'parent', entity, 'page_caption');
    expect(parent.text('settings', {}, {}, { ...c, pages })).toBe('Ayarlar');
    expect(parent.text(null, {}, {}, { ...c, pages })).toBe('En üst düzey');
    expect(parent.text('gone', {}, {}, { ...c, pages })).toBe('gone');
    // content.kind: the consts of content's oneOf, labelled by their branches.
    const kind = schemaAt(entity, 'content.kind')!;
    expect(kind.enum).toEqual(['text', 'screen', 'rich_text', 'frame', 'shop_highlights', 'clinical_dashboard', 'data_model_form']);
    expect(cellFor(kind, 'kind', entity).text('shop_highlights', {}, kind, c)).toBe('Mağaza vitrini');
    expect(cellFor(kind, 'kind', entity).text('rich_text', {}, kind, c)).toBe('Zengin metin');
    expect(cellFor(kind, 'kind', entity).text('clinical_dashboard', {}, kind, c)).toBe('Klinik panel');
    expect(cellFor(kind, 'kind', entity).text('screen', {}, kind, { ...c, lang: 'en' })).toBe('List or record screen');
    expect(schemaAt(entity, 'path.en')?.pattern).toBe('^/[a-z0-9-]+(/[a-z0-9-]+)*$');
    expect(schemaAt(entity, 'content.html')?.required).toEqual(['en', 'tr']);
    const news = { caption: { en: 'News', tr: 'Haberler' }, version: 4, website_unit_client_id: 'u1' };
    expect(recordName(units, news, { ...c, lang: 'en' })).toBe('News');
    expect(fillText('“{{label}}” silinsin mi? (sürüm {{version}})', units, news, c)).toBe('“Haberler” silinsin mi? (sürüm 4)');
  });
});

describe('tree lists', () => {
  const TREE: ListTree = { parent: 'parent', key: 'route_name', position: 'position' };
  const unit = (route_name: string, extra: Record<string, unknown> = {}) => ({ website_unit_client_id: `id-${route_name}`, version: 1, route_name, position: 0, ...extra });
  const idOf = (r: { website_unit_client_id?: unknown }) => String(r.website_unit_client_id);
  const ITEM = ['website_unit_client_id', 'version', 'position'];
  const units = [unit('a', { position: 10 }), unit('b', { position: 20 }), unit('a1', { parent: 'a', position: 5 }), unit('s', { parent: 'settings', position: 0 }), unit('c', { position: 20 })];

  it('list each record’s children right after it, one level deeper', () => {
    expect(treeOrder(units, TREE).map((r) => `${r.row.route_name}:${r.depth}`)).toEqual(['a:0', 'a1:1', 'b:0', 'c:0', 's:0']);
    const ends = siblingEnds(units, TREE);
    expect(ends.get(units[0])).toEqual({ first: true, last: false });
    expect(ends.get(units[4])).toEqual({ first: false, last: true });
    expect(ends.get(units[3])).toEqual({ first: true, last: true });
  });

  it('swap distinct positions, and number tied siblings again', () => {
    const x = unit('x', { position: 1 });
    const y = unit('y', { position: 7 });
    expect(reorderItems(moveItems([x, y], y, -1, TREE, idOf)!, ITEM, TREE)).toEqual([
      { website_unit_client_id: 'id-y', version: 1, position: 1 },
      { website_unit_client_id: 'id-x', version: 1, position: 7 },
    ]);
    // a(10), b(20), c(20): moving c up numbers the group 10, 20, 30 in the new order a, c, b; only b moves.
    expect(reorderItems(moveItems(units, units[4], -1, TREE, idOf)!, ITEM, TREE)).toEqual([{ website_unit_client_id: 'id-b', version: 1, position: 30 }]);
    expect(moveItems(units, units[0], -1, TREE, idOf)).toBeNull();
    expect(moveItems(units, units[3], 1, TREE, idOf)).toBeNull();
  });
});

describe('derived fields', () => {
  it('slug spells Turkish letters in English letters and joins words', () => {
    expect(slug('Kampanya Haberleri')).toBe('kampanya-haberleri');
    expect(slug('Şirket Çalışanları & Öğrenciler')).toBe('sirket-calisanlari-ogrenciler');
    expect(slug('İletişim')).toBe('iletisim');
    expect(slug('Campaign News!', '_')).toBe('campaign_news');
    expect(slug('  ')).toBe('');
    expect(deriveValue('path', 'Hakkımızda')).toBe('/hakkimizda');
    expect(deriveValue('name', '2025 News')).toBeUndefined();
    expect(deriveValue('name', 'Campaign News', 5)).toBe('campa');
    expect(deriveValue('path', '!!')).toBeUndefined();
  });

  it('follow their source until the user types their own value', () => {
    const units = resolved('website_unit');
    const rules = derivationsOf(units, formSchemaOf(units, 'new')!);
    expect(rules.map((r) => `${r.path}<${r.from}:${r.as}`)).toEqual(['path.tr<caption.tr:path', 'path.en<caption.en:path', 'route_name<caption.en:name']);
    let data: Record<string, unknown> = {};
    const type = (next: Record<string, unknown>) => (data = applyDerivations(data, next, rules));
    type({ caption: { tr: 'Kampanya' } });
    expect(data).toEqual({ caption: { tr: 'Kampanya' }, path: { tr: '/kampanya' } });
    type({ ...data, caption: { tr: 'Kampanya Haberleri', en: 'Campaign News' } });
    expect(data).toMatchObject({ path: { tr: '/kampanya-haberleri', en: '/campaign-news' }, route_name: 'campaign_news' });
    // Typed by hand: it stays when the caption changes again.
    type({ ...data, path: { tr: '/kampanyalar', en: '/campaign-news' } });
    type({ ...data, caption: { tr: 'Duyurular', en: 'Announcements' } });
    expect(data).toMatchObject({ path: { tr: '/kampanyalar', en: '/announcements' }, route_name: 'announcements' });
  });
});

describe('money in minor units', () => {
  it('formats and reads amounts in each language', () => {
    expect(formatMinor(149990, 0, 'tr')).toBe('₺1.499,90');
    expect(formatMinor(149990, 1, 'en')).toBe('$1,499.90');
    expect(formatMinor(5, 1, 'tr')).toBe('$0,05');
    expect(formatMinor(1234, null, 'tr')).toBe('12,34');
    expect(minorToInput(149990, 0, 'tr')).toBe('1499,90');
    expect(minorToInput(149990, 0, 'en')).toBe('1499.90');
    expect(inputToMinor('1.499,90')).toBe(149990);
    expect(inputToMinor('1,499.90')).toBe(149990);
    expect(inputToMinor('1499.9')).toBe(149990);
    expect(inputToMinor('1.499')).toBe(149900);
    expect(inputToMinor('12')).toBe(1200);
    expect(inputToMinor('  ')).toBeNull();
    expect(inputToMinor('12a')).toBeNaN();
  });
});

describe('exports', () => {
  it('write RFC 4180 CSV with a byte-order mark and defuse formulas', () => {
    const csv = toCsv(['Ad', 'Not'], [['Şule', 'a,b'], ['=1+2', 'say "hi"'], ['-5', '@x']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['Ad,Not', 'Şule,"a,b"', `'=1+2,"say ""hi"""`, `'-5,'@x`, '']);
    expect(fileNameOf('Paket Ürünleri')).toBe('paket-urunleri');
    expect(fileNameOf('***')).toBe('export');
  });
});

describe('record forms', () => {
  const bundle = resolved('bundle');

  it('are the save route request without the parameters and the key, one object per screen and mode', () => {
    const edit = formSchemaOf(bundle, 'edit')!;
    expect(Object.keys(edit.properties!)).toEqual(['bundle_name', 'feature_list', 'organization_id', 'organization_user_id', 'task_type', 'priority', 'buyer_limit', 'translations']);
    expect(edit.required).toEqual(['bundle_name']);
    expect(edit.$id).toBe('https://sema.dev/screens/bundle/user_shop_bundle_edit.form.json');
    expect(formSchemaOf(bundle, 'edit')).toBe(edit);
    expect(formSchemaOf(resolved('bundle_details'), 'edit')).toBeUndefined();
  });

  it('edit the record a request wraps, without its key and version, with the screen’s defaults', () => {
    const units = resolved('website_unit');
    const edit = formSchemaOf(units, 'edit')!;
    const fields = Object.keys(edit.properties!);
    expect(fields).toEqual(expect.arrayContaining(['route_name', 'path', 'caption', 'icon', 'parent', 'auth', 'position', 'content']));
    for (const gone of ['website_unit_client_id', 'version', 'route_view', 'screen']) expect(fields).not.toContain(gone);
    expect(edit.required).toEqual(['route_name', 'path', 'caption', 'show_in_menu', 'login', 'shop_active', 'position']);
    expect(edit.properties!.position.default).toBe(100);
    expect(edit.properties!.content.default).toEqual({ kind: 'text' });
    expect(edit.properties!.content.discriminator).toEqual({ propertyName: 'kind' });
    const screenBranch = (edit.properties!.content.oneOf as JsonSchema[]).find((b) => b.properties?.kind.const === 'screen')!;
    expect(screenBranch.properties!.screen.properties!.view.default).toBe('list');
    // The resolved screen itself is left as it was.
    expect(units.route_table.frontend_website_unit_update.request.properties!.website_unit.properties!.position.default).toBeUndefined();
    const { tree, elsewhere } = serverErrorTree([{ field: 'website_unit.path.tr', message: 'taken' }, { field: 'website_unit.content.url', message: 'not allowed' }], edit, 'website_unit', 'tr');
    expect(tree).toEqual({ path: { tr: { __errors: ['taken'] } }, content: { url: { __errors: ['not allowed'] } } });
    expect(elsewhere).toEqual([]);
    // A branch's field is named through the oneOf.
    const missing = translateErrors([{ name: 'required', property: '.content.html', params: { missingProperty: 'html' }, stack: '' }], edit, 'tr', 'frontend_website_unit_update', {});
    expect(missing[0].stack).toBe('İçerik › Metin: zorunludur');
    const ui = buildUiSchema(units, edit, FORM_RENDERERS, 'tr', { loggedIn: true, authCodes: [] }) as Record<string, Record<string, unknown>>;
    expect(ui.content['ui:field']).toBe('one_of');
    expect(ui.content['ui:fieldReplacesAnyOrOneOf']).toBe(true);
    expect((ui.content.html as Record<string, unknown>)['ui:field']).toBe('rich_text');
    expect((ui.content.screen as Record<string, Record<string, unknown>>).params['ui:field']).toBe('key_values');
    expect(ui.icon['ui:widget']).toBe('icon');
    expect(ui.auth['ui:field']).toBe('auth_codes');
  });

  it('tell what the server changed of a saved record, and read name=value lines', () => {
    expect(changedFields({ caption: { tr: ' A ', en: 'B' }, content: { kind: 'rich_text', html: { tr: '<p onclick="x">a</p>', en: 'b' } }, icon: 'tag' }, { caption: { tr: 'A', en: 'B' }, content: { kind: 'rich_text', html: { tr: '<p>a</p>', en: 'b' } } })).toEqual(['content']);
    expect(parseKeyValues('shop_client_id = 42\n\nshop client id\nview=list')).toEqual({ values: { shop_client_id: '42', view: 'list' }, bad: ['shop client id'] });
  });

  it('translate ajv errors, with the spec message where section 5 has one', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { username: { type: 'string', 'x-label': { en: 'Username', tr: 'Kullanıcı adı' } }, bundle_name: { type: 'string', maxLength: 3, 'x-label': { en: 'Name', tr: 'Ad' } } },
    };
    const errors: FormError[] = [
      { name: 'required', property: '.username', params: { missingProperty: 'username' }, stack: '' },
      { name: 'maxLength', property: '.bundle_name', params: { limit: 3 }, stack: '' },
      { name: 'if', property: '', params: {}, stack: '' },
    ];
    const tr = translateErrors(errors, schema, 'tr', 'register', { bundle_name: 'abcd' });
    expect(tr.map((e) => e.stack)).toEqual(['Kullanıcı adı: Kullanıcı adı boş olamaz', 'Ad: en fazla 3 karakter olmalıdır']);
    const en = translateErrors(errors, schema, 'en', 'user_shop_bundle_new', { bundle_name: 'abcd' });
    expect(en.map((e) => e.message)).toEqual(['Username cannot be empty', 'must be at most 3 characters']);
  });

  it('put the server field errors on their fields and the others apart', () => {
    const schema = formSchemaOf(bundle, 'edit')!;
    const { tree, elsewhere } = serverErrorTree(
      [
        { field: 'bundle_name', message: 'taken' },
        { field: 'feature_list.1', message: 'too long' },
        { field: 'shop_client_id', message: 'closed' },
      ],
      schema,
      undefined,
      'tr',
    );
    expect(tree).toEqual({ bundle_name: { __errors: ['taken'] }, feature_list: { 1: { __errors: ['too long'] } } });
    // A field the form does not show and has no label for is not named by its path.
    expect(elsewhere).toEqual(['closed']);
  });
});

describe('routes and permissions', () => {
  const bundle = resolved('bundle');
  const passive = bundle.route_table.user_shop_bundle_status_passive;

  it('fill a route input by name: parameters first, then the record', () => {
    expect(routeInput(passive, { shop_client_id: 's', user_client_id: 'me' }, { bundle_client_id: 'b', user_client_id: 'creator', bundle_name: 'x' })).toEqual({
      shop_client_id: 's',
      user_client_id: 'me',
      bundle_client_id: 'b',
    });
  });

  it('offer a route to callers its caller type and auth codes admit, an action only where its `when` holds', () => {
    expect(mayCall(passive, { loggedIn: true, authCodes: ['shop_order_bundle_status_management'] })).toBe(true);
    expect(mayCall(passive, { loggedIn: true, authCodes: ['shop_card_view'] })).toBe(false);
    expect(mayCall(passive, { loggedIn: false, authCodes: [] })).toBe(false);
    expect(mayCall(passive, { loggedIn: true, authCodes: ['shop_bundle_add_edit'] }, ['admin'])).toBe(false);
    expect(mayCall(undefined, { loggedIn: true, authCodes: ['admin'] })).toBe(false);
    const action = bundle.list!.row_actions!.find((a) => a.id === 'set_passive')!;
    expect(actionApplies(action, { bundle_status: 'active' })).toBe(true);
    expect(actionApplies(action, { bundle_status: 'passive' })).toBe(false);
  });
});
