// Bundles and bundle products in the database (server/db/migrations/0006_shop.sql; their translations,
// 0013_catalogue_translations.sql): the rows as the contract's records, the rules a product must follow
// beyond its schema, and the writes shared by the bundle handlers and the Excel update
// (server/services/bundle-excel.ts).
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { Bundle, BundleProduct } from '../../src/generated/types/entities.ts';
import type { UserShopBundleListRequest, UserShopBundleProductListRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

import type { Bilingual } from '../../src/domain/language.ts';
export type { Bilingual };

/** What a bundle form sends (bundle/new and bundle/edit without the ids). */
export interface BundleFields {
  bundle_name: string;
  feature_list?: string[];
  organization_id?: string;
  organization_user_id?: string;
  task_type?: Bundle['task_type'];
  priority?: Bundle['priority'];
  buyer_limit?: number;
  translations?: Bundle['translations'];
}

export const BUNDLE_FIELD_NAMES = ['bundle_name', 'feature_list', 'organization_id', 'organization_user_id', 'task_type', 'priority', 'buyer_limit', 'translations'] as const;

/** What a product form sends (product/new and product/edit without the ids). */
export interface ProductFields {
  pro_name: string;
  pro_info?: string;
  pro_group_name?: string;
  pay_type?: BundleProduct['pay_type'];
  pay_period_type?: BundleProduct['pay_period_type'];
  currency_type?: 0 | 1;
  currency_amount_list?: { currency_type: 0 | 1; amount: number }[];
  preparation_type?: BundleProduct['preparation_type'];
  pay_credit_card?: boolean;
  pay_transfer_to_account?: boolean;
  pay_delay_max_days?: number;
  pro_start_date?: string;
  pro_end_date?: string;
  pro_usage_count?: number;
  pro_usage_count_type?: BundleProduct['pro_usage_count_type'];
  pro_count_suffix?: string;
  pro_auth_id?: string;
  organization_id?: string;
  organization_user_id?: string;
  task_type?: BundleProduct['task_type'];
  priority?: BundleProduct['priority'];
  translations?: BundleProduct['translations'];
}

/** The product columns stored as they are sent (prices live in bundle_product_price). */
export const PRODUCT_COLUMNS = [
  'pro_name',
  'pro_info',
  'pro_group_name',
  'pay_type',
  'pay_period_type',
  'currency_type',
  'preparation_type',
  'pay_credit_card',
  'pay_transfer_to_account',
  'pay_delay_max_days',
  'pro_start_date',
  'pro_end_date',
  'pro_usage_count',
  'pro_usage_count_type',
  'pro_count_suffix',
  'pro_auth_id',
  'organization_id',
  'organization_user_id',
  'task_type',
  'priority',
] as const satisfies readonly (keyof ProductFields)[];

export const PRODUCT_FIELD_NAMES = [...PRODUCT_COLUMNS, 'currency_amount_list', 'translations'] as const;

/** The languages a catalogue text may be translated into (the contract's translations keys). */
const TRANSLATION_LANGS = ['en', 'tr'] as const satisfies readonly Lang[];

/**
 * A condition matching a catalogue text in any language (the field itself or a translation of it) against
 * an ilike pattern: the SQL with one `?` per language and the field, and the pattern for each.
 */
function anyLanguageLike(alias: string, field: string, pattern: string): { sql: string; params: string[] } {
  const texts = [`${alias}.${field}`, ...TRANSLATION_LANGS.map((l) => `${alias}.translations -> '${l}' ->> '${field}'`)];
  return { sql: `(${texts.map((t) => `${t} ilike ? escape '\\'`).join(' or ')})`, params: texts.map(() => pattern) };
}

/** SQL: a catalogue text as a reader of `lang` sees it (src/domain/catalogue-text.ts): the translation when not blank, else the field. */
function shownText(alias: string, field: string, lang: Lang): string {
  const translated = `${alias}.translations -> '${lang === 'en' ? 'en' : 'tr'}' ->> '${field}'`;
  return `case when btrim(${translated}) <> '' then ${translated} else ${alias}.${field} end`;
}

/** A product on sale: active, and today inside its start and end dates (the database's day). */
export const ON_SALE = `p.pro_status = 'active' and (p.pro_start_date is null or p.pro_start_date <= current_date)
  and (p.pro_end_date is null or p.pro_end_date >= current_date)`;

export const BUNDLE_SELECT = `select b.bundle_client_id, b.shop_client_id, b.user_id, b.bundle_name, b.feature_list, b.bundle_status, b.active_date,
  b.passive_date, b.organization_id, b.organization_name, b.organization_user_id, b.organization_username, b.task_type, b.priority,
  b.buyer_limit, b.translations
  from bundle b`;

export const PRODUCT_SELECT = `select p.pro_client_id, p.bundle_client_id, p.shop_client_id, p.pro_name, p.pro_info, p.pro_group_name, p.pay_type,
  p.pay_period_type, p.currency_type, p.preparation_type, p.pay_credit_card, p.pay_transfer_to_account, p.pay_delay_max_days,
  to_char(p.pro_start_date, 'YYYY-MM-DD') as pro_start_date, to_char(p.pro_end_date, 'YYYY-MM-DD') as pro_end_date, p.pro_usage_count,
  p.pro_usage_count_type, p.pro_count_suffix, p.pro_auth_id, p.pro_status, p.organization_id, p.organization_name, p.organization_user_id,
  p.organization_username, p.task_type, p.priority, p.translations,
  (select json_agg(json_build_object('currency_type', pp.currency_type, 'amount', pp.amount) order by pp.position)
     from bundle_product_price pp where pp.pro_client_id = p.pro_client_id) as currency_amount_list
  from bundle_product p`;

type Row = Record<string, unknown>;

/** The row without its null columns (absent optional fields, as the contract has them). */
const present = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined));

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function bundleAnswer(row: Row): Bundle {
  const { user_id, active_date, passive_date, feature_list, translations, ...rest } = present(row);
  const features = jsonOf<string[]>(feature_list ?? []);
  return {
    ...(rest as unknown as Bundle),
    ...(translations ? { translations: jsonOf<Bundle['translations']>(translations) } : {}),
    ...(user_id ? { user_client_id: user_id as string } : {}),
    ...(features.length ? { feature_list: features } : {}),
    ...(active_date ? { active_date: isoOf(active_date) } : {}),
    ...(passive_date ? { passive_date: isoOf(passive_date) } : {}),
  };
}

