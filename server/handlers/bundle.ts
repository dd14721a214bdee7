// Bundles and bundle products (schemas/routes/bundle.json): the shop staff's new/edit/get/list and the
// active/passive status calls, and the open shop window (bundle/and/product/list/active|all, bundle/details,
// no_need_order/list). Staff calls reach only shops the caller staffs (server/services/shop-access.ts);
// open calls show bundles of the request's tenant only.
import { randomUUID } from 'node:crypto';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { Queryable } from '../db/adapter.ts';
import type { Agreement, ProductAgreement } from '../../src/generated/types/entities.ts';
import {
  BUNDLE_SELECT,
  ON_SALE,
  PRODUCT_SELECT,
  anyLanguageLike,
  bundleAnswer,
  bundleOfShop,
  checkProductAuthorization,
  insertBundle,
  insertProduct,
  organizationUsername,
  productAnswer,
  productOfBundle,
  productRuleErrors,
  productsOf,
  shownText,
  updateBundle,
  updateProduct,
  type BundleFields,
  type ProductFields,
} from '../services/bundle-store.ts';
import { agreementsOfBundle, productAgreementsOfBundle } from '../services/agreement-store.ts';
import { containsPattern, orderBy, pageRows, Where } from '../services/paging.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { shopAnswer, shopById } from '../services/shop-store.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

/** Sort keys: a name sorts as the caller reads it (its translation in the request's language, else the name). */
const sortColumns = (lang: Lang) => ({ created_at: 'b.created_at', bundle_name: `lower(${shownText('b', 'bundle_name', lang)})`, priority: 'b.priority_rank' });

function bundleFields(input: BundleFields): BundleFields {
  const { bundle_name, feature_list, organization_id, organization_user_id, task_type, priority, translations } = input;
  return { bundle_name, feature_list, organization_id, organization_user_id, task_type, priority, translations };
}

function productFields(input: ProductFields & { shop_client_id: string; bundle_client_id: string; user_client_id: string; pro_client_id?: string }): ProductFields {
  const { shop_client_id: _s, bundle_client_id: _b, user_client_id: _u, pro_client_id: _p, ...fields } = input;
  return fields;
}

/** The product rules beyond the schema: the first broken one answers 10001 naming every broken field. */
function checkProductRules(p: ProductFields, ctx: RequestContext): void {
  const errors = productRuleErrors(p);
  if (!errors.length) return;
  const fields = errors.map((e) => ({ field: e.field, message: e.message[ctx.lang] }));
  throw new ApiError('invalid_input', { details: fields.map((f) => `${f.field} ${f.message}`).join('; ') }, { errors: fields });
}

async function bundleById(db: Queryable, tenantId: string, bundleId: string) {
  const [row] = await db.query(`${BUNDLE_SELECT} where b.bundle_client_id = $1 and b.tenant_id = $2`, [bundleId, tenantId]);
  return row;
}

/**
 * The shop window's bundle lists: bundles of the tenant with their products, paginated. `window` = only
 * active bundles of active shops with a product on sale, and only those products.
 */
async function windowList(
  ctx: RequestContext,
  input: { shop_client_id?: string; task_type?: string; currency_type?: 0 | 1; bundle_status?: string; search?: string; sort?: string; page?: number; page_size?: number },
  options: { window: boolean; freeOnly?: boolean },
) {
  const tenantId = ctx.tenant.tenant_id;
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
  const order = orderBy(input.sort, 'priority', sortColumns(ctx.lang), 'b.created_at desc, b.bundle_client_id');
  const { rows, ...paging } = await pageRows(ctx.db, { select: BUNDLE_SELECT, where, order, paging: input });
  const products = await productsOf(
    ctx.db,
    tenantId,
    rows.map((r) => r.bundle_client_id as string),
    { onSaleOnly: options.window },
  );
  return {
    bundle_list: rows.map((r) => ({ bundle: bundleAnswer(r), product_list: products.get(r.bundle_client_id as string) ?? [] })),
    ...paging,
  };
}

