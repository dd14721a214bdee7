// Updating a shop's bundles and products from an Excel sheet (/v1/shop/bundle/update/by_excel; the route's
// description is the user-facing rule book). The sheet's first row names the columns (field names or their
// English/Turkish labels from the contract); each further row names a bundle and optionally a product.
// Everything is checked first — cells, ids, the rules of bundle/new and product/new — and written only when
// no row has a problem, in the caller's one transaction.
import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Queryable } from '../db/adapter.ts';
import contractSchemas from '../../src/generated/schemas.json' with { type: 'json' };
import { routeTable } from '../../src/generated/route-table.ts';
import { fieldErrors, type SchemaError } from '../../src/domain/validation-messages.ts';
import { newAjv } from '../http/validators.ts';
import {
  BUNDLE_SELECT,
  PRODUCT_SELECT,
  bundleFieldsOf,
  insertBundle,
  insertProduct,
  organizationUsername,
  productFieldsOf,
  productRuleErrors,
  updateBundle,
  updateProduct,
  type Bilingual,
  type BundleFields,
  type ProductFields,
} from './bundle-store.ts';
import type { ReadSheet } from './excel.ts';

export interface ExcelRowError {
  sheet?: string;
  row: number;
  column?: string;
  message: Bilingual;
}

/** The answer's error list holds at most this many entries (the route's maxItems). */
export const EXCEL_ERROR_LIMIT = 1000;

type Kind = 'id' | 'text' | 'lines' | 'enum' | 'integer' | 'boolean' | 'date' | 'currency' | 'price';

interface ColumnSpec {
  key: string;
  target: 'bundle' | 'product';
  kind: Kind;
  /** price columns: the currency of the price. */
  currency?: 0 | 1;
  labels: string[];
  /** enum columns: each accepted spelling (code or label, normalized) → the code. */
  values?: Map<string, string>;
}

type Schema = Record<string, unknown>;
const schemaById = new Map((contractSchemas.schemas as Schema[]).map((s) => [s.$id as string, s]));
const entity = (name: string) => schemaById.get(`https://sema.dev/schemas/entities/${name}.json`)!.properties as Record<string, Schema>;
const enums = schemaById.get('https://sema.dev/schemas/enums.json')!.$defs as Record<string, Schema>;

/** Header and value spellings compare trimmed, lower case (Turkish rules), with runs of spaces as one. */
const normalize = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr');

const labelsOf = (p: Schema | undefined): string[] => {
  const l = p?.['x-label'] as Bilingual | undefined;
  return l ? [l.en, l.tr] : [];
};

function enumValues(p: Schema): Map<string, string> | undefined {
  const ref = p.$ref as string | undefined;
  const def = ref?.startsWith('../enums.json#/$defs/') ? enums[ref.slice('../enums.json#/$defs/'.length)] : undefined;
  if (!def) return undefined;
  const values = new Map<string, string>();
  const codes = def.enum as (string | number)[];
  const labels = (def['x-enum-labels'] as Bilingual[] | undefined) ?? [];
  codes.forEach((code, i) => {
    values.set(normalize(String(code)), String(code));
    for (const l of labels[i] ? [labels[i].en, labels[i].tr] : []) values.set(normalize(l), String(code));
  });
  return values;
}

const BUNDLE_COLUMNS: [string, Kind][] = [
  ['bundle_client_id', 'id'],
  ['bundle_name', 'text'],
  ['feature_list', 'lines'],
  ['task_type', 'enum'],
  ['priority', 'enum'],
];
const PRODUCT_COLUMNS: [string, Kind][] = [
  ['pro_client_id', 'id'],
  ['pro_name', 'text'],
  ['pro_info', 'text'],
  ['pro_group_name', 'text'],
  ['pay_type', 'enum'],
  ['pay_period_type', 'enum'],
  ['currency_type', 'currency'],
  ['preparation_type', 'enum'],
  ['pay_credit_card', 'boolean'],
  ['pay_transfer_to_account', 'boolean'],
  ['pay_delay_max_days', 'integer'],
  ['pro_start_date', 'date'],
  ['pro_end_date', 'date'],
  ['pro_usage_count', 'integer'],
  ['pro_usage_count_type', 'enum'],
  ['pro_count_suffix', 'text'],
];