export function productAnswer(row: Row): BundleProduct {
  const { currency_amount_list, currency_type, translations, ...rest } = present(row);
  const prices = jsonOf<{ currency_type: number; amount: number | string }[] | undefined>(currency_amount_list);
  return {
    ...(rest as unknown as BundleProduct),
    ...(translations ? { translations: jsonOf<BundleProduct['translations']>(translations) } : {}),
    ...(currency_type !== undefined ? { currency_type: Number(currency_type) as 0 | 1 } : {}),
    ...(prices?.length ? { currency_amount_list: prices.map((p) => ({ currency_type: Number(p.currency_type) as 0 | 1, amount: Number(p.amount) })) } : {}),
  };
}

/** The products of the given bundles, each bundle's in display order (oldest first). */
export async function productsOf(db: Queryable, tenantId: string, bundleIds: string[], options: { onSaleOnly?: boolean } = {}): Promise<Map<string, BundleProduct[]>> {
  const byBundle = new Map<string, BundleProduct[]>(bundleIds.map((id) => [id, []]));
  if (!bundleIds.length) return byBundle;
  const rows = await db.query(
    `${PRODUCT_SELECT} where p.tenant_id = $1 and p.bundle_client_id = any($2::uuid[]) ${options.onSaleOnly ? `and ${ON_SALE}` : ''}
      order by p.bundle_client_id, p.created_at, p.pro_client_id`,
    [tenantId, bundleIds],
  );
  for (const r of rows) byBundle.get(r.bundle_client_id as string)?.push(productAnswer(r));
  return byBundle;
}

/** The bundle when it belongs to that shop of the tenant, else 10016. */
export async function bundleOfShop(db: Queryable, tenantId: string, shopId: string, bundleId: string, options: { lock?: boolean } = {}): Promise<Row> {
  const [row] = await db.query(`${BUNDLE_SELECT} where b.bundle_client_id = $1 and b.shop_client_id = $2 and b.tenant_id = $3 ${options.lock ? 'for update' : ''}`, [
    bundleId,
    shopId,
    tenantId,
  ]);
  if (!row) throw notFound('bundle');
  return row;
}

/** The product when it belongs to that bundle of that shop of the tenant, else 10016. */
export async function productOfBundle(db: Queryable, tenantId: string, shopId: string, bundleId: string, proId: string): Promise<Row> {
  const [row] = await db.query(`${PRODUCT_SELECT} where p.pro_client_id = $1 and p.bundle_client_id = $2 and p.shop_client_id = $3 and p.tenant_id = $4`, [
    proId,
    bundleId,
    shopId,
    tenantId,
  ]);
  if (!row) throw notFound('bundle_product');
  return row;
}

