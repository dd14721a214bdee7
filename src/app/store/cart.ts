// Cart slice: the signed-in buyer's cart lines (shopcart_list, as every cart call answers it) and the cart
// order list. Every page that changes the cart puts the answer's list here, so the top bar's count stays
// true; the top bar's cart link (src/pages/checkout/CartLink.tsx) loads it when a buyer signs in or comes
// back to the tab, and empties it when they sign out.
import type { Shopcart } from '../../generated/types/entities';
import type { SliceCreator } from './types';

export interface CartSlice {
  cart: { list: Shopcart[]; orderList: unknown[] };
  setCartList: (list: Shopcart[]) => void;
  setCartOrderList: (orderList: unknown[]) => void;
}

export const createCartSlice: SliceCreator<CartSlice> = (set) => ({
  cart: { list: [], orderList: [] },
  setCartList: (list) =>
    set((s) => {
      s.cart.list = list;
    }),
  setCartOrderList: (orderList) =>
    set((s) => {
      s.cart.orderList = orderList;
    }),
});
