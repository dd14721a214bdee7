// The staff's side of a shop's orders (the user_shop_order_* calls): the list with its filters, one order with
// its products, payments and history, and the whole-order steps (server/services/order-steps.ts).
import { listOrders, orderDetail } from '../services/shop-order-store.ts';
import { currentOrder, expireOverdue, staffOrderStep } from '../services/order-steps.ts';
import { shopCaller, staffShop } from '../services/shop-access.ts';
import type { HandlerSet } from './types.ts';

export const shopOrderHandlers: HandlerSet = {
  user_shop_order_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    await ctx.transaction((tx) => expireOverdue(tx, ctx.tenant.tenant_id, { shopId: input.shop_client_id }));
    const { rows, ...paging } = await listOrders(ctx.db, ctx.tenant.tenant_id, { shopId: input.shop_client_id }, input);
    return { order_list: rows, ...paging };
  },

  user_shop_order_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction((tx) => currentOrder(tx, tenantId, input.order_client_id, { shopId: input.shop_client_id }));
    return { order: await orderDetail(ctx.db, tenantId, input.order_client_id, 'staff') };
  },

  user_shop_order_status_change: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction((tx) =>
      staffOrderStep(tx, ctx.services.payments, {
        tenantId,
        shopId: input.shop_client_id,
        orderId: input.order_client_id,
        step: input.order_event,
        actor: { kind: 'staff', userId: me.userId },
        transferReference: input.transfer_reference,
        receivedAmount: input.received_amount,
        note: input.note,
        lang: ctx.lang,
      }),
    );
    return { order: await orderDetail(ctx.db, tenantId, input.order_client_id, 'staff') };
  },
};