/** The tenant's bundle, of any shop. */
export async function bundleById(db: Queryable, tenantId: string, bundleId: string): Promise<Row | undefined> {
  const [row] = await db.query(`${BUNDLE_SELECT} where b.bundle_client_id = $1 and b.tenant_id = $2`, [bundleId, tenantId]);
  return row;
}

/** Whether the tenant's bundle has a product. */
export async function hasProducts(db: Queryable, tenantId: string, bundleId: string): Promise<boolean> {
  const products = await db.query('select 1 from bundle_product where bundle_client_id = $1 and tenant_id = $2 limit 1', [bundleId, tenantId]);
  return products.length > 0;
}

/** Puts the bundle on sale; its active date and update time change only when it was not active already. */
export async function activateBundle(tx: Queryable, tenantId: string, bundleId: string): Promise<{ bundle_status: 'active'; active_date?: string }> {
  const [updated] = await tx.query<{ bundle_status: 'active'; active_date: unknown }>(
    `update bundle set bundle_status = 'active', active_date = case when bundle_status = 'active' then active_date else now() end,
            updated_at = case when bundle_status = 'active' then updated_at else now() end
      where bundle_client_id = $1 and tenant_id = $2 returning bundle_status, active_date`,
    [bundleId, tenantId],
  );
  return { bundle_status: updated.bundle_status, ...(updated.active_date ? { active_date: isoOf(updated.active_date) } : {}) };
}

/** Takes the bundle off sale; its passive date and update time change only when it was not passive already. */
export async function deactivateBundle(tx: Queryable, tenantId: string, bundleId: string): Promise<{ bundle_status: 'passive'; passive_date: string }> {
  const [updated] = await tx.query<{ bundle_status: 'passive'; passive_date: unknown }>(
    `update bundle set bundle_status = 'passive', passive_date = case when bundle_status = 'passive' and passive_date is not null then passive_date else now() end,
            updated_at = case when bundle_status = 'passive' then updated_at else now() end
      where bundle_client_id = $1 and tenant_id = $2 returning bundle_status, passive_date`,
    [bundleId, tenantId],
  );
  return { bundle_status: updated.bundle_status, passive_date: isoOf(updated.passive_date)! };
}

/** Sort keys: a name sorts as the caller reads it (its translation in the request's language, else the name). */
const sortColumns = (lang: Lang) => ({ created_at: 'b.created_at', bundle_name: `lower(${shownText('b', 'bundle_name', lang)})`, priority: 'b.priority_rank' });

/**
 * SQL: the bundle's price in a currency, the sum of its products' prices in it (`productScope`: only the
 * products on sale, in the window); null when one of those products has no price in it, so such a bundle
 * sorts last. The currency is a validated 0 or 1 written into one of two fixed texts.
 */
const bundlePrice = (currency: 0 | 1, productScope: string) => `(select case when count(*) = count(pp.amount) then sum(pp.amount) end
    from bundle_product p left join bundle_product_price pp on pp.pro_client_id = p.pro_client_id and pp.currency_type = ${currency === 1 ? 1 : 0}
   where p.bundle_client_id = b.bundle_client_id ${productScope})`;

/** The filters and paging of the shop window's bundle lists. */
export interface WindowListInput {
  shop_client_id?: string;
  task_type?: string;
  priority_list?: string[];
  currency_type?: 0 | 1;
  bundle_status?: string;
  search?: string;
  sort?: string;
  page?: number;
  page_size?: number;
}

/**
 * The shop window's bundle lists: bundles of the tenant with their products, paginated. `window` = only
 * active bundles of active shops with a product on sale, and only those products; `freeOnly` = only bundles
 * whose every such product is free; `priceCurrency` = the currency the price sort reads when the request
 * names none (the caller's chosen currency).
 */
