// The staff's page of one shop order (user_shop_order_details) against a fake of its routes: what it offers in
// each state (the state machine's steps), what it sends (the transfer's description and the amount received
// in minor units, a note), how a refusal reads (a short amount, in the page's language), the bill made from
// what was paid (net and tax that add up to it) and approved after asking, and the page's own empty states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Order } from '../../src/generated/types/entities';
import { formatMinor } from '../../src/domain/money';
import { statusMessage } from '../../src/domain/status-messages';
import { storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { SHOP } from './support/checkout';
import { ok } from './support/handlers';
import { server } from './support/server';

const ORDER_ID = '30000000-0000-4000-8000-000000000001';
const PAGE = `/kullanici-magaza-siparis-detaylari?shop_client_id=${SHOP.shop_client_id}&order_client_id=${ORDER_ID}`;

function transferOrder(over: Partial<Order> = {}): Order {
  return {
    order_client_id: ORDER_ID,
    user_client_id: '10000000-0000-4000-8000-000000000009',
    customer_username: 'kerem.alici',
    shop_client_id: SHOP.shop_client_id!,
    shop_name: SHOP.shop_name,
    shopcart_bundle_client_id_list: ['20000000-0000-4000-8000-000000000001'],
    shopcart_bundle_list: [{ shopcart_bundle_client_id: '20000000-0000-4000-8000-000000000001', bundle_client_id: '50000000-0000-4000-8000-000000000001', bundle_name: 'Makine Öğrenmesi Paketi', add_bundle_count: 1 }],
    order_status: 'payment_waiting',
    payment_status: 'payment_waiting',
    payment_method: 'transfer_to_account',
    currency_type: 0,
    total_amount: 229800,
    order_date: '2026-11-25T10:00:00.000Z',
    payment_due_date: '2026-11-28T10:00:00.000Z',
    product_list: [
      { shopcart_bundle_client_id: '20000000-0000-4000-8000-000000000001', pro_client_id: '60000000-0000-4000-8000-000000000001', pro_name: 'Model Eğitimi', amount: 149900, payment_status: 'payment_waiting' },
      { shopcart_bundle_client_id: '20000000-0000-4000-8000-000000000001', pro_client_id: '60000000-0000-4000-8000-000000000002', pro_name: "Tahmin API'si", amount: 79900, payment_status: 'payment_waiting' },
    ],
    payment_list: [
      { payment_client_id: '40000000-0000-4000-8000-000000000001', order_client_id: ORDER_ID, payment_method: 'transfer_to_account', payment_status: 'payment_waiting', currency_type: 0, amount: 229800, sender_name: 'Kerem Alıcı', transfer_date: '2026-11-25', transfer_reference: 'SIPARIS 42' },
    ],
    order_event_list: [{ order_event: 'place', to_status: 'payment_waiting', actor_kind: 'buyer', actor_username: 'kerem.alici', created_at: '2026-11-25T10:00:00.000Z' }],
    ...over,
  };
}

let current: Order;
const sent: { route: string; body: Record<string, unknown> }[] = [];
const paid = (o: Order): Order => ({
  ...o,
  order_status: 'payment_approved',
  payment_status: 'payment_approved',
  payment_due_date: undefined,
  product_list: o.product_list?.map((p) => ({ ...p, payment_status: 'payment_approved' as const, pro_status: 'active' as const })),
});

beforeEach(() => {
  sent.length = 0;
  current = transferOrder();
  storeSession({ authCodes: ['shop_order_bundle_status_management'] });
  server.use(
    http.post('*/v1/user/shop/order/get', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.order_client_id !== ORDER_ID) return HttpResponse.json({ status_code: '10016', status_message: statusMessage('record_not_found', 'tr', { entity: 'order' }) }, { status: 404 });
      return HttpResponse.json({ ...ok, order: current });
    }),
    http.post('*/v1/user/shop/order/status/change', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ route: 'step', body });
      if (body.order_event === 'approve' && Number(body.received_amount) < current.total_amount)
        return HttpResponse.json(
          { status_code: '12027', status_message: statusMessage('payment_short', 'tr', { received: formatMinor(Number(body.received_amount), 0, 'tr'), total: formatMinor(current.total_amount, 0, 'tr') }) },
          { status: 409 },
        );
      if (body.order_event === 'approve') current = paid(current);
      if (body.order_event === 'cancel') current = { ...current, order_status: 'payment_cancel', payment_status: 'payment_cancel' };
      return HttpResponse.json({ ...ok, order: current });
    }),
    http.post('*/v1/user/shop/get', () => HttpResponse.json({ ...ok, shop: SHOP })),
    http.post('*/v1/user/bill/new', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ route: 'bill', body });
      current = { ...current, bill: { bill_client_id: '70000000-0000-4000-8000-000000000001', approve_status: 0 } };
      return HttpResponse.json({ ...ok, bill: { ...body, bill_client_id: '70000000-0000-4000-8000-000000000001', approve_status: 0 } });
    }),
    http.post('*/v1/user/bill/approve', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ route: 'approve-bill', body });
      current = { ...current, order_status: 'bill_completed', bill: { bill_client_id: '70000000-0000-4000-8000-000000000001', approve_status: 1, bill_number: '2026-000001' } };
      return HttpResponse.json({ ...ok, bill_client_id: body.bill_client_id, approve_status: 1 });
    }),
  );
});

