// Bundle agreements and product agreements (schemas/routes/bundle.json): the shop staff's new/edit/get and
// the open lists buyers read before ordering (active agreements; the shop's staff see every status).
import { randomUUID } from 'node:crypto';
import { notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import {
  agreementById,
  agreementOfBundle,
  insertAgreement,
  insertProductAgreement,
  listAgreements,
  listProductAgreements,
  productAgreementById,
  productAgreementOfProduct,
  updateAgreement,
  updateProductAgreement,
} from '../services/agreement-store.ts';
import { bundleOfShop, isProductOfBundle, productOfBundle, shopOfBundle } from '../services/bundle-store.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

/**
 * The bundle an open agreement list is about (in shop_client_id when sent), and whether the caller is its
 * shop's staff (who see passive agreements too).
 */
async function openBundle(ctx: RequestContext, bundleId: string, shopId?: string): Promise<{ staff: boolean }> {
  const bundleShop = await shopOfBundle(ctx.db, ctx.tenant.tenant_id, bundleId, shopId);
  if (!bundleShop) throw notFound('bundle');
  return { staff: await isStaffOf(ctx.db, ctx.tenant.tenant_id, bundleShop, optionalUser(ctx)) };
}

export const agreementHandlers: HandlerSet = {
  user_shop_bundle_agreement_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const id = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id);
      await insertAgreement(tx, { tenantId, shopId: input.shop_client_id, bundleId: input.bundle_client_id, agreementId: id, createdBy: me.userId }, input);
    });
    return { agreement: await agreementById(ctx.db, id) };
  },

  user_shop_bundle_agreement_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const at = { tenantId, shopId: input.shop_client_id, bundleId: input.bundle_client_id, agreementId: input.agreement_client_id };
      if (!(await updateAgreement(tx, at, input))) throw notFound('agreement');
    });
    return { agreement: await agreementById(ctx.db, input.agreement_client_id) };
  },

  user_shop_bundle_agreement_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const agreement = await agreementOfBundle(ctx.db, {
      tenantId: ctx.tenant.tenant_id,
      shopId: input.shop_client_id,
      bundleId: input.bundle_client_id,
      agreementId: input.agreement_client_id,
    });
    if (!agreement) throw notFound('agreement');
    return { agreement };
  },

  user_shop_bundle_agreement_list: async (input, ctx) => {
    const { staff } = await openBundle(ctx, input.bundle_client_id, input.shop_client_id);
    const { rows, ...paging } = await listAgreements(ctx.db, ctx.tenant.tenant_id, input.bundle_client_id, { activeOnly: !staff }, input);
    return { agreement_list: rows, ...paging };
  },

  user_shop_bundle_product_agreement_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const id = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await productOfBundle(tx, tenantId, input.shop_client_id, input.bundle_client_id, input.pro_client_id);
      const at = { tenantId, shopId: input.shop_client_id, bundleId: input.bundle_client_id, proId: input.pro_client_id, agreementId: id, createdBy: me.userId };
      await insertProductAgreement(tx, at, input);
    });
    return { product_agreement: await productAgreementById(ctx.db, id) };
  },

  user_shop_bundle_product_agreement_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const at = { tenantId, shopId: input.shop_client_id, bundleId: input.bundle_client_id, proId: input.pro_client_id, agreementId: input.product_agreement_client_id };
      if (!(await updateProductAgreement(tx, at, input))) throw notFound('product_agreement');
    });
    return { product_agreement: await productAgreementById(ctx.db, input.product_agreement_client_id) };
  },

  user_shop_bundle_product_agreement_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const productAgreement = await productAgreementOfProduct(ctx.db, {
      tenantId: ctx.tenant.tenant_id,
      shopId: input.shop_client_id,
      bundleId: input.bundle_client_id,
      proId: input.pro_client_id,
      agreementId: input.product_agreement_client_id,
    });
    if (!productAgreement) throw notFound('product_agreement');
    return { product_agreement: productAgreement };
  },

  user_shop_bundle_product_agreement_list: async (input, ctx) => {
    const { staff } = await openBundle(ctx, input.bundle_client_id, input.shop_client_id);
    if (!(await isProductOfBundle(ctx.db, ctx.tenant.tenant_id, input.bundle_client_id, input.pro_client_id))) throw notFound('bundle_product');
    const { rows, ...paging } = await listProductAgreements(ctx.db, ctx.tenant.tenant_id, input.bundle_client_id, input.pro_client_id, { activeOnly: !staff }, input);
    return { product_agreement_list: rows, ...paging };
  },
};
