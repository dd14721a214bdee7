// Cart slice: the shopping-cart list and the cart order list. Empty until the shop issue fills them.
import type { SliceCreator } from './types';

export interface CartSlice {
  cart: { list: unknown[]; orderList: unknown[] };
  setCartList: (list: unknown[]) => void;
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
