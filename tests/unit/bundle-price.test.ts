// A bundle's price in a currency (src/domain/bundle-price.ts): the sum of its products' prices, unknown when one
// is not sold in that currency, as the server's price sort counts it; and which products are on sale.
import { bundlePrice, onSale, productPrice, today } from '../../src/domain/bundle-price.ts';
import seed from '../../fixtures/seed/shops.json' with { type: 'json' };

const priced = (...prices: [0 | 1, number][]) => ({ currency_amount_list: prices.map(([currency_type, amount]) => ({ currency_type, amount })) });

describe('bundle price', () => {
  it("is the sum of the products' prices in the currency", () => {
    const [starter] = seed.shops[0].bundle_list;
    expect(bundlePrice(starter.product_list as never, 0)).toBe(49900 + 14990);
    expect(bundlePrice(starter.product_list as never, 1)).toBe(1900 + 590);
  });

  it('is unknown when a product is not sold in the currency, or there is no product', () => {
    const products = [priced([0, 100], [1, 5]), priced([0, 200])];
    expect(bundlePrice(products, 0)).toBe(300);
    expect(bundlePrice(products, 1)).toBeNull();
    expect(bundlePrice([], 0)).toBeNull();
    expect(productPrice({}, 0)).toBeNull();
    // A free product has a price: zero.
    expect(bundlePrice([priced([0, 0], [1, 0])], 1)).toBe(0);
  });
});

describe('on sale', () => {
  it('is an active product with today inside its dates', () => {
    expect(onSale({}, '2026-03-01')).toBe(true);
    expect(onSale({ pro_status: 'passive' }, '2026-03-01')).toBe(false);
    expect(onSale({ pro_start_date: '2026-03-01', pro_end_date: '2026-03-01' }, '2026-03-01')).toBe(true);
    expect(onSale({ pro_start_date: '2026-03-02' }, '2026-03-01')).toBe(false);
    expect(onSale({ pro_end_date: '2026-02-28' }, '2026-03-01')).toBe(false);
  });

  it('reads today in the local calendar', () => {
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
