// The bill's sums (src/domain/bill-sums.ts): what the server checks and what the staff's form proposes from
// a paid order's tax-inclusive amounts.
import { describe, expect, it } from 'vitest';
import { billTotals, linesFromPaid } from '../../src/domain/bill-sums';

describe('bill sums', () => {
  it('adds the lines, rounds the tax half up and totals net + tax', () => {
    expect(billTotals([{ line_total: 1000 }, { line_total: 250 }], 20)).toEqual({ net: 1250, tax: 250, total: 1500 });
    expect(billTotals([{ line_total: 5 }], 10)).toEqual({ net: 5, tax: 1, total: 6 }); // 0.5 rounds up
    expect(billTotals([], 20)).toEqual({ net: 0, tax: 0, total: 0 });
  });

  it('splits what was paid (tax included) into lines whose net and tax add up to exactly that', () => {
    const products = [
      { pro_name: 'Analiz Kredisi 1.000', amount: 49900 },
      { pro_name: 'E-posta Desteği', amount: 14990 },
    ];
    for (const rate of [0, 1, 8, 10, 18, 20]) {
      const lines = linesFromPaid(products, rate);
      expect(lines.every((l) => l.quantity === 1 && l.line_total === l.unit_price)).toBe(true);
      const { total } = billTotals(lines, rate);
      // Exactly what was paid, or a minor unit below where the rate leaves a gap (18 %: 54992 → 64891, 54991 → 64889).
      expect(total, `rate ${rate}`).toBe(rate === 18 ? 64889 : 64890);
    }
    const at20 = linesFromPaid(products, 20);
    expect(at20.map((l) => l.line_total)).toEqual([41584, 12491]); // 54075 net + 10815 tax = 64890
  });

  it('leaves nothing to split for a free order', () => {
    expect(linesFromPaid([{ pro_name: 'Deneme', amount: 0 }], 20)).toEqual([{ pro_name: 'Deneme', quantity: 1, unit_price: 0, line_total: 0 }]);
  });
});