export async function listWindowBundles(
  db: Queryable,
  tenantId: string,
  lang: Lang,
  input: WindowListInput,
  options: { window: boolean; freeOnly?: boolean; priceCurrency?: 0 | 1 },
) {
  const where = new Where().add('b.tenant_id = ?', tenantId);
  const productScope = options.window ? `and ${ON_SALE}` : '';
  if (options.window) {
    where.add("b.bundle_status = 'active'");
    where.add("exists (select 1 from shop s where s.shop_client_id = b.shop_client_id and s.shop_status = 'active')");
    where.add(`exists (select 1 from bundle_product p where p.bundle_client_id = b.bundle_client_id ${productScope})`);
  }
  if (options.freeOnly) where.add(`not exists (select 1 from bundle_product p where p.bundle_client_id = b.bundle_client_id ${productScope} and p.pay_type is distinct from 'free')`);
  if (input.bundle_status) where.add('b.bundle_status = ?', input.bundle_status);
  if (input.shop_client_id) where.add('b.shop_client_id = ?', input.shop_client_id);
  if (input.task_type) where.add('b.task_type = ?', input.task_type);
  if (input.priority_list?.length) where.add('b.priority = any(?::text[])', input.priority_list);
  if (input.currency_type !== undefined)
    where.add(
      `exists (select 1 from bundle_product p join bundle_product_price pp on pp.pro_client_id = p.pro_client_id
                where p.bundle_client_id = b.bundle_client_id ${productScope} and pp.currency_type = ?)`,
      input.currency_type,
    );
  if (input.search) {
    const pattern = containsPattern(input.search);
    const [bundleName, productName] = [anyLanguageLike('b', 'bundle_name', pattern), anyLanguageLike('p', 'pro_name', pattern)];
    where.add(
      `(${bundleName.sql} or exists (select 1 from bundle_product p where p.bundle_client_id = b.bundle_client_id ${productScope} and ${productName.sql}))`,
      ...bundleName.params,
      ...productName.params,
    );
  }
  const price = bundlePrice(input.currency_type ?? options.priceCurrency ?? 0, productScope);
  const order = orderBy(input.sort, 'priority', { ...sortColumns(lang), price }, 'b.created_at desc, b.bundle_client_id');
  const { rows, ...paging } = await pageRows(db, { select: BUNDLE_SELECT, where, order, paging: input });
  const products = await productsOf(
    db,
    tenantId,
    rows.map((r) => r.bundle_client_id as string),
    { onSaleOnly: options.window },
  );
  return {
    bundle_list: rows.map((r) => ({ bundle: bundleAnswer(r), product_list: products.get(r.bundle_client_id as string) ?? [] })),
    ...paging,
  };
}

/** The shops with bundles in the shop window (active shops with an active bundle that has a product on sale), by name. */
export async function windowShops(db: Queryable, tenantId: string): Promise<{ shop_client_id: string; shop_name: string }[]> {
  return db.query<{ shop_client_id: string; shop_name: string }>(
    `select s.shop_client_id, s.shop_name from shop s
      where s.tenant_id = $1 and s.shop_status = 'active'
        and exists (select 1 from bundle b where b.shop_client_id = s.shop_client_id and b.bundle_status = 'active'
                      and exists (select 1 from bundle_product p where p.bundle_client_id = b.bundle_client_id and ${ON_SALE}))
      order by lower(s.shop_name), s.shop_client_id`,
    [tenantId],
  );
}

/** One page of a shop's bundles (the staff's list). */
export async function listShopBundles(db: Queryable, tenantId: string, lang: Lang, input: UserShopBundleListRequest) {
  const where = new Where().add('b.shop_client_id = ?', input.shop_client_id).add('b.tenant_id = ?', tenantId);
  if (input.bundle_status) where.add('b.bundle_status = ?', input.bundle_status);
  if (input.active_date_from) where.add('b.active_date >= ?::date', input.active_date_from);
  if (input.active_date_to) where.add("b.active_date < ?::date + 1", input.active_date_to);
  if (input.passive_date_from) where.add('b.passive_date >= ?::date', input.passive_date_from);
  if (input.passive_date_to) where.add('b.passive_date < ?::date + 1', input.passive_date_to);
  if (input.search) {
    const name = anyLanguageLike('b', 'bundle_name', containsPattern(input.search));
    where.add(name.sql, ...name.params);
  }
  const order = orderBy(input.sort, '-created_at', sortColumns(lang), 'b.bundle_client_id');
  const { rows, ...paging } = await pageRows(db, { select: BUNDLE_SELECT, where, order, paging: input });
  return { rows: rows.map(bundleAnswer), ...paging };
}

