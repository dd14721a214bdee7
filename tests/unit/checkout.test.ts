// The buyer's order rules shared by the cart page and the server's order call (src/domain/checkout.ts).
import { bundleUnitPrice, lineCurrencies, lineTotal, methodsForAll, mustApprove, productTakes } from '../../src/domain/checkout';

describe('payment methods', () => {
  it('a product takes a method unless its flag for it is false; a free one takes any', () => {
    expect(productTakes({ pay_credit_card: true, pay_transfer_to_account: false }, 100, 'credit_card')).toBe(true);
    expect(productTakes({ pay_credit_card: true, pay_transfer_to_account: false }, 100, 'transfer_to_account')).toBe(false);
    expect(productTakes({}, 100, 'transfer_to_account')).toBe(true);
    expect(productTakes({ pay_type: 'free', pay_transfer_to_account: false }, null, 'transfer_to_account')).toBe(true);
    expect(productTakes({ pay_transfer_to_account: false }, 0, 'transfer_to_account')).toBe(true);
  });

  it('an order is offered only the methods every product takes', () => {
    const card = { product: { pay_credit_card: true, pay_transfer_to_account: false }, amount: 14990 };
    const both = { product: { pay_credit_card: true, pay_transfer_to_account: true }, amount: 49900 };
    const transferOnly = { product: { pay_credit_card: false, pay_transfer_to_account: true }, amount: 100 };
    expect(methodsForAll([both])).toEqual(['credit_card', 'transfer_to_account']);
    expect(methodsForAll([both, card])).toEqual(['credit_card']);
    expect(methodsForAll([card, transferOnly])).toEqual([]);
  });
});

describe('agreements and prices', () => {
  it('asks approval of active agreements marked approve_required', () => {
    expect(mustApprove({ approve_required: true, agreement_status: 'active' })).toBe(true);
    expect(mustApprove({ approve_required: true })).toBe(true);
    expect(mustApprove({ approve_required: true, agreement_status: 'passive' })).toBe(false);
    expect(mustApprove({ approve_required: false })).toBe(false);
  });

  it('a line costs its products added up, times its count', () => {
    const line = {
      add_bundle_count: 3,
      product_payment_list: {
        a: { pro_name: 'A', currency_type: 0 as const, amount: 49900, payment_status: 'payment_waiting' as const },
        b: { pro_name: 'B', currency_type: 0 as const, amount: 14990, payment_status: 'payment_waiting' as const },
      },
    };
    expect(bundleUnitPrice(line)).toBe(64890);
    expect(lineTotal(line)).toBe(194670);
    expect(lineCurrencies(line)).toEqual([0]);
    expect(lineCurrencies({ ...line, product_payment_list: { ...line.product_payment_list, c: { pro_name: 'C', currency_type: 1, amount: 5, payment_status: 'payment_waiting' } } })).toEqual([0, 1]);
  });
});
