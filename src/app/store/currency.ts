// Currency slice: 0 = Turkish lira (₺), 1 = US dollar ($) (spec section 1).
import type { CurrencyType } from '../../generated/types/entities';
import type { SliceCreator } from './types';

export interface CurrencySlice {
  currency: { type: CurrencyType };
  setCurrency: (type: CurrencyType) => void;
}

export const createCurrencySlice: SliceCreator<CurrencySlice> = (set) => ({
  currency: { type: 0 },
  setCurrency: (type) =>
    set((s) => {
      s.currency.type = type;
    }),
});