/** One page of a bundle's products (the staff's list). */
export async function listProducts(db: Queryable, tenantId: string, lang: Lang, input: UserShopBundleProductListRequest) {
  const where = new Where().add('p.bundle_client_id = ?', input.bundle_client_id).add('p.tenant_id = ?', tenantId);
  if (input.search) {
    const pattern = containsPattern(input.search);
    const [name, group] = [anyLanguageLike('p', 'pro_name', pattern), anyLanguageLike('p', 'pro_group_name', pattern)];
    where.add(`(${name.sql} or ${group.sql})`, ...name.params, ...group.params);
  }
  const proName = `lower(${shownText('p', 'pro_name', lang)})`;
  const order = orderBy(input.sort, 'created_at', { created_at: 'p.created_at', pro_name: proName, pro_start_date: 'p.pro_start_date' }, 'p.pro_client_id');
  const { rows, ...paging } = await pageRows(db, { select: PRODUCT_SELECT, where, order, paging: input });
  return { rows: rows.map(productAnswer), ...paging };
}

/** The shop of the tenant's bundle (only when it is that shop's, with `shopId`); undefined for another tenant's or an unknown bundle. */
export async function shopOfBundle(db: Queryable, tenantId: string, bundleId: string, shopId?: string): Promise<string | undefined> {
  const [row] = await db.query<{ shop_client_id: string }>(
    'select shop_client_id from bundle where bundle_client_id = $1 and tenant_id = $2 and ($3::uuid is null or shop_client_id = $3)',
    [bundleId, tenantId, shopId ?? null],
  );
  return row?.shop_client_id;
}

/** Whether the tenant's bundle has that product. */
export async function isProductOfBundle(db: Queryable, tenantId: string, bundleId: string, proId: string): Promise<boolean> {
  const rows = await db.query('select 1 from bundle_product where pro_client_id = $1 and bundle_client_id = $2 and tenant_id = $3', [proId, bundleId, tenantId]);
  return rows.length > 0;
}

export interface RuleError {
  field: string;
  message: Bilingual;
}

/** The product rules the request schema cannot state (route description of product/new). */
export function productRuleErrors(p: Partial<ProductFields>): RuleError[] {
  const errors: RuleError[] = [];
  if (p.pay_type === 'periodic' && !p.pay_period_type)
    errors.push({ field: 'pay_period_type', message: { en: 'is needed when the payment type is periodic', tr: 'ödeme türü dönemsel olduğunda gereklidir' } });
  const currencies = (p.currency_amount_list ?? []).map((c) => c.currency_type);
  if (new Set(currencies).size !== currencies.length)
    errors.push({ field: 'currency_amount_list', message: { en: 'can have one price per currency', tr: 'her para birimi için tek fiyat içerebilir' } });
  if (p.currency_type !== undefined && p.currency_amount_list?.length && !currencies.includes(p.currency_type))
    errors.push({ field: 'currency_type', message: { en: 'must have a price in currency_amount_list', tr: 'için currency_amount_list içinde bir fiyat olmalıdır' } });
  if (p.pro_start_date && p.pro_end_date && p.pro_start_date > p.pro_end_date)
    errors.push({ field: 'pro_end_date', message: { en: 'must not be before pro_start_date', tr: 'pro_start_date tarihinden önce olamaz' } });
  return errors;
}

/** The organization user's username (a display copy), checking the user is on the site. */
export async function organizationUsername(db: Queryable, tenantId: string, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const [u] = await db.query<{ username: string }>('select username from app_user where user_id = $1 and tenant_id = $2', [userId, tenantId]);
  if (!u) throw notFound('user');
  return u.username;
}

/** Who may attach an authorization to a product (buying it grants that auth): not every bundle editor. */
export const PRODUCT_AUTH_EDITORS = ['admin', 'shop_admin'];

/**
 * pro_auth_id must name an authorization of the site, and only admin or shop_admin may set or change it
 * (`current` is the stored value on edit).
 */
export async function checkProductAuthorization(
  db: Queryable,
  tenantId: string,
  caller: { authCodes: readonly string[] },
  authId: string | undefined,
  current: string | null | undefined,
  lang: Lang,
): Promise<void> {
  if ((authId ?? null) !== (current ?? null) && !caller.authCodes.some((c) => PRODUCT_AUTH_EDITORS.includes(c)))
    throw new ApiError('forbidden', { auth_codes: PRODUCT_AUTH_EDITORS.join(', ') }, { errors: [{ field: 'pro_auth_id', message: lang === 'tr' ? 'yalnızca yönetici ya da mağaza yöneticisi değiştirebilir' : 'only an administrator or shop administrator may change it' }] });
  if (!authId) return;
  const rows = await db.query('select 1 from "authorization" where auth_id = $1 and tenant_id = $2', [authId, tenantId]);
  if (!rows.length) throw notFound('authorization');
}

