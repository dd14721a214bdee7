// Bundle agreements and product agreements (schemas/routes/bundle.json): the shop staff's new/edit/get and
// the open lists buyers read before ordering (active agreements; the shop's staff see every status).
import { randomUUID } from 'node:crypto';
import { notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { AGREEMENT_SELECT, PRODUCT_AGREEMENT_SELECT, agreementAnswer, productAgreementAnswer } from '../services/agreement-store.ts';
import { bundleOfShop, productOfBundle } from '../services/bundle-store.ts';
import { containsPattern, orderBy, pageRows, Where } from '../services/paging.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

const SORT = { agreement_name: 'lower(a.agreement_name)', created_at: 'a.created_at' };

/**
 * The bundle an open agreement list is about (in shop_client_id when sent), and whether the caller is its
 * shop's staff (who see passive agreements too).
 */
async function openBundle(ctx: RequestContext, bundleId: string, shopId?: string): Promise<{ staff: boolean }> {
  const [row] = await ctx.db.query<{ shop_client_id: string }>(
    'select shop_client_id from bundle where bundle_client_id = $1 and tenant_id = $2 and ($3::uuid is null or shop_client_id = $3)',
    [bundleId, ctx.tenant.tenant_id, shopId ?? null],
  );
  if (!row) throw notFound('bundle');
  return { staff: await isStaffOf(ctx.db, ctx.tenant.tenant_id, row.shop_client_id, optionalUser(ctx)) };
}

export const agreementHandlers: HandlerSet = {
  user_shop_bundle_agreement_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const id = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await bundleOfShop(tx, tenantId, input.shop_client_id, input.bundle_client_id);
      await tx.query(
        `insert into agreement (agreement_client_id, tenant_id, shop_client_id, bundle_client_id, agreement_name, agreement_text, approve_required,
                                agreement_status, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, tenantId, input.shop_client_id, input.bundle_client_id, input.agreement_name, input.agreement_text, input.approve_required ?? false, input.agreement_status ?? 'active', me.userId],
      );
    });
    const [row] = await ctx.db.query(`${AGREEMENT_SELECT} where a.agreement_client_id = $1`, [id]);
    return { agreement: agreementAnswer(row) };
  },

  user_shop_bundle_agreement_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const updated = await tx.query(
        `update agreement set agreement_version = agreement_version + case when (agreement_name, agreement_text, approve_required) is distinct from ($5, $6, $7) then 1 else 0 end,
                agreement_name = $5, agreement_text = $6, approve_required = $7, agreement_status = coalesce($8, agreement_status), updated_at = now()
          where agreement_client_id = $1 and bundle_client_id = $2 and shop_client_id = $3 and tenant_id = $4 returning agreement_client_id`,
        [input.agreement_client_id, input.bundle_client_id, input.shop_client_id, tenantId, input.agreement_name, input.agreement_text, input.approve_required ?? false, input.agreement_status ?? null],
      );
      if (!updated.length) throw notFound('agreement');
    });
    const [row] = await ctx.db.query(`${AGREEMENT_SELECT} where a.agreement_client_id = $1`, [input.agreement_client_id]);
    return { agreement: agreementAnswer(row) };
  },

  user_shop_bundle_agreement_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const [row] = await ctx.db.query(`${AGREEMENT_SELECT} where a.agreement_client_id = $1 and a.bundle_client_id = $2 and a.shop_client_id = $3 and a.tenant_id = $4`, [
      input.agreement_client_id,
      input.bundle_client_id,
      input.shop_client_id,
      ctx.tenant.tenant_id,
    ]);
    if (!row) throw notFound('agreement');
    return { agreement: agreementAnswer(row) };
  },

  user_shop_bundle_agreement_list: async (input, ctx) => {
    const { staff } = await openBundle(ctx, input.bundle_client_id, input.shop_client_id);
    const where = new Where().add('a.bundle_client_id = ?', input.bundle_client_id).add('a.tenant_id = ?', ctx.tenant.tenant_id);
    if (!staff) where.add("a.agreement_status = 'active'");
    if (input.agreement_status) where.add('a.agreement_status = ?', input.agreement_status);
    if (input.search) where.add("a.agreement_name ilike ? escape '\\'", containsPattern(input.search));
    const order = orderBy(input.sort, 'created_at', SORT, 'a.agreement_client_id');
    const { rows, ...paging } = await pageRows(ctx.db, { select: AGREEMENT_SELECT, where, order, paging: input });
    return { agreement_list: rows.map(agreementAnswer), ...paging };
  },

  user_shop_bundle_product_agreement_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const id = randomUUID();
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      await productOfBundle(tx, tenantId, input.shop_client_id, input.bundle_client_id, input.pro_client_id);
      await tx.query(
        `insert into product_agreement (product_agreement_client_id, tenant_id, shop_client_id, bundle_client_id, pro_client_id, agreement_name,
                                        agreement_text, approve_required, agreement_status, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          tenantId,
          input.shop_client_id,
          input.bundle_client_id,
          input.pro_client_id,
          input.agreement_name,
          input.agreement_text,
          input.approve_required ?? false,
          input.agreement_status ?? 'active',
          me.userId,
        ],
      );
    });
    const [row] = await ctx.db.query(`${PRODUCT_AGREEMENT_SELECT} where a.product_agreement_client_id = $1`, [id]);
    return { product_agreement: productAgreementAnswer(row) };
  },

  user_shop_bundle_product_agreement_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      await staffShop(tx, ctx, me, input.shop_client_id);
      const updated = await tx.query(
        `update product_agreement set agreement_version = agreement_version + case when (agreement_name, agreement_text, approve_required) is distinct from ($6, $7, $8) then 1 else 0 end,
                agreement_name = $6, agreement_text = $7, approve_required = $8, agreement_status = coalesce($9, agreement_status), updated_at = now()
          where product_agreement_client_id = $1 and pro_client_id = $2 and bundle_client_id = $3 and shop_client_id = $4 and tenant_id = $5
          returning product_agreement_client_id`,
        [
          input.product_agreement_client_id,
          input.pro_client_id,
          input.bundle_client_id,
          input.shop_client_id,
          tenantId,
          input.agreement_name,
          input.agreement_text,
          input.approve_required ?? false,
          input.agreement_status ?? null,
        ],
      );
      if (!updated.length) throw notFound('product_agreement');
    });
    const [row] = await ctx.db.query(`${PRODUCT_AGREEMENT_SELECT} where a.product_agreement_client_id = $1`, [input.product_agreement_client_id]);
    return { product_agreement: productAgreementAnswer(row) };
  },

  user_shop_bundle_product_agreement_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const [row] = await ctx.db.query(
      `${PRODUCT_AGREEMENT_SELECT} where a.product_agreement_client_id = $1 and a.pro_client_id = $2 and a.bundle_client_id = $3 and a.shop_client_id = $4 and a.tenant_id = $5`,
      [input.product_agreement_client_id, input.pro_client_id, input.bundle_client_id, input.shop_client_id, ctx.tenant.tenant_id],
    );
    if (!row) throw notFound('product_agreement');
    return { product_agreement: productAgreementAnswer(row) };
  },

  user_shop_bundle_product_agreement_list: async (input, ctx) => {
    const { staff } = await openBundle(ctx, input.bundle_client_id, input.shop_client_id);
    const [product] = await ctx.db.query('select 1 from bundle_product where pro_client_id = $1 and bundle_client_id = $2 and tenant_id = $3', [
      input.pro_client_id,
      input.bundle_client_id,
      ctx.tenant.tenant_id,
    ]);
    if (!product) throw notFound('bundle_product');
    const where = new Where().add('a.pro_client_id = ?', input.pro_client_id).add('a.bundle_client_id = ?', input.bundle_client_id).add('a.tenant_id = ?', ctx.tenant.tenant_id);
    if (!staff) where.add("a.agreement_status = 'active'");
    if (input.agreement_status) where.add('a.agreement_status = ?', input.agreement_status);
    if (input.search) where.add("a.agreement_name ilike ? escape '\\'", containsPattern(input.search));
    const order = orderBy(input.sort, 'created_at', SORT, 'a.product_agreement_client_id');
    const { rows, ...paging } = await pageRows(ctx.db, { select: PRODUCT_AGREEMENT_SELECT, where, order, paging: input });
    return { product_agreement_list: rows.map(productAgreementAnswer), ...paging };
  },
};
