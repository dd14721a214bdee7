// The checkout chunks' loaders, behind one chunk reference in the first page: the first page is at its size
// limit, and each import() there carries its chunk's file names. The registry's six pages (five of the buyer's, the
// staff's order details) and the top bar's cart link load through here; each stays its own chunk (a cart visit does not load the payment form).
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/router/registry';

export type CheckoutView = 'UserShoppingcart' | 'UserShoppingcartPayment' | 'UserShopcartBundleOrderList' | 'UserProductBundlesActive' | 'UserBilling' | 'ShopOrderDetails' | 'CartLink';

const loaders: Record<CheckoutView, () => Promise<{ default: ComponentType<PageProps> }>> = {
  UserShoppingcart: () => import('./UserShoppingcart'),
  UserShoppingcartPayment: () => import('./UserShoppingcartPayment'),
  UserShopcartBundleOrderList: () => import('./UserShopcartBundleOrderList'),
  UserProductBundlesActive: () => import('./UserProductBundlesActive'),
  UserBilling: () => import('./UserBilling'),
  ShopOrderDetails: () => import('./ShopOrderDetails'),
  CartLink: () => import('./CartLink'),
};

export const loadCheckoutView = (view: CheckoutView) => loaders[view]();