const callerCodes = (ctx: RequestContext) => ({ authCodes: optionalUser(ctx)?.authCodes ?? [] });

export const bundleHandlers: HandlerSet = {
  user_shop_bundle_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const bundleId = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const org = await organizationUsername(tx, tenantId, input.organization_user_id);
      await insertBundle(tx, { tenantId, shopId: input.shop_client_id, bundleId, userId: me.userId }, bundleFields(input), org);
    });
    return { bundle: bundleAnswer((await bundleById(ctx.db, tenantId, bundleId))!) };
  },

  user_shop_bundle_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id, { lock: true });
      const org = await organizationUsername(tx, tenantId, input.organization_user_id);
      await updateBundle(tx, { tenantId, bundleId: input.bundle_client_id }, bundleFields(input), org);
    });
    return { bundle: bundleAnswer((await bundleById(ctx.db, tenantId, input.bundle_client_id))!) };
  },

  user_shop_bundle_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const row = await bundleOfShop(ctx.db, tenantId, input.shop_client_id, input.bundle_client_id);
    const products = await productsOf(ctx.db, tenantId, [input.bundle_client_id]);
    return { bundle: bundleAnswer(row), product_list: products.get(input.bundle_client_id) ?? [] };
  },

  user_shop_bundle_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
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
    const order = orderBy(input.sort, '-created_at', sortColumns(ctx.lang), 'b.bundle_client_id');
    const { rows, ...paging } = await pageRows(ctx.db, { select: BUNDLE_SELECT, where, order, paging: input });
    return { bundle_list: rows.map(bundleAnswer), ...paging };
  },

  user_shop_bundle_status_active: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const row = await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id, { lock: true });
      const products = await tx.query('select 1 from bundle_product where bundle_client_id = $1 and tenant_id = $2 limit 1', [input.bundle_client_id, tenantId]);
      if (!products.length) throw new ApiError('bundle_without_products');
      const [updated] = await tx.query<{ bundle_status: 'active'; active_date: unknown }>(
        `update bundle set bundle_status = 'active', active_date = case when bundle_status = 'active' then active_date else now() end,
                updated_at = case when bundle_status = 'active' then updated_at else now() end
          where bundle_client_id = $1 and tenant_id = $2 returning bundle_status, active_date`,
        [input.bundle_client_id, tenantId],
      );
      return updated;
    });
    return { bundle_client_id: input.bundle_client_id, bundle_status: row.bundle_status, ...(row.active_date ? { active_date: new Date(row.active_date as string).toISOString() } : {}) };
  },

  user_shop_bundle_status_passive: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const row = await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id, { lock: true });
      const [updated] = await tx.query<{ bundle_status: 'passive'; passive_date: unknown }>(
        `update bundle set bundle_status = 'passive', passive_date = case when bundle_status = 'passive' and passive_date is not null then passive_date else now() end,
                updated_at = case when bundle_status = 'passive' then updated_at else now() end
          where bundle_client_id = $1 and tenant_id = $2 returning bundle_status, passive_date`,
        [input.bundle_client_id, tenantId],
      );
      return updated;
    });
    return { bundle_client_id: input.bundle_client_id, bundle_status: row.bundle_status, passive_date: new Date(row.passive_date as string).toISOString() };
  },

  user_shop_bundle_no_need_order_list: async (input, ctx) => windowList(ctx, input, { window: true, freeOnly: true }),

  user_shop_bundle_product_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const fields = productFields(input);
    checkProductRules(fields, ctx);
    const proId = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id);
      await checkProductAuthorization(tx, tenantId, callerCodes(ctx), fields.pro_auth_id, null, ctx.lang);
      const org = await organizationUsername(tx, tenantId, fields.organization_user_id);
      await insertProduct(tx, { tenantId, shopId: input.shop_client_id, bundleId: input.bundle_client_id, proId }, fields, org);
    });
    return { bundle_product: productAnswer(await productOfBundle(ctx.db, tenantId, input.shop_client_id, input.bundle_client_id, proId)) };
  },

  user_shop_bundle_product_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const fields = productFields(input);
    checkProductRules(fields, ctx);
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const stored = await productOfBundle(tx, tenantId, input.shop_client_id, input.bundle_client_id, input.pro_client_id);
      await checkProductAuthorization(tx, tenantId, callerCodes(ctx), fields.pro_auth_id, stored.pro_auth_id as string | null, ctx.lang);
      const org = await organizationUsername(tx, tenantId, fields.organization_user_id);
      await updateProduct(tx, { tenantId, proId: input.pro_client_id }, fields, org);
    });
    return { bundle_product: productAnswer(await productOfBundle(ctx.db, tenantId, input.shop_client_id, input.bundle_client_id, input.pro_client_id)) };
  },

  user_shop_bundle_product_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    return { bundle_product: productAnswer(await productOfBundle(ctx.db, ctx.tenant.tenant_id, input.shop_client_id, input.bundle_client_id, input.pro_client_id)) };
  },

  user_shop_bundle_product_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    await bundleOfShop(ctx.db, tenantId, input.shop_client_id, input.bundle_client_id);
    const where = new Where().add('p.bundle_client_id = ?', input.bundle_client_id).add('p.tenant_id = ?', tenantId);
    if (input.search) {
      const pattern = containsPattern(input.search);
      const [name, group] = [anyLanguageLike('p', 'pro_name', pattern), anyLanguageLike('p', 'pro_group_name', pattern)];
      where.add(`(${name.sql} or ${group.sql})`, ...name.params, ...group.params);
    }
    const proName = `lower(${shownText('p', 'pro_name', ctx.lang)})`;
    const order = orderBy(input.sort, 'created_at', { created_at: 'p.created_at', pro_name: proName, pro_start_date: 'p.pro_start_date' }, 'p.pro_client_id');
    const { rows, ...paging } = await pageRows(ctx.db, { select: PRODUCT_SELECT, where, order, paging: input });
    return { bundle_product_list: rows.map(productAnswer), ...paging };
  },

  bundle_and_product_list_active: async (input, ctx) => windowList(ctx, input, { window: true }),

  bundle_and_product_list_all: async (input, ctx) => windowList(ctx, input, { window: false }),

  bundle_details: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const row = await bundleById(ctx.db, tenantId, input.bundle_client_id);
    if (!row) throw notFound('bundle');
    const shop = await shopById(ctx.db, tenantId, row.shop_client_id as string);
    const products = await productsOf(ctx.db, tenantId, [input.bundle_client_id]);
    return {
      bundle: bundleAnswer(row),
      shop: shopAnswer(shop!),
      product_list: products.get(input.bundle_client_id) ?? [],
      agreement_list: (await agreementsOfBundle(ctx.db, tenantId, input.bundle_client_id, { activeOnly: true })) as Agreement[],
      product_agreement_list: (await productAgreementsOfBundle(ctx.db, tenantId, input.bundle_client_id, { activeOnly: true })) as ProductAgreement[],
    };
  },

  bundle_product_and_agreement_list_all: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const row = await bundleById(ctx.db, tenantId, input.bundle_client_id);
    if (!row) throw notFound('bundle');
    const staff = await isStaffOf(ctx.db, tenantId, row.shop_client_id as string, optionalUser(ctx));
    let products = (await productsOf(ctx.db, tenantId, [input.bundle_client_id])).get(input.bundle_client_id) ?? [];
    if (input.pro_client_id) {
      products = products.filter((p) => p.pro_client_id === input.pro_client_id);
      if (!products.length) throw notFound('bundle_product');
    }
    return {
      product_list: products,
      agreement_list: await agreementsOfBundle(ctx.db, tenantId, input.bundle_client_id, { activeOnly: !staff }),
      product_agreement_list: await productAgreementsOfBundle(ctx.db, tenantId, input.bundle_client_id, { activeOnly: !staff, proId: input.pro_client_id }),
    };
  },
};