describe('a shop order for its staff', () => {
  it('shows the buyer\'s transfer report, refuses a short amount in words, approves with the description and the amount in minor units', async () => {
    const user = userEvent.setup();
    await startApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: /tarihli sipariş — kerem\.alici$/ })).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Yapılacaklar' }));
    expect(steps.getByText(/Kerem Alıcı adına bir havale bildirdi/)).toBeInTheDocument();
    expect(steps.getByLabelText(/^Hesap özetindeki açıklama/)).toHaveValue('SIPARIS 42');
    expect(steps.getByLabelText(/^Gelen tutar/)).toHaveValue('2298,00');
    expect(steps.queryByRole('button', { name: 'İade et' })).not.toBeInTheDocument(); // not paid yet

    await user.clear(steps.getByLabelText(/^Gelen tutar/));
    await user.type(steps.getByLabelText(/^Gelen tutar/), '2.000,00');
    await user.click(steps.getByRole('button', { name: 'Ödemeyi onayla' }));
    expect(await steps.findByText('Alınan tutar (₺2.000,00) sipariş toplamını (₺2.298,00) karşılamıyor. Tutarın tamamı geldiğinde onaylayın.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ order_event: 'approve', transfer_reference: 'SIPARIS 42', received_amount: 200000 });

    await user.clear(steps.getByLabelText(/^Gelen tutar/));
    await user.type(steps.getByLabelText(/^Gelen tutar/), '2298,00');
    await user.type(steps.getByLabelText(/^Sipariş geçmişi için not/), 'Ekstrede görüldü');
    await user.click(steps.getByRole('button', { name: 'Ödemeyi onayla' }));
    expect(await steps.findByText('Ödeme onaylandı, paketler etkin.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ order_event: 'approve', received_amount: 229800, note: 'Ekstrede görüldü', user_client_id: expect.any(String) });
    // Paid: now it can be sent or refunded, no longer approved or cancelled.
    expect(steps.getByRole('button', { name: 'Gönderildi olarak işaretle' })).toBeInTheDocument();
    expect(steps.getByRole('button', { name: 'İade et' })).toBeInTheDocument();
    expect(steps.queryByRole('button', { name: 'Ödemeyi onayla' })).not.toBeInTheDocument();
    expect(steps.queryByRole('button', { name: 'Siparişi iptal et' })).not.toBeInTheDocument();
  });

  it('makes the bill from what was paid (net and tax add up to it) with the shop\'s details, then approves it after asking', async () => {
    current = paid(transferOrder());
    const user = userEvent.setup();
    await startApp(PAGE);
    const bill = within(await screen.findByRole('region', { name: 'Fatura' }));
    await waitFor(() => expect(bill.getByLabelText(/^Vergi dairesi/)).toHaveValue(SHOP.shop_tax_office));
    expect(bill.getByText('Matrah').nextSibling).toHaveTextContent('₺1.915,00');
    expect(bill.getByText('KDV (%20)').nextSibling).toHaveTextContent('₺383,00');
    expect(bill.getByText('Toplam').nextSibling).toHaveTextContent('₺2.298,00');
    await user.click(bill.getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(sent.find((s) => s.route === 'bill')).toBeDefined());
    expect(sent.find((s) => s.route === 'bill')?.body).toMatchObject({ tax_rate_percent: 20, total_price: 229800, shop_tax_office: SHOP.shop_tax_office, currency_type: 0 });
    await user.click(await bill.findByRole('button', { name: 'Faturayı onayla' }));
    const ask = within(screen.getByRole('alertdialog', { name: 'Bu fatura onaylansın mı?' }));
    await user.click(ask.getByRole('button', { name: 'Faturayı onayla' }));
    expect(await bill.findByText('2026-000001 numaralı fatura onaylandı; alıcı faturaları arasında bulur.')).toBeInTheDocument();
  });

  it('says so when the order is not the shop\'s, and when the address names none', async () => {
    await startApp(PAGE.replace(ORDER_ID, '30000000-0000-4000-8000-00000000dead'));
    expect(await screen.findByText('Bu sipariş bu mağazanın siparişleri arasında yok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Mağazanın siparişleri' })).toHaveAttribute('href', `/kullanici-magaza-siparis-listesi?shop_client_id=${SHOP.shop_client_id}`);
  });
});
