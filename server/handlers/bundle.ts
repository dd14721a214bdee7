// Bundles and bundle products (schemas/routes/bundle.json): the shop staff's new/edit/get/list and the
// active/passive status calls, and the open shop window (bundle/and/product/list/active|all, bundle/details,
// no_need_order/list). Staff calls reach only shops the caller staffs (server/services/shop-access.ts);
// open calls show bundles of the request's tenant only.
import { randomUUID } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { Agreement, ProductAgreement } from '../../src/generated/types/entities.ts';
import {
  activateBundle,
  bundleAnswer,
  bundleById,
  bundleOfShop,
  checkProductAuthorization,
  deactivateBundle,
  hasProducts,
  insertBundle,
  insertProduct,
  listProducts,
  listShopBundles,
  listWindowBundles,
  windowShops,
  organizationUsername,
  productAnswer,
  productOfBundle,
  productRuleErrors,
  productsOf,
  updateBundle,
  updateProduct,
  type BundleFields,
  type ProductFields,
} from '../services/bundle-store.ts';
import { agreementsOfBundle, productAgreementsOfBundle } from '../services/agreement-store.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { shopAnswer, shopById } from '../services/shop-store.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

function bundleFields(input: BundleFields): BundleFields {
  const { bundle_name, feature_list, organization_id, organization_user_id, task_type, priority, buyer_limit, translations } = input;
  return { bundle_name, feature_list, organization_id, organization_user_id, task_type, priority, buyer_limit, translations };
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
    const { rows, ...paging } = await listShopBundles(ctx.db, tenantId, ctx.lang, input);
    return { bundle_list: rows, ...paging };
  },

  user_shop_bundle_status_active: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const status = await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id, { lock: true });
      if (!(await hasProducts(tx, tenantId, input.bundle_client_id))) throw new ApiError('bundle_without_products');
      return activateBundle(tx, tenantId, input.bundle_client_id);
    });
    return { bundle_client_id: input.bundle_client_id, ...status };
  },

  user_shop_bundle_status_passive: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const status = await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id, { lock: true });
      return deactivateBundle(tx, tenantId, input.bundle_client_id);
    });
    return { bundle_client_id: input.bundle_client_id, ...status };
  },

  user_shop_bundle_no_need_order_list: async (input, ctx) => listWindowBundles(ctx.db, ctx.tenant.tenant_id, ctx.lang, input, { window: true, freeOnly: true }),

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
    const { rows, ...paging } = await listProducts(ctx.db, tenantId, ctx.lang, input);
    return { bundle_product_list: rows, ...paging };
  },

  bundle_and_product_list_active: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const list = await listWindowBundles(ctx.db, tenantId, ctx.lang, input, { window: true, priceCurrency: ctx.currency });
    return { ...list, shop_list: await windowShops(ctx.db, tenantId) };
  },

  bundle_and_product_list_all: async (input, ctx) => listWindowBundles(ctx.db, ctx.tenant.tenant_id, ctx.lang, input, { window: false }),

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
