// The life of an order, its products' payments and its cart lines, in the specification's words (section 4),
// as one explicit state machine: the server makes every transition a conditional update (`… where status =
// one it may leave`) recorded with who and when, and the screens ask it which actions a state offers. After
// Vendure's order process: named transitions, each with the states it may leave from.
//
//   payment_waiting ──approve──▶ payment_approved ──send──▶ product_send
//         │                         │        └──bill──▶ bill_completed ◀──bill──┘
//         └──cancel──▶ payment_cancel          (send)  │         └──bill_cancel──▶ bill_cancelled
//                                   refund from payment_approved, product_send, bill_completed, bill_cancelled
//                                   ──▶ payment_refunded (an approved bill is cancelled with it)
//
// The order's state is its latest milestone; each milestone also keeps its date (section 4's filters). A
// product's payment moves the same way (waiting → approved | cancel; approved → refunded). The order follows
// its products: approved once every product is, cancelled or refunded once every product is.
import type { OrderStatus, PaymentStatus, ShopcartBundleStatus } from '../generated/types/entities';

export type PaymentEvent = 'approve' | 'cancel' | 'refund';
export type OrderEvent = PaymentEvent | 'send' | 'bill' | 'bill_cancel';

/** Per event: the payment states it may leave, and where it goes. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentEvent, { from: readonly PaymentStatus[]; to: PaymentStatus }>> = {
  approve: { from: ['payment_waiting'], to: 'payment_approved' },
  cancel: { from: ['payment_waiting'], to: 'payment_cancel' },
  refund: { from: ['payment_approved'], to: 'payment_refunded' },
};

/** Per event: the order states it may leave, where it goes, and the order date it sets (section 4's filters). */
export const ORDER_TRANSITIONS: Readonly<
  Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus; date: 'payment_date' | 'cancel_date' | 'payment_refund_date' | 'product_send_date' | 'bill_date' | 'bill_cancel_date' }>
> = {
  approve: { from: ['payment_waiting'], to: 'payment_approved', date: 'payment_date' },
  cancel: { from: ['payment_waiting'], to: 'payment_cancel', date: 'cancel_date' },
  send: { from: ['payment_approved', 'bill_completed'], to: 'product_send', date: 'product_send_date' },
  bill: { from: ['payment_approved', 'product_send', 'bill_cancelled'], to: 'bill_completed', date: 'bill_date' },
  bill_cancel: { from: ['bill_completed'], to: 'bill_cancelled', date: 'bill_cancel_date' },
  refund: { from: ['payment_approved', 'product_send', 'bill_completed', 'bill_cancelled'], to: 'payment_refunded', date: 'payment_refund_date' },
};

/** The order states in which its payment is approved (billable, refundable). */
export const PAID_STATES: readonly OrderStatus[] = ['payment_approved', 'product_send', 'bill_completed', 'bill_cancelled'];

/** What each order event does to its cart lines: paid lines are active, cancelled or refunded ones cancelled. */
export const LINE_AFTER: Readonly<Partial<Record<OrderEvent, { from: readonly ShopcartBundleStatus[]; to: ShopcartBundleStatus }>>> = {
  approve: { from: ['ordered'], to: 'active' },
  cancel: { from: ['ordered'], to: 'cancelled' },
  refund: { from: ['active', 'passive'], to: 'cancelled' },
};

/** The cart-line states staff may set by hand (the status-change call), from the states they may leave. */
export const LINE_TRANSITIONS: Readonly<Record<ShopcartBundleStatus, readonly ShopcartBundleStatus[]>> = {
  in_cart: [],
  ordered: [],
  active: ['passive'],
  passive: ['active'],
  cancelled: [],
};

/** The payment event that takes a product's payment to `to`, if one does from `from`. */
export function paymentEventTo(from: PaymentStatus, to: PaymentStatus): PaymentEvent | undefined {
  return (Object.keys(PAYMENT_TRANSITIONS) as PaymentEvent[]).find((e) => PAYMENT_TRANSITIONS[e].to === to && PAYMENT_TRANSITIONS[e].from.includes(from));
}

/** Whether the order may take `event` in state `status`. */
export const orderMay = (status: OrderStatus, event: OrderEvent): boolean => ORDER_TRANSITIONS[event].from.includes(status);

/** The events an order in `status` offers (the buttons a screen shows). */
export const orderEvents = (status: OrderStatus): OrderEvent[] => (Object.keys(ORDER_TRANSITIONS) as OrderEvent[]).filter((e) => orderMay(status, e));

/**
 * The order event its products' payments call for, once one of them changed: approved when every product is
 * approved, cancelled when every one is cancelled, refunded when every paid one is refunded.
 */
export function orderEventAfter(status: OrderStatus, products: readonly PaymentStatus[]): OrderEvent | undefined {
  const all = (s: PaymentStatus) => products.length > 0 && products.every((p) => p === s);
  if (orderMay(status, 'approve') && all('payment_approved')) return 'approve';
  if (orderMay(status, 'cancel') && all('payment_cancel')) return 'cancel';
  if (orderMay(status, 'refund') && products.some((p) => p === 'payment_refunded') && products.every((p) => p === 'payment_refunded' || p === 'payment_cancel'))
    return 'refund';
  return undefined;
}