/** A JSON column's parameter: the value as sent, or null when absent. */
const jsonOrNull = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

const valuesOf = (b: Partial<BundleFields>, orgUsername: string | null) => [
  b.bundle_name,
  JSON.stringify(b.feature_list ?? []),
  b.organization_id ?? null,
  b.organization_user_id ?? null,
  orgUsername,
  b.task_type ?? null,
  b.priority ?? null,
  jsonOrNull(b.translations),
  b.buyer_limit ?? null,
];

export async function insertBundle(tx: Queryable, ids: { tenantId: string; shopId: string; bundleId: string; userId: string }, b: BundleFields, orgUsername: string | null): Promise<void> {
  await tx.query(
    `insert into bundle (bundle_client_id, tenant_id, shop_client_id, user_id, bundle_name, feature_list, organization_id, organization_user_id,
                         organization_username, task_type, priority, translations, buyer_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [ids.bundleId, ids.tenantId, ids.shopId, ids.userId, ...valuesOf(b, orgUsername)],
  );
}

/** Replaces the bundle's editable fields (absent optional fields are cleared). */
export async function updateBundle(tx: Queryable, ids: { tenantId: string; bundleId: string }, b: BundleFields, orgUsername: string | null): Promise<void> {
  await tx.query(
    `update bundle set bundle_name = $3, feature_list = $4, organization_id = $5, organization_user_id = $6, organization_username = $7,
            task_type = $8, priority = $9, translations = $10, buyer_limit = $11, updated_at = now()
      where bundle_client_id = $1 and tenant_id = $2`,
    [ids.bundleId, ids.tenantId, ...valuesOf(b, orgUsername)],
  );
}

const productValues = (p: ProductFields) => [...PRODUCT_COLUMNS.map((c) => p[c] ?? null), jsonOrNull(p.translations)];

export async function insertProduct(
  tx: Queryable,
  ids: { tenantId: string; shopId: string; bundleId: string; proId: string },
  p: ProductFields,
  orgUsername: string | null,
): Promise<void> {
  const cols = [...PRODUCT_COLUMNS, 'translations', 'organization_username'];
  await tx.query(
    `insert into bundle_product (pro_client_id, tenant_id, shop_client_id, bundle_client_id, ${cols.join(', ')})
     values ($1, $2, $3, $4, ${cols.map((_, i) => `$${i + 5}`).join(', ')})`,
    [ids.proId, ids.tenantId, ids.shopId, ids.bundleId, ...productValues(p), orgUsername],
  );
  await replacePrices(tx, ids.tenantId, ids.proId, p.currency_amount_list);
}

/** Replaces the product's editable fields and prices (absent optional fields are cleared). */
export async function updateProduct(tx: Queryable, ids: { tenantId: string; proId: string }, p: ProductFields, orgUsername: string | null): Promise<void> {
  const cols = [...PRODUCT_COLUMNS, 'translations', 'organization_username'];
  await tx.query(
    `update bundle_product set ${cols.map((c, i) => `${c} = $${i + 3}`).join(', ')}, updated_at = now()
      where pro_client_id = $1 and tenant_id = $2`,
    [ids.proId, ids.tenantId, ...productValues(p), orgUsername],
  );
  await replacePrices(tx, ids.tenantId, ids.proId, p.currency_amount_list);
}

async function replacePrices(tx: Queryable, tenantId: string, proId: string, prices: ProductFields['currency_amount_list']): Promise<void> {
  await tx.query('delete from bundle_product_price where pro_client_id = $1', [proId]);
  for (const [i, c] of (prices ?? []).entries())
    await tx.query('insert into bundle_product_price (pro_client_id, tenant_id, currency_type, amount, position) values ($1, $2, $3, $4, $5)', [
      proId,
      tenantId,
      c.currency_type,
      c.amount,
      i,
    ]);
}

/** The fields of a bundle row as a form would send them (for merging a partial update). */
export function bundleFieldsOf(row: Row): BundleFields {
  const a = bundleAnswer(row);
  return Object.fromEntries(BUNDLE_FIELD_NAMES.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as unknown as BundleFields;
}

/** The fields of a product row as a form would send them (for merging a partial update). */
export function productFieldsOf(row: Row): ProductFields {
  const a = productAnswer(row) as unknown as Record<string, unknown>;
  return Object.fromEntries(PRODUCT_FIELD_NAMES.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as unknown as ProductFields;
}
