// The buyer's side of an order, shared by the server's order call (server/services/order-store.ts) and the
// cart page: which payment methods a product takes, which agreements must be approved, and what a cart line
// costs. One rule each, so the page offers exactly what the server accepts.
import type { PaymentMethod, Shopcart } from '../generated/types/entities';

/** What the payment rules read of a product (bundle_product's fields). */
export interface PayableProduct {
  pay_type?: string | null;
  pay_credit_card?: boolean | null;
  pay_transfer_to_account?: boolean | null;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['credit_card', 'transfer_to_account'];

/**
 * Whether a product may be paid by `method`: a free product (pay type free, or a price of 0) any way; else
 * unless its flag for the method is false (a product that leaves the flag unset refuses nothing).
 */
export function productTakes(product: PayableProduct, amount: number | null | undefined, method: PaymentMethod): boolean {
  if (product.pay_type === 'free' || Number(amount) === 0) return true;
  const allowed = method === 'credit_card' ? product.pay_credit_card : product.pay_transfer_to_account;
  return allowed !== false;
}

/** The methods every one of the products takes, in PAYMENT_METHODS order. */
export function methodsForAll(products: readonly { product: PayableProduct; amount: number | null | undefined }[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => products.every((p) => productTakes(p.product, p.amount, m)));
}

/** Whether the buyer must approve an agreement before ordering (active and marked approve_required). */
export const mustApprove = (a: { approve_required?: boolean; agreement_status?: string }): boolean => a.approve_required === true && a.agreement_status !== 'passive';

type Line = Pick<Shopcart, 'add_bundle_count' | 'product_payment_list'>;

/** One of the line's bundles: its products' prices added up, in minor units. */
export function bundleUnitPrice(line: Line): number {
  return Object.values(line.product_payment_list ?? {}).reduce((sum, p) => sum + (p?.amount ?? 0), 0);
}

/** The line's price: one bundle's price times its count (what the order's total counts). */
export const lineTotal = (line: Line): number => bundleUnitPrice(line) * line.add_bundle_count;

/** The currencies the line's prices are in (one, unless a product has no price in the buyer's currency). */
export function lineCurrencies(line: Line): number[] {
  return [...new Set(Object.values(line.product_payment_list ?? {}).map((p) => p?.currency_type ?? 0))];
}

/** How many bundles a cart holds: each line's count added up (a line of 3 is 3 bundles). */
export const cartCount = (list: readonly Pick<Shopcart, 'add_bundle_count'>[]): number => list.reduce((n, l) => n + l.add_bundle_count, 0);
