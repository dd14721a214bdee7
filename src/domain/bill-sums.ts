// A bill's sums, one rule for the server that checks them and the staff's form that proposes them: each line
// is quantity × unit price, the net is their sum, the tax is net × rate / 100 rounded half up (whole minor
// units), the total is net + tax. Shop prices include the tax (KDV dahil, docs/decisions.md), so a bill made
// from a paid order splits what was paid into net and tax and adds up to exactly that.

export interface BillLine {
  pro_client_id?: string;
  pro_name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

export const taxOf = (net: number, ratePercent: number): number => Math.round((net * ratePercent) / 100);

/** Net, tax and total of a bill's lines at a tax rate. */
export function billTotals(lines: readonly Pick<BillLine, 'line_total'>[], ratePercent: number): { net: number; tax: number; total: number } {
  const net = lines.reduce((sum, l) => sum + l.line_total, 0);
  const tax = taxOf(net, ratePercent);
  return { net, tax, total: net + tax };
}

/**
 * The bill lines of products bought at tax-inclusive amounts (one line each, quantity 1): the nets share the
 * tax-free part in proportion to the amounts, the largest line taking the rounding, so that net + tax equals
 * what was paid. When no whole net does (a rounding gap at some rates), the total is a minor unit below it.
 */
export function linesFromPaid(products: readonly { pro_client_id?: string; pro_name: string; amount: number }[], ratePercent: number): BillLine[] {
  const paid = products.reduce((sum, p) => sum + p.amount, 0);
  const guess = Math.round((paid * 100) / (100 + ratePercent));
  // The whole net whose total is what was paid, else the closest below it (a bill never asks for more).
  let net = Math.max(0, guess - 2);
  for (let n = Math.max(0, guess - 2); n <= guess + 2; n++) if (n + taxOf(n, ratePercent) <= paid) net = n;
  const nets = products.map((p) => (paid ? Math.floor((p.amount * net) / paid) : 0));
  const largest = products.reduce((best, p, i) => (p.amount > products[best].amount ? i : best), 0);
  if (products.length) nets[largest] += net - nets.reduce((s, n) => s + n, 0);
  return products.map((p, i) => ({ ...(p.pro_client_id ? { pro_client_id: p.pro_client_id } : {}), pro_name: p.pro_name, quantity: 1, unit_price: nets[i], line_total: nets[i] }));
}
