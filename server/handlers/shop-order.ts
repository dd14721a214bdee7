// The staff's order list of one shop (/v1/user/shop/order/list): the orders the cart calls write into
// shop_order and shopcart_bundle, read through server/services/shop-order-store.ts.
import { listOrders } from '../services/shop-order-store.ts';
import { shopCaller, staffShop } from '../services/shop-access.ts';
import type { HandlerSet } from './types.ts';

export const shopOrderHandlers: HandlerSet = {
  user_shop_order_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const { rows, ...paging } = await listOrders(ctx.db, ctx.tenant.tenant_id, { shopId: input.shop_client_id }, input);
    return { order_list: rows, ...paging };
  },
};