/** The columns the sheet may have, with every spelling of their headers. */
export const EXCEL_COLUMNS: ColumnSpec[] = (() => {
  const bundle = entity('bundle');
  const product = entity('bundle_product');
  const specs: ColumnSpec[] = [];
  for (const [key, kind] of BUNDLE_COLUMNS)
    specs.push({ key, target: 'bundle', kind, labels: [key, ...labelsOf(bundle[key]), ...(key === 'bundle_client_id' ? labelsOf(product[key]) : [])], values: kind === 'enum' ? enumValues(bundle[key]) : undefined });
  for (const [key, kind] of PRODUCT_COLUMNS) {
    specs.push({ key, target: 'product', kind, labels: [key, ...labelsOf(product[key])], values: kind === 'enum' ? enumValues(product[key]) : undefined });
    if (key === 'currency_type') {
      specs.push({ key: 'price_try', target: 'product', kind: 'price', currency: 0, labels: ['price_try', 'Price (₺)', 'Fiyat (₺)'] });
      specs.push({ key: 'price_usd', target: 'product', kind: 'price', currency: 1, labels: ['price_usd', 'Price ($)', 'Fiyat ($)'] });
    }
  }
  return specs;
})();

const HEADER_OF = new Map<string, ColumnSpec>();
for (const c of EXCEL_COLUMNS) for (const l of c.labels) if (!HEADER_OF.has(normalize(l))) HEADER_OF.set(normalize(l), c);
/** Other fields of the two entities (statuses, shop, organization...): read-only here, their columns are skipped. */
const SKIPPED = new Set<string>();
for (const name of ['bundle', 'bundle_product'])
  for (const [key, p] of Object.entries(entity(name))) for (const l of [key, ...labelsOf(p)]) if (!HEADER_OF.has(normalize(l))) SKIPPED.add(normalize(l));

const M = {
  wholeNumber: { en: 'must be a whole number', tr: 'tam sayı olmalıdır' },
  yesNo: { en: 'must be yes or no (true/false, 1/0)', tr: 'evet ya da hayır (true/false, 1/0) olmalıdır' },
  date: { en: 'must be a date (YYYY-MM-DD or DD.MM.YYYY)', tr: 'tarih olmalıdır (YYYY-AA-GG ya da GG.AA.YYYY)' },
  currency: { en: 'must be ₺ (0) or $ (1)', tr: '₺ (0) ya da $ (1) olmalıdır' },
  price: { en: 'must be an amount of at least 0 with at most 2 decimals', tr: 'en az 0 ve en fazla 2 ondalık basamaklı bir tutar olmalıdır' },
  id: { en: 'must be an identifier (UUID)', tr: 'bir kimlik (UUID) olmalıdır' },
  unknownColumn: { en: 'is not a column this file can have', tr: 'bu dosyada olabilecek bir sütun değil' },
  repeatedColumn: { en: 'appears twice', tr: 'iki kez yer alıyor' },
  noHeader: { en: 'The first row must name the columns, and one of them must be bundle_client_id or bundle_name.', tr: 'İlk satır sütunları adlandırmalı ve biri bundle_client_id ya da bundle_name olmalıdır.' },
  noRows: { en: 'The sheet has no rows under its header.', tr: 'Sayfada başlık satırının altında satır yok.' },
  noBundle: { en: 'Each row needs bundle_client_id or bundle_name.', tr: 'Her satırda bundle_client_id ya da bundle_name olmalıdır.' },
  unknownBundle: { en: 'There is no bundle with this id in this shop.', tr: 'Bu mağazada bu numarayla bir paket yok.' },
  unknownProduct: { en: 'There is no product with this id in this bundle.', tr: 'Bu pakette bu numarayla bir ürün yok.' },
  conflict: (row: number): Bilingual => ({ en: `differs from the value given for this bundle on row ${row}`, tr: `bu paket için ${row}. satırda verilen değerden farklı` }),
  repeatedProduct: (row: number): Bilingual => ({ en: `this product is already changed on row ${row}`, tr: `bu ürün ${row}. satırda zaten değiştiriliyor` }),
};

const cellError = (message: Bilingual) => ({ error: message });
type Parsed = { value: unknown } | { error: Bilingual } | undefined;

