// The generic renderer's pure parts: the rank registry (testers, the best one, an explicit choice), the
// widgets and cells it picks on the real resolved screens, money in minor units, CSV export, the form
// schema, validation messages and server errors, and route inputs filled by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { and, EXPLICIT, formatIs, hasEnum, hintIs, NOT_APPLICABLE, not, or, pickBest, rankWith, schemaTypeIs, type Ranked } from '../../renderers/generic/rank';
import { cellFor, CELLS } from '../../renderers/generic/cells';
import { FORM_RENDERERS } from '../../renderers/generic/record/widgets';
import { buildUiSchema, formSchemaOf, serverErrorTree, translateErrors, type FormError } from '../../renderers/generic/record/form';
import { fileNameOf, toCsv } from '../../renderers/generic/list/export';
import { actionApplies, mayCall } from '../../renderers/generic/context';
import { formatMinor, inputToMinor, minorToInput } from '../../src/domain/money';
import { routeInput, type JsonSchema, type ResolvedScreen } from '../../src/domain/screen';

const ROOT = join(import.meta.dirname, '..', '..');
const resolved = (id: string): ResolvedScreen => JSON.parse(readFileSync(join(ROOT, 'src', 'generated', 'screens', `${id}.json`), 'utf8'));
const ctx = (name = 'x', hints = {}) => ({ name, hints });
const t = i18next.createInstance();
void t.init({ lng: 'tr', resources: { tr: { translation: { common: { yes: 'Evet', no: 'Hayır' } } } }, initAsync: false });

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
    expect(ui['ui:order']).toEqual([...screen.record!.order!.filter((k) => schema.properties![k]), '*']);
    const admin = buildUiSchema(screen, schema, FORM_RENDERERS, 'en', { loggedIn: true, authCodes: ['shop_admin'] }) as Record<string, Record<string, unknown>>;
    expect(admin.pro_auth_id['ui:readonly']).toBeUndefined();
    expect(admin.pro_name['ui:title']).toBe('Product name');
  });

  it('picks bilingual, auth-code and file renderers by their schemas', () => {
    const pick = (schema: JsonSchema, hints = {}) => pickBest(FORM_RENDERERS, schema, { name: 'f', hints })?.name;
    expect(pick({ type: 'object', properties: { en: { type: 'string' }, tr: { type: 'string' } } })).toBe('bilingual');
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
    expect(cellFor(list, 'currency_amount_list', product).text([{ currency_type: 0, amount: 100 }, { currency_type: 1, amount: 250 }], {}, list, { ...c, lang: 'en' })).toBe('₺1.00 · $2.50');
    expect(cellFor({ type: 'boolean' }, 'b', undefined).text(true, {}, {}, c)).toBe('Evet');
    expect(cellFor({ type: 'string', format: 'date' }, 'd', undefined).text('2025-03-01', {}, {}, { ...c, lang: 'en' })).toBe('1 Mar 2025');
    expect(cellFor(undefined, 'x', undefined).text(null, {}, {}, c)).toBe('');
    expect(cellFor({ type: 'integer' }, 'n', undefined, 'money').name).toBe('money');
    expect(CELLS.map((x) => x.name)).toContain('bilingual');
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
    expect(Object.keys(edit.properties!)).toEqual(['bundle_name', 'feature_list', 'organization_id', 'organization_user_id', 'task_type', 'priority']);
    expect(edit.required).toEqual(['bundle_name']);
    expect(edit.$id).toBe('https://sema.dev/screens/bundle/user_shop_bundle_edit.form.json');
    expect(formSchemaOf(bundle, 'edit')).toBe(edit);
    expect(formSchemaOf(resolved('bundle_details'), 'edit')).toBeUndefined();
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
    );
    expect(tree).toEqual({ bundle_name: { __errors: ['taken'] }, feature_list: { 1: { __errors: ['too long'] } } });
    expect(elsewhere).toEqual(['shop_client_id: closed']);
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
