// What a bundle costs, as the shop window sorts it (bundle/and/product/list/active, sort price: server/services/
// bundle-store.ts bundlePrice): the sum of its products' prices in one currency, in integer minor units, and
// unknown when one of those products has no price in that currency. Which products are on sale follows the
// window's rule (status active, today inside the product's start and end dates).
import type { BundleProduct, CurrencyType } from '../generated/types/entities';

type Priced = Pick<BundleProduct, 'currency_amount_list'>;

/** A product's price in the currency (minor units), or null when it is not sold in it. */
export function productPrice(product: Priced, currency: CurrencyType): number | null {
  return product.currency_amount_list?.find((c) => c.currency_type === currency)?.amount ?? null;
}

/** The bundle's price: the sum of the products' prices in the currency; null when one has none (or there is no product). */
export function bundlePrice(products: readonly Priced[], currency: CurrencyType): number | null {
  if (!products.length) return null;
  let sum = 0;
  for (const p of products) {
    const amount = productPrice(p, currency);
    if (amount === null) return null;
    sum += amount;
  }
  return sum;
}

/** Today as YYYY-MM-DD in the reader's time zone (the dates of a product are calendar days). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** On sale: active (a product without a status is active) and `day` inside its start and end dates. */
export function onSale(product: Pick<BundleProduct, 'pro_status' | 'pro_start_date' | 'pro_end_date'>, day: string = today()): boolean {
  if (product.pro_status && product.pro_status !== 'active') return false;
  if (product.pro_start_date && product.pro_start_date > day) return false;
  if (product.pro_end_date && product.pro_end_date < day) return false;
  return true;
}