const BOOLEANS = new Map<string, boolean>([
  ['true', true],
  ['yes', true],
  ['evet', true],
  ['1', true],
  ['doğru', true],
  ['false', false],
  ['no', false],
  ['hayır', false],
  ['0', false],
  ['yanlış', false],
]);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** One cell as the field's value; undefined for an empty cell. */
function parseCell(spec: ColumnSpec, raw: unknown): Parsed {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text = raw instanceof Date ? isoDay(raw) : String(raw).trim();
  switch (spec.kind) {
    case 'id':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? { value: text.toLowerCase() } : cellError(M.id);
    case 'text':
      return { value: text };
    case 'lines': {
      const lines = text
        .split(/\r?\n|\|/)
        .map((l) => l.trim())
        .filter(Boolean);
      return lines.length ? { value: lines } : undefined;
    }
    case 'enum': {
      const code = spec.values?.get(normalize(text));
      if (code !== undefined) return { value: code };
      const codes = [...new Set(spec.values?.values() ?? [])].join(', ');
      return cellError({ en: `must be one of: ${codes}`, tr: `şunlardan biri olmalıdır: ${codes}` });
    }
    case 'integer': {
      const n = typeof raw === 'number' ? raw : /^-?\d+$/.test(text) ? Number(text) : NaN;
      return Number.isInteger(n) ? { value: n } : cellError(M.wholeNumber);
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const b = BOOLEANS.get(normalize(text));
      return b === undefined ? cellError(M.yesNo) : { value: b };
    }
    case 'date': {
      if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? cellError(M.date) : { value: isoDay(raw) };
      let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!m) {
        const tr = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
        if (tr) m = [text, tr[3], tr[2].padStart(2, '0'), tr[1].padStart(2, '0')] as unknown as RegExpExecArray;
      }
      if (!m) return cellError(M.date);
      const day = `${m[1]}-${m[2]}-${m[3]}`;
      const d = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && isoDay(d) === day ? { value: day } : cellError(M.date);
    }
    case 'currency': {
      const t = normalize(text);
      if (['0', '₺', 'tl', 'try', 'lira'].includes(t) || t.startsWith('₺')) return { value: 0 };
      if (['1', '$', 'usd', 'dollar', 'dolar'].includes(t) || t.startsWith('$')) return { value: 1 };
      return cellError(M.currency);
    }
    case 'price': {
      let n = NaN;
      if (typeof raw === 'number') n = raw;
      else {
        const t = text.replace(/[\s₺$]/g, '').replace(/(tl|try|usd)$/i, '');
        if (/^\d+([.,]\d{1,2})?$/.test(t)) n = Number(t.replace(',', '.'));
      }
      const minor = Math.round(n * 100);
      if (!Number.isFinite(n) || n < 0 || Math.abs(n * 100 - minor) > 1e-6) return cellError(M.price);
      return { value: minor };
    }
  }
}

interface ParsedRow {
  number: number;
  values: Map<string, unknown>;
}

interface BundlePlan {
  key: string;
  id?: string;
  fields: Partial<BundleFields>;
  /** The row that set each field (for errors), and the bundle's first row. */
  rowOf: Map<string, number>;
  firstRow: number;
}

interface ProductPlan {
  bundleKey: string;
  id?: string;
  fields: Partial<ProductFields>;
  prices: Map<0 | 1, number>;
  row: number;
}

export interface ExcelPlanResult {
  errors: ExcelRowError[];
  created_count: number;
  updated_count: number;
}

let validators: { bundle: ValidateFunction; product: ValidateFunction } | undefined;

/** The request validators of bundle/new and product/new, compiled once on first use. */
function rowValidators() {
  if (!validators) {
    const ajv = newAjv({ coerceTypes: false });
    const compile = (name: string) => {
      const r = routeTable.find((x) => x.name === name)!;
      return ajv.compile({ ...r.request, $id: r.requestId });
    };
    validators = { bundle: compile('user_shop_bundle_new'), product: compile('user_shop_bundle_product_new') };
  }
  return validators;
}

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** The schema's errors of one record, per top-level field, in both languages. */
function schemaErrors(errors: readonly SchemaError[]): { field: string; message: Bilingual }[] {
  const en = fieldErrors(errors, 'en');
  const tr = new Map(fieldErrors(errors, 'tr').map((f) => [f.field, f.message]));
  return en.map((f) => ({ field: f.field, message: { en: f.message, tr: tr.get(f.field) ?? f.message } }));
}

export interface ExcelUpdateTarget {
  tenantId: string;
  shopId: string;
  userId: string;
}

/**
 * Plans and, when no row has a problem, applies the sheet to the shop's bundles and products in `tx`.
 * Answers the counts, or the errors (and writes nothing) when any row is invalid.
 */
