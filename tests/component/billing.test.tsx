// The buyer's bills (user_billing, issue 10) as a buyer sees them, against a fake of /v1/user/bill/list
// (tests/component/support/bills.ts): the list newest first with numbers, dates, shops, totals and states in
// words; empty and failed reads; one bill as an invoice with its money and tax figures in ₺ and $, in Turkish
// and in English; a cancelled bill marked so; the ?bill=<id> link the order list gives; Print.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { statusMessage } from '../../src/domain/status-messages';
import { storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { billCalls, billHandlers, resetBills, starterBill } from './support/bills';
import { checkout, checkoutHandlers, resetCheckout } from './support/checkout';
import { setBodyWidth } from './support/dom';
import { server } from './support/server';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const PATH = '/kullanici-fatura';

beforeEach(() => {
  resetCheckout();
  resetBills();
  server.use(...checkoutHandlers, ...billHandlers);
  storeSession();
});

/** A dollar bill of two Model Training runs ($59.00 each) at 18 %, cancelled with its order's refund. */
const cancelledDollarBill = () =>
  starterBill({
    bill_number: '2026-000001',
    bill_date: '2026-10-02T09:00:00.000Z',
    currency_type: 1,
    tax_rate_percent: 18,
    product_items: [{ pro_name: 'Model Eğitimi', quantity: 2, unit_price: 5900, line_total: 11800 }],
    net_price: 11800,
    tax_price: 2124,
    total_price: 13924,
    cancel_date: '2026-10-10T08:00:00.000Z',
  });

const invoice = () => screen.getByRole('article', { name: /^(\d{4}-\d{6} numaralı fatura|Invoice \d{4}-\d{6})$/ });
/** The value beside a label in the invoice (its facts and totals are description lists). */
const shownBeside = (label: string) => within(invoice()).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the buyer\'s bills', () => {
  it('lists the bills newest first with their number, date, shop, total and state in words, and opens one from its number', async () => {
    const starter = starterBill();
    cancelledDollarBill();
    const user = userEvent.setup();
    await startApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faturalar' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Faturalarım' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['2026-000002', '2026-000001']);
    expect(rows[0]).toHaveTextContent('25 Kas 2026');
    expect(rows[0]).toHaveTextContent('Sema Veri Mağazası');
    expect(rows[0]).toHaveTextContent('₺778,68');
    expect(rows[0]).toHaveTextContent('Onaylandı');
    expect(rows[1]).toHaveTextContent('$139,24');
    expect(rows[1]).toHaveTextContent('İptal edildi');
    for (const row of rows) expect(row.textContent).not.toMatch(UUID);
    expect(billCalls().at(-1)!.body).toEqual({ user_client_id: expect.any(String), sort: '-bill_date', page: 1, page_size: 10 });

    await user.click(table.getByRole('link', { name: '2026-000002 numaralı faturayı aç' }));
    await screen.findByRole('article', { name: '2026-000002 numaralı fatura' });
    expect(new URLSearchParams(window.location.search).get('bill')).toBe(starter.bill_client_id);
    expect(screen.getByRole('heading', { level: 2, name: 'Fatura' })).toHaveFocus();
    expect(screen.queryByRole('table', { name: 'Faturalarım' })).not.toBeInTheDocument();

    // "Tüm faturalar" goes back to the list.
    await user.click(screen.getByRole('link', { name: 'Tüm faturalar' }));
    expect(await screen.findByRole('table', { name: 'Faturalarım' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('shows a bill as an invoice: the seller, the number and date, the buyer, the lines, net, tax at its rate and total, in both languages; Print prints', async () => {
    const bill = starterBill();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    await startApp(`${PATH}?bill=${bill.bill_client_id}`);
    const doc = within(await screen.findByRole('article', { name: '2026-000002 numaralı fatura' }));
    expect(billCalls().at(-1)!.body).toEqual({ user_client_id: expect.any(String), bill_client_id: bill.bill_client_id, page: 1, page_size: 1 });

    // The seller with its address, tax office and number; the bill's number, date and currency; the buyer.
    expect(doc.getByText('Sema Veri Mağazası')).toBeInTheDocument();
    expect(doc.getByText('Moda Cad. No: 24, Kadıköy, İstanbul')).toBeInTheDocument();
    expect(doc.getByText('Vergi dairesi: Kadıköy')).toBeInTheDocument();
    expect(doc.getByText('Vergi no: 1234567890')).toBeInTheDocument();
    expect(shownBeside('Fatura no')).toHaveTextContent('2026-000002');
    expect(shownBeside('Fatura tarihi')).toHaveTextContent('25 Kas 2026');
    expect(shownBeside('Para birimi')).toHaveTextContent('₺ Türk lirası');
    const buyer = within(doc.getByRole('region', { name: 'Alıcı' }));
    expect(buyer.getByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(buyer.getByText('ayse.yilmaz@example.com.tr')).toBeInTheDocument();

    // The lines with their quantities, unit prices and amounts; then net, tax at 20 % and the total.
    const lines = within(doc.getByRole('table', { name: 'Fatura kalemleri' }));
    expect(lines.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ürün / hizmet', 'Adet', 'Birim fiyat', 'Tutar']);
    const [credit, support] = lines.getAllByRole('row').slice(1);
    expect(within(credit).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '₺499,00', '₺499,00']);
    expect(within(credit).getByRole('rowheader')).toHaveTextContent('Analiz Kredisi 1.000');
    expect(within(support).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '₺149,90', '₺149,90']);
    expect(shownBeside('Ara toplam (KDV hariç)')).toHaveTextContent('₺648,90');
    expect(shownBeside('KDV (%20)')).toHaveTextContent('₺129,78');
    expect(shownBeside('Genel toplam (KDV dahil)')).toHaveTextContent('₺778,68');
    expect(doc.queryByText(/İptal/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(UUID);

    await user.click(screen.getByRole('button', { name: 'Yazdır' }));
    expect(print).toHaveBeenCalledTimes(1);

    // In English: the labels, the date and the numbers the English way, the same figures.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    await screen.findByRole('article', { name: 'Invoice 2026-000002' });
    expect(new URLSearchParams(window.location.search).get('bill')).toBe(bill.bill_client_id);
    expect(screen.getByRole('heading', { level: 2, name: 'Invoice' })).toBeInTheDocument();
    expect(shownBeside('Bill date')).toHaveTextContent('25 Nov 2026');
    expect(shownBeside('Currency')).toHaveTextContent('₺ Turkish lira');
    expect(screen.getByText('Tax office: Kadıköy')).toBeInTheDocument();
    const en = within(screen.getByRole('table', { name: 'Invoice lines' }));
    expect(en.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Product / service', 'Qty', 'Unit price', 'Amount']);
    expect(shownBeside('Subtotal (excl. VAT)')).toHaveTextContent('₺648.90');
    expect(shownBeside('VAT (20%)')).toHaveTextContent('₺129.78');
    expect(shownBeside('Total (incl. VAT)')).toHaveTextContent('₺778.68');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('marks a cancelled bill, with a dollar bill\'s figures and its tax rate in both languages', async () => {
    const bill = cancelledDollarBill();
    const user = userEvent.setup();
    await startApp(`${PATH}?bill=${bill.bill_client_id}`);
    const doc = within(await screen.findByRole('article', { name: '2026-000001 numaralı fatura' }));
    expect(doc.getByText('Bu fatura 10 Eki 2026 tarihinde iptal edildi ve geçerli değildir.')).toBeInTheDocument();
    const [line] = within(doc.getByRole('table', { name: 'Fatura kalemleri' })).getAllByRole('row').slice(1);
    expect(within(line).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '$59,00', '$118,00']);
    expect(shownBeside('Para birimi')).toHaveTextContent('$ ABD doları');
    expect(shownBeside('KDV (%18)')).toHaveTextContent('$21,24');
    expect(shownBeside('Genel toplam (KDV dahil)')).toHaveTextContent('$139,24');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    await screen.findByRole('article', { name: 'Invoice 2026-000001' });
    expect(screen.getByText('This bill was cancelled on 10 Oct 2026 and is no longer valid.')).toBeInTheDocument();
    expect(shownBeside('Subtotal (excl. VAT)')).toHaveTextContent('$118.00');
    expect(shownBeside('VAT (18%)')).toHaveTextContent('$21.24');
    expect(shownBeside('Total (incl. VAT)')).toHaveTextContent('$139.24');
  });

  it('a link to a bill that is not the buyer\'s finds nothing, and leads back to the list', async () => {
    starterBill();
    const draft = starterBill({ approve_status: 0, bill_number: undefined, approve_date: undefined }); // the shop's draft: never the buyer's
    const user = userEvent.setup();
    await startApp(`${PATH}?bill=${draft.bill_client_id}`);
    expect(await screen.findByText('Bu fatura bulunamadı.')).toBeInTheDocument();
    expect(billCalls().at(-1)!.body).toMatchObject({ bill_client_id: draft.bill_client_id });
    expect(screen.queryByRole('article', { name: /fatura$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yazdır' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Tüm faturalar' }));
    const table = within(await screen.findByRole('table', { name: 'Faturalarım' }));
    expect(table.getAllByRole('row')).toHaveLength(2); // the draft is not listed either
  });

  it('a link whose bill is not an id finds nothing without asking the server', async () => {
    await startApp(`${PATH}?bill=12345`);
    expect(await screen.findByText('Bu fatura bulunamadı.')).toBeInTheDocument();
    expect(billCalls()).toHaveLength(0);
  });

  it('without bills says so, with the way to the orders; a failed read is shown with a retry', async () => {
    checkout.failNext.bills = { key: 'internal_error' };
    const user = userEvent.setup();
    await startApp(PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(statusMessage('internal_error', 'tr').split('.')[0]);
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Henüz bir faturanız yok.')).toBeInTheDocument();
    expect(screen.getByText('Ödediğiniz bir siparişin faturasını mağaza onayladığında burada görünür.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Siparişlerime git' })).toHaveAttribute('href', '/kullanici-alisverissepeti-paket-siparis');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages on the server, and on a phone shows each bill as a card', async () => {
    for (let day = 1; day <= 12; day++) starterBill({ bill_number: `2026-0000${String(day).padStart(2, '0')}`, bill_date: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z` });
    setBodyWidth(390);
    const user = userEvent.setup();
    await startApp(PATH);
    const cards = await screen.findByRole('list', { name: 'Faturalarım' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(10);
    expect(within(cards).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('2026-000012');
    await user.click(within(screen.getByRole('navigation', { name: 'Fatura sayfaları' })).getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Faturalarım' })).getAllByRole('listitem')).toHaveLength(2));
    expect(billCalls().at(-1)!.body).toMatchObject({ page: 2, page_size: 10 });
  });
});
