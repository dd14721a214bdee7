// Bills of paid orders (schemas/routes/bill.json; the rules in server/services/bill-store.ts): the shop's
// staff make, edit and approve them; approval moves the order to bill completed through the state machine
// (src/domain/order-states.ts); a buyer lists their own approved bills.
import { ApiError, notFound } from '../http/api-error.ts';
import { PAID_STATES } from '../../src/domain/order-states.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { approveBill, billOf, insertBill, listBills, lockedBill, refuseBillOtherThanOrder, updateBill } from '../services/bill-store.ts';
import { lockedOrder, orderTransition } from '../services/order-store.ts';
import type { HandlerSet } from './types.ts';

export const billHandlers: HandlerSet = {
  user_bill_new: async ({ shop_client_id, user_client_id, order_client_id, ...fields }, ctx) => {
    const me = shopCaller(ctx, user_client_id);
    await staffShop(ctx.db, ctx, me, shop_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const id = await ctx.transaction(async (tx) => {
      const order = await lockedOrder(tx, tenantId, order_client_id, { shopId: shop_client_id });
      if (!PAID_STATES.includes(order.order_status)) throw new ApiError('bill_order_not_paid');
      const bill = { currency_type: order.currency_type, ...fields };
      await refuseBillOtherThanOrder(tx, order_client_id, bill, ctx.lang);
      return insertBill(tx, { tenantId, shopId: shop_client_id, orderId: order_client_id, buyerId: order.user_id, by: me.userId }, bill);
    });
    return { bill: await billOf(ctx.db, tenantId, id) };
  },

  user_bill_edit: async ({ shop_client_id, user_client_id, bill_client_id, ...fields }, ctx) => {
    const me = shopCaller(ctx, user_client_id);
    await staffShop(ctx.db, ctx, me, shop_client_id);
    await ctx.transaction(async (tx) => {
      const bill = await lockedBill(tx, ctx.tenant.tenant_id, shop_client_id, bill_client_id);
      if (bill.approve_status === 1 || bill.cancel_date) throw new ApiError('bill_approved');
      await refuseBillOtherThanOrder(tx, bill.order_client_id, fields, ctx.lang);
      await updateBill(tx, bill_client_id, fields);
    });
    return { bill: await billOf(ctx.db, ctx.tenant.tenant_id, bill_client_id) };
  },

  // Approved twice, a bill keeps its first number.
  user_bill_approve: async ({ shop_client_id, user_client_id, bill_client_id }, ctx) => {
    const me = shopCaller(ctx, user_client_id);
    await staffShop(ctx.db, ctx, me, shop_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      const bill = await lockedBill(tx, tenantId, shop_client_id, bill_client_id);
      if (bill.cancel_date) throw new ApiError('bill_order_not_paid');
      if (bill.approve_status === 1) return;
      await lockedOrder(tx, tenantId, bill.order_client_id);
      // A draft made before bills had to match their orders is checked again before it is numbered.
      await refuseBillOtherThanOrder(tx, bill.order_client_id, await billOf(tx, tenantId, bill_client_id), ctx.lang);
      if (!(await orderTransition(tx, tenantId, bill.order_client_id, 'bill', { kind: 'staff', userId: me.userId }))) throw new ApiError('bill_order_not_paid');
      await approveBill(tx, shop_client_id, bill_client_id);
    });
    return { bill_client_id, approve_status: 1 as const };
  },

  user_bill_list: async ({ user_client_id, shop_client_id, ...input }, ctx) => {
    const me = shopCaller(ctx, user_client_id);
    if (shop_client_id && !(await isStaffOf(ctx.db, ctx.tenant.tenant_id, shop_client_id, me))) throw notFound('shop');
    return listBills(ctx.db, ctx.tenant.tenant_id, shop_client_id ? { shopId: shop_client_id } : { userId: me.userId }, input);
  },

  user_bill_list_not_approved: async ({ user_client_id, shop_client_id, ...input }, ctx) => {
    const me = shopCaller(ctx, user_client_id);
    await staffShop(ctx.db, ctx, me, shop_client_id);
    return listBills(ctx.db, ctx.tenant.tenant_id, { shopId: shop_client_id }, { ...input, approve_status: 0 });
  },
};