export async function applyBundleSheet(tx: Queryable, target: ExcelUpdateTarget, sheet: ReadSheet): Promise<ExcelPlanResult> {
  const errors: ExcelRowError[] = [];
  const add = (row: number, column: string | undefined, message: Bilingual) => {
    if (errors.length < EXCEL_ERROR_LIMIT) errors.push({ sheet: sheet.name.slice(0, 100), row, ...(column ? { column: column.slice(0, 100) } : {}), message });
  };
  // Errors in the sheet's order: by row, then in the order they were found.
  const fail = (): ExcelPlanResult => ({ errors: errors.map((e, i) => ({ e, i })).sort((a, b) => a.e.row - b.e.row || a.i - b.i).map(({ e }) => e), created_count: 0, updated_count: 0 });

  // The header row: which column holds which field.
  const [header, ...body] = sheet.rows;
  const columns = new Map<number, ColumnSpec>();
  const headerText = new Map<string, string>();
  if (header) {
    for (const [i, cell] of header.cells.entries()) {
      const text = cell === undefined ? '' : String(cell).trim();
      if (!text) continue;
      const spec = HEADER_OF.get(normalize(text));
      if (!spec) {
        if (!SKIPPED.has(normalize(text))) add(header.number, text, M.unknownColumn);
      } else if (headerText.has(spec.key)) add(header.number, text, M.repeatedColumn);
      else {
        columns.set(i, spec);
        headerText.set(spec.key, text);
      }
    }
  }
  if (!header || (!headerText.has('bundle_client_id') && !headerText.has('bundle_name'))) add(header?.number ?? 1, undefined, M.noHeader);
  if (errors.length) return fail();
  if (!body.length) {
    add(header.number + 1, undefined, M.noRows);
    return fail();
  }
  const columnOf = (key: string) => headerText.get(key) ?? key;

  // Cells → values.
  const rows: ParsedRow[] = [];
  for (const r of body) {
    const values = new Map<string, unknown>();
    for (const [i, spec] of columns) {
      const parsed = parseCell(spec, r.cells[i]);
      if (!parsed) continue;
      if ('error' in parsed) add(r.number, columnOf(spec.key), parsed.error);
      else values.set(spec.key, parsed.value);
    }
    if (values.size) rows.push({ number: r.number, values });
  }

  // Existing bundles and products the sheet names, of this shop only.
  const bundleIds = [...new Set(rows.map((r) => r.values.get('bundle_client_id') as string | undefined).filter((v): v is string => !!v))];
  const productIds = [...new Set(rows.map((r) => r.values.get('pro_client_id') as string | undefined).filter((v): v is string => !!v))];
  const existingBundles = new Map(
    (bundleIds.length
      ? await tx.query(`${BUNDLE_SELECT} where b.shop_client_id = $1 and b.tenant_id = $2 and b.bundle_client_id = any($3::uuid[]) for update`, [target.shopId, target.tenantId, bundleIds])
      : []
    ).map((r) => [r.bundle_client_id as string, r]),
  );
  const existingProducts = new Map(
    (productIds.length
      ? await tx.query(`${PRODUCT_SELECT} where p.shop_client_id = $1 and p.tenant_id = $2 and p.pro_client_id = any($3::uuid[]) for update`, [target.shopId, target.tenantId, productIds])
      : []
    ).map((r) => [r.pro_client_id as string, r]),
  );

  // Rows → one plan per bundle and per product.
  const bundles = new Map<string, BundlePlan>();
  const products: ProductPlan[] = [];
  const productRow = new Map<string, number>();
  for (const r of rows) {
    const id = r.values.get('bundle_client_id') as string | undefined;
    const name = r.values.get('bundle_name') as string | undefined;
    if (!id && !name) {
      add(r.number, columnOf(headerText.has('bundle_client_id') ? 'bundle_client_id' : 'bundle_name'), M.noBundle);
      continue;
    }
    if (id && !existingBundles.has(id)) {
      add(r.number, columnOf('bundle_client_id'), M.unknownBundle);
      continue;
    }
    const key = id ? `id:${id}` : `name:${normalize(name!)}`;
    let plan = bundles.get(key);
    if (!plan) {
      plan = { key, id, fields: {}, rowOf: new Map(), firstRow: r.number };
      bundles.set(key, plan);
    }
    for (const spec of EXCEL_COLUMNS.filter((c) => c.target === 'bundle' && c.key !== 'bundle_client_id')) {
      if (!r.values.has(spec.key)) continue;
      const value = r.values.get(spec.key);
      const fields = plan.fields as Record<string, unknown>;
      if (spec.key in fields && JSON.stringify(fields[spec.key]) !== JSON.stringify(value)) add(r.number, columnOf(spec.key), M.conflict(plan.rowOf.get(spec.key)!));
      else if (!(spec.key in fields)) {
        fields[spec.key] = value;
        plan.rowOf.set(spec.key, r.number);
      }
    }
    // The product part of the row, if any.
    const productKeys = EXCEL_COLUMNS.filter((c) => c.target === 'product' && r.values.has(c.key));
    if (!productKeys.length) continue;
    const proId = r.values.get('pro_client_id') as string | undefined;
    if (proId) {
      const existing = existingProducts.get(proId);
      if (!existing || !id || existing.bundle_client_id !== id) {
        add(r.number, columnOf('pro_client_id'), M.unknownProduct);
        continue;
      }
      if (productRow.has(proId)) {
        add(r.number, columnOf('pro_client_id'), M.repeatedProduct(productRow.get(proId)!));
        continue;
      }
      productRow.set(proId, r.number);
    }
    const fields: Record<string, unknown> = {};
    const prices = new Map<0 | 1, number>();
    for (const spec of productKeys) {
      if (spec.key === 'pro_client_id') continue;
      if (spec.kind === 'price') prices.set(spec.currency!, r.values.get(spec.key) as number);
      else fields[spec.key] = r.values.get(spec.key);
    }
    products.push({ bundleKey: key, id: proId, fields: fields as Partial<ProductFields>, prices, row: r.number });
  }
  if (errors.length) return fail();

  // Whole records: the stored fields with the sheet's on top, checked like bundle/new and product/new.
  const { bundle: validateBundle, product: validateProduct } = rowValidators();
  const ids = { shop_client_id: target.shopId, user_client_id: target.userId };
  const bundleRecords = new Map<string, BundleFields>();
  for (const plan of bundles.values()) {
    const record = { ...(plan.id ? bundleFieldsOf(existingBundles.get(plan.id)!) : {}), ...plan.fields } as BundleFields;
    if (!validateBundle({ ...ids, ...record }))
      for (const e of schemaErrors(validateBundle.errors ?? [])) {
        const field = e.field.split('.')[0];
        add(plan.rowOf.get(field) ?? plan.firstRow, columnOf(field), e.message);
      }
    bundleRecords.set(plan.key, record);
  }
  const productRecords: ProductFields[] = [];
  for (const p of products) {
    const stored = p.id ? productFieldsOf(existingProducts.get(p.id)!) : undefined;
    const prices = [...(stored?.currency_amount_list ?? [])];
    for (const [currency_type, amount] of [...p.prices].sort((a, b) => a[0] - b[0])) {
      const at = prices.findIndex((c) => c.currency_type === currency_type);
      if (at >= 0) prices[at] = { currency_type, amount };
      else prices.push({ currency_type, amount });
    }
    const record = { ...(stored ?? {}), ...p.fields, ...(prices.length ? { currency_amount_list: prices } : {}) } as ProductFields;
    if (!stored && record.currency_type === undefined && prices.length) record.currency_type = prices[0].currency_type;
    const problems = validateProduct({ ...ids, bundle_client_id: PLACEHOLDER_ID, ...record }) ? [] : schemaErrors(validateProduct.errors ?? []);
    for (const e of [...problems, ...productRuleErrors(record)]) {
      const [field, index] = e.field.split('.');
      const column =
        field === 'currency_amount_list' ? (index !== undefined ? (prices[Number(index)]?.currency_type === 1 ? 'price_usd' : 'price_try') : 'price_try') : field;
      add(p.row, columnOf(column), e.message);
    }
    productRecords.push(record);
  }
  if (errors.length) return fail();

  // Writes, in the caller's transaction.
  let created = 0;
  let updated = 0;
  const bundleIdOf = new Map<string, string>();
  for (const plan of bundles.values()) {
    const record = bundleRecords.get(plan.key)!;
    const org = await organizationUsername(tx, target.tenantId, record.organization_user_id);
    if (plan.id) {
      bundleIdOf.set(plan.key, plan.id);
      if (Object.keys(plan.fields).length) {
        await updateBundle(tx, { tenantId: target.tenantId, bundleId: plan.id }, record, org);
        updated += 1;
      }
    } else {
      const bundleId = randomUUID();
      bundleIdOf.set(plan.key, bundleId);
      await insertBundle(tx, { tenantId: target.tenantId, shopId: target.shopId, bundleId, userId: target.userId }, record, org);
      created += 1;
    }
  }
  for (const [i, p] of products.entries()) {
    const record = productRecords[i];
    const org = await organizationUsername(tx, target.tenantId, record.organization_user_id);
    if (p.id) await updateProduct(tx, { tenantId: target.tenantId, proId: p.id }, record, org);
    else await insertProduct(tx, { tenantId: target.tenantId, shopId: target.shopId, bundleId: bundleIdOf.get(p.bundleKey)!, proId: randomUUID() }, record, org);
    if (p.id) updated += 1;
    else created += 1;
  }
  return { errors, created_count: created, updated_count: updated };
}
