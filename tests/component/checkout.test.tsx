// The buyer's cart, payment, orders and active products (issue 10) as a buyer sees and uses them, against a
// fake of the buyer's routes (tests/component/support/checkout.ts): what the pages show (counts, totals in ₺
// and $, states in words) and what they send (counts, agreements, payment methods, request keys, the card).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useAppStore } from '../../src/app/store';
import { statusMessage } from '../../src/domain/status-messages';
import { storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { checkout, checkoutHandlers, LEARNING, OTHER_SHOP, placedOrder, putInCart, REPORT, resetCheckout, STARTER, STARTER_AGREEMENT, TEST_CARDS, TRIAL } from './support/checkout';
import { setBodyWidth } from './support/dom';
import { server } from './support/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const calls = (route: string) => checkout.calls.filter((c) => c.route === route);
const lastCall = (route: string) => calls(route).at(-1)!;
const nextYear = String(new Date().getFullYear() + 1);

beforeEach(() => {
  resetCheckout();
  server.use(...checkoutHandlers);
  storeSession();
});

async function openCart(path = '/kullanici-alisverissepeti') {
  const user = userEvent.setup();
  await startApp(path);
  return user;
}

const cartLink = () => screen.getByRole('link', { name: /^(Alışveriş sepeti|Shopping cart):/ });
const shopSection = (name: string) => screen.getByRole('region', { name });

describe('the cart', () => {
  it('groups the lines by shop with their products and prices, totals each shop in ₺ and in $, and keeps the top bar count true', async () => {
    putInCart(STARTER, 2);
    putInCart(REPORT, 1);
    const user = await openCart();
    const semaShop = within(await screen.findByRole('region', { name: 'Sema Veri Mağazası' }));
    expect(semaShop.getByRole('heading', { level: 3, name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument();
    const products = within(semaShop.getByRole('list', { name: 'Başlangıç Analiz Paketi içindeki ürünler' }));
    expect(products.getByText('Analiz Kredisi 1.000').parentElement).toHaveTextContent('₺499,00');
    expect(products.getByText('E-posta Desteği').parentElement).toHaveTextContent('₺149,90');
    expect(semaShop.getByText('Adedi ₺648,90')).toBeInTheDocument();
    expect(semaShop.getByText('Satır toplamı').parentElement).toHaveTextContent('₺1.297,80');
    expect(semaShop.getByText('Toplam').parentElement).toHaveTextContent('₺1.297,80');
    const other = within(shopSection('Kuzey Veri'));
    expect(other.getByText('Toplam').parentElement).toHaveTextContent('₺2.500,00');
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 3 paket'));

    // Dollars: the cart is read again in the new currency.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Para birimi' }), '1');
    await waitFor(() => expect(within(shopSection('Sema Veri Mağazası')).getByText('Toplam').parentElement).toHaveTextContent('$49,80'));
    expect(lastCall('list').query.__user__currency__type).toBe('1');
    expect(within(shopSection('Kuzey Veri')).getByText('Toplam').parentElement).toHaveTextContent('$90,00');

    // In English the names are the bundles' English ones and the numbers are written the English way.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter Analytics' })).toBeInTheDocument();
    expect(screen.getByText('$24.90 each')).toBeInTheDocument();
    expect(cartLink()).toHaveAccessibleName('Shopping cart: 3 bundles');
  });

  it('changes counts with + and −, removes a line, and sends each change to the server', async () => {
    putInCart(STARTER, 1);
    putInCart(LEARNING, 1);
    const user = await openCart();
    await screen.findByRole('heading', { level: 3, name: 'Başlangıç Analiz Paketi' });
    expect(screen.getByRole('button', { name: 'Başlangıç Analiz Paketi adedini bir azalt' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Başlangıç Analiz Paketi adedini bir artır' }));
    expect(lastCall('add').body).toEqual({ shop_client_id: STARTER.bundle.shop_client_id, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: expect.any(String), add_bundle_count: 1 });
    await waitFor(() => expect(screen.getByRole('group', { name: 'Başlangıç Analiz Paketi adedi' })).toHaveTextContent('2'));
    expect(screen.getByText('Başlangıç Analiz Paketi: 2 adet.')).toBeInTheDocument(); // said to screen readers
    expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 3 paket');
    expect(within(shopSection('Sema Veri Mağazası')).getByText('Toplam').parentElement).toHaveTextContent('₺3.595,80'); // 2 × 648,90 + 2.298,00

    await user.click(screen.getByRole('button', { name: 'Başlangıç Analiz Paketi adedini bir azalt' }));
    expect(lastCall('cancel').body).toMatchObject({ bundle_client_id: STARTER.bundle.bundle_client_id, add_bundle_count: 1 });
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 2 paket'));

    await user.click(screen.getByRole('button', { name: 'Makine Öğrenmesi Paketi paketini çıkar' }));
    expect(lastCall('cancel').body).toMatchObject({ bundle_client_id: LEARNING.bundle.bundle_client_id, add_bundle_count: 1 });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Makine Öğrenmesi Paketi' })).not.toBeInTheDocument());
    expect(screen.getByText('Makine Öğrenmesi Paketi sepetinizden çıkarıldı.')).toBeInTheDocument();
    expect(document.activeElement).toHaveTextContent('Sema Veri Mağazası');
    expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 1 paket');
  });

  it('says when the cart is empty, with the way to the shop; a failed read is shown with a retry', async () => {
    checkout.failNext.list = { key: 'internal_error', times: 2 }; // the top bar's read and the page's
    const user = await openCart();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(statusMessage('internal_error', 'tr').split('.')[0]);
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Sepetiniz boş.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mağazaya git' })).toHaveAttribute('href', '/magaza');
  });
});

describe('ordering', () => {
  it('offers only the methods every product takes, asks for the agreement (readable in a dialog) and goes to the payment page', async () => {
    putInCart(STARTER, 1);
    const user = await openCart();
    const section = within(await screen.findByRole('region', { name: 'Sema Veri Mağazası' }));
    await user.click(section.getByRole('button', { name: 'Sipariş ver' }));
    const form = within(screen.getByRole('form', { name: 'Sema Veri Mağazası siparişi' }));
    await waitFor(() => expect(form.getByRole('heading', { level: 3, name: 'Sema Veri Mağazası siparişi' })).toHaveFocus());
    // The support product is card only: no transfer is offered, and the card is chosen.
    expect(form.getByRole('radio', { name: 'Kredi kartı' })).toBeChecked();
    expect(form.queryByRole('radio', { name: 'Havale / EFT' })).not.toBeInTheDocument();

    // Without the agreement: the spec's message, and nothing is sent.
    await user.click(form.getByRole('button', { name: 'Siparişi ver · ₺648,90' }));
    const box = form.getByRole('checkbox', { name: 'Mesafeli Satış Sözleşmesi metnini okudum ve onaylıyorum' });
    expect(form.getByText('Lütfen sözleşmeleri okuyup onaylayın')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
    expect(calls('order')).toHaveLength(0);

    // Read it in the dialog; Escape closes it and gives the focus back; "Onayla" approves.
    await user.click(form.getByRole('button', { name: 'Oku: Mesafeli Satış Sözleşmesi' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mesafeli Satış Sözleşmesi' }));
    expect(dialog.getByText(STARTER_AGREEMENT.agreement_text)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Oku: Mesafeli Satış Sözleşmesi' })).toHaveFocus();
    expect(box).not.toBeChecked();
    await user.click(form.getByRole('button', { name: 'Oku: Mesafeli Satış Sözleşmesi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(box).toBeChecked();

    await user.click(form.getByRole('button', { name: 'Siparişi ver · ₺648,90' }));
    await screen.findByRole('heading', { level: 1, name: 'Ödeme' });
    const sent = lastCall('order').body;
    expect(sent).toEqual({
      shop_client_id: STARTER.bundle.shop_client_id,
      user_client_id: expect.any(String),
      shopcart_bundle_client_id_list: [expect.any(String)],
      payment_method: 'credit_card',
      approved_agreement_list: [STARTER_AGREEMENT.agreement_client_id],
      idempotency_key: expect.stringMatching(UUID),
    });
    const order = checkout.orders[0];
    expect(window.location.pathname).toBe('/kullanici-alisverissepeti-odeme');
    expect(new URLSearchParams(window.location.search).get('order_client_id')).toBe(order.order_client_id);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 0 paket'));
  });

  it('shows the server\'s refusal when an agreement is still missing there (11010), in the page\'s language', async () => {
    putInCart(STARTER, 1);
    checkout.failNext.order = { key: 'agreements_required' };
    const user = await openCart();
    await user.click(await screen.findByRole('button', { name: 'Sipariş ver' }));
    const form = within(screen.getByRole('form', { name: 'Sema Veri Mağazası siparişi' }));
    await user.click(form.getByRole('checkbox', { name: /Mesafeli Satış Sözleşmesi/ }));
    await user.click(form.getByRole('button', { name: /^Siparişi ver/ }));
    expect(await form.findByRole('alert')).toHaveTextContent('Lütfen sözleşmeleri okuyup onaylayın');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please read and approve agreements');
  });

  it('sends a retried order with the same request key, and a changed order with a new one', async () => {
    putInCart(REPORT, 1);
    let failures = 1;
    server.use(
      http.post('*/v1/user/shopcart/bundle/product/order', async ({ request }) => {
        if (failures-- <= 0) return undefined;
        checkout.calls.push({ route: 'order', body: (await request.json()) as Record<string, unknown>, query: {} });
        return HttpResponse.error(); // the answer is lost on the way
      }),
    );
    const user = await openCart();
    await user.click(await screen.findByRole('button', { name: 'Sipariş ver' }));
    const form = within(screen.getByRole('form', { name: 'Kuzey Veri siparişi' }));
    // Transfer only: the spec's note is shown, and a note for the shop can go with the order.
    expect(form.getByRole('radio', { name: 'Havale / EFT' })).toBeChecked();
    expect(form.queryByRole('radio', { name: 'Kredi kartı' })).not.toBeInTheDocument();
    expect(form.getByText('Sipariş verdikten sonra havale ile ödeyin; ekibimiz ödemeyi kontrol edip paketi etkinleştirir.')).toBeInTheDocument();
    await user.type(form.getByLabelText(/Mağazaya not/), 'Gönderen: Ayşe Yılmaz');
    await user.click(form.getByRole('checkbox', { name: /Gizlilik Taahhüdü/ }));
    expect(form.getByText('Rapor Hazırlama için')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: /^Siparişi ver/ }));
    expect(await form.findByRole('alert')).toHaveTextContent(/ağ|network/i);
    await user.click(form.getByRole('button', { name: /^Siparişi ver/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ödeme' });
    const [first, second] = calls('order');
    expect(first.body.idempotency_key).toMatch(UUID);
    expect(second.body.idempotency_key).toBe(first.body.idempotency_key);
    expect(second.body).toMatchObject({ payment_method: 'transfer_to_account', order_note: 'Gönderen: Ayşe Yılmaz', approved_agreement_list: [REPORT.productAgreements[0].product_agreement_client_id] });
    expect(checkout.orders).toHaveLength(1);
  });

  it('a changed order after a refusal goes with a new key', async () => {
    putInCart(REPORT, 1);
    checkout.failNext.order = { key: 'internal_error' };
    const user = await openCart();
    await user.click(await screen.findByRole('button', { name: 'Sipariş ver' }));
    const form = within(screen.getByRole('form', { name: 'Kuzey Veri siparişi' }));
    await user.click(form.getByRole('checkbox', { name: /Gizlilik Taahhüdü/ }));
    await user.click(form.getByRole('button', { name: /^Siparişi ver/ }));
    await form.findByRole('alert');
    await user.type(form.getByLabelText(/Mağazaya not/), 'Yeni not');
    await user.click(form.getByRole('button', { name: /^Siparişi ver/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ödeme' });
    const [first, second] = calls('order');
    expect(second.body.idempotency_key).toMatch(UUID);
    expect(second.body.idempotency_key).not.toBe(first.body.idempotency_key);
  });

  it('a free order is active at once, with the way to the active products', async () => {
    putInCart(TRIAL, 1);
    const user = await openCart();
    await user.click(await screen.findByRole('button', { name: 'Sipariş ver' }));
    const form = within(screen.getByRole('form', { name: 'Sema Veri Mağazası siparişi' }));
    expect(form.queryByRole('radio')).not.toBeInTheDocument(); // nothing to pay, no method to choose
    expect(form.getByText('Bu siparişte onaylanacak sözleşme yok.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Siparişi ver · Ücretsiz' }));
    expect(await screen.findByText('Siparişiniz etkin: ücretsiz olduğu için ödenecek bir şey yok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aktif ürünlerimi göster' })).toHaveAttribute('href', '/kullanici-urun-paketleri-aktif');
    expect(lastCall('order').body.payment_method).toBe('credit_card');
    expect(window.location.pathname).toBe('/kullanici-alisverissepeti');
  });
});

async function openPayment(orderId: string, path = '/kullanici-alisverissepeti-odeme') {
  const user = userEvent.setup();
  await startApp(`${path}?order_client_id=${orderId}`);
  return user;
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string, labels = { holder: 'Kart üzerindeki isim', number: 'Kart numarası', month: 'Ay', year: 'Yıl', cvv: 'Güvenlik kodu (CVV)' }) {
  await user.clear(screen.getByLabelText(new RegExp(`^${labels.holder}`)));
  await user.type(screen.getByLabelText(new RegExp(`^${labels.holder}`)), 'Ayşe Yılmaz');
  await user.clear(screen.getByLabelText(new RegExp(`^${labels.number}`)));
  await user.type(screen.getByLabelText(new RegExp(`^${labels.number}`)), number);
  await user.selectOptions(screen.getByLabelText(new RegExp(`^${labels.month}`)), '12');
  await user.selectOptions(screen.getByLabelText(new RegExp(`^${labels.year}`)), nextYear);
  await user.clear(screen.getByLabelText(new RegExp(`^${labels.cvv.replace(/[()]/g, '\\$&')}`)));
  await user.type(screen.getByLabelText(new RegExp(`^${labels.cvv.replace(/[()]/g, '\\$&')}`)), '123');
}

describe('paying by card', () => {
  it('checks the card in the browser first, shows the number grouped with its brand, and pays: a clear confirmation, no card kept', async () => {
    const order = placedOrder({ bundle: STARTER, count: 1 });
    const user = await openPayment(order.order_client_id);
    const summary = within(await screen.findByRole('region', { name: 'Sipariş özeti' }));
    expect(summary.getByText('Başlangıç Analiz Paketi')).toBeInTheDocument();
    expect(summary.getByText('Ödeme bekleniyor')).toBeInTheDocument();
    expect(summary.getByText('Toplam').parentElement).toHaveTextContent('₺648,90');

    const pay = screen.getByRole('button', { name: '₺648,90 öde' });
    await user.click(pay);
    expect(screen.getByLabelText(/^Kart üzerindeki isim/)).toHaveAccessibleDescription('Lütfen kart üzerindeki ismi yazın.');
    await waitFor(() => expect(screen.getByLabelText(/^Kart üzerindeki isim/)).toHaveFocus());
    expect(screen.getByLabelText(/^Güvenlik kodu/)).toHaveAccessibleDescription(expect.stringContaining('Lütfen güvenlik kodunun 3 veya 4 hanesini yazın.'));

    // A number that fails the check digit: the card network's message, nothing sent.
    await fillCard(user, '4242 4242 4242 4241');
    await user.click(pay);
    expect(screen.getByLabelText(/^Kart numarası/)).toHaveAccessibleDescription(expect.stringContaining('Kart numarası geçerli değil. Lütfen kontrol edin.'));
    expect(calls('pay')).toHaveLength(0);

    // Typed without spaces, shown in groups of four, the brand beside it.
    await user.clear(screen.getByLabelText(/^Kart numarası/));
    await user.type(screen.getByLabelText(/^Kart numarası/), TEST_CARDS.success);
    expect(screen.getByLabelText(/^Kart numarası/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText('Kart: Visa')).toBeInTheDocument();
    await user.click(pay);

    expect(await screen.findByRole('heading', { level: 2, name: /Ödeme alındı/ })).toHaveFocus();
    expect(screen.getByText('₺648,90, son dört hanesi 4242 olan Visa kartla ödendi. Siparişiniz onaylandı, paketleri aktif.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aktif ürünlerimi göster' })).toHaveAttribute('href', '/kullanici-urun-paketleri-aktif');
    expect(lastCall('pay').body).toEqual({
      user_client_id: expect.any(String),
      order_client_id: order.order_client_id,
      payment_method: 'credit_card',
      idempotency_key: expect.stringMatching(UUID),
      card: { card_holder: 'Ayşe Yılmaz', card_number: TEST_CARDS.success, card_month: 12, card_year: Number(nextYear), card_cvv: '123' },
    });
    // The card is nowhere the page keeps things: not the store, the address or the browser's storage.
    const kept = [JSON.stringify(useAppStore.getState()), window.location.href, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), JSON.stringify(window.history.state)];
    for (const place of kept) {
      expect(place).not.toContain(TEST_CARDS.success);
      expect(place).not.toContain('4242 4242');
    }
  });

  it('a card that has expired is refused in the browser (the month and year are checked together)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00Z') });
    try {
      const order = placedOrder();
      const user = await openPayment(order.order_client_id);
      await screen.findByRole('button', { name: '₺648,90 öde' });
      await fillCard(user, TEST_CARDS.success);
      await user.selectOptions(screen.getByLabelText(/^Yıl/), '2026');
      await user.selectOptions(screen.getByLabelText(/^Ay/), '10');
      await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
      expect(screen.getByRole('group', { name: 'Son kullanma tarihi' })).toHaveAccessibleDescription('Kartın süresi dolmuş. Lütfen ay ve yılını kontrol edin.');
      expect(calls('pay')).toHaveLength(0);
      await user.selectOptions(screen.getByLabelText(/^Ay/), '11'); // this month still counts
      await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
      expect(await screen.findByRole('heading', { level: 2, name: /Ödeme alındı/ })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the provider\'s refusals beside the form in the page\'s language, and retries the same card with the same key', async () => {
    const order = placedOrder();
    const user = await openPayment(order.order_client_id);
    await screen.findByRole('button', { name: '₺648,90 öde' });
    await fillCard(user, TEST_CARDS.declined);
    await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
    const form = within(screen.getByRole('form', { name: 'Kartla öde' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Banka kartı reddetti. Lütfen başka bir kart deneyin ya da havale ile ödeyin.');
    await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
    await waitFor(() => expect(calls('pay')).toHaveLength(2));
    expect(calls('pay')[1].body.idempotency_key).toBe(calls('pay')[0].body.idempotency_key);

    // In English the same refusal reads in English.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByText('The bank declined the card. Please try another card or pay by transfer.')).toBeInTheDocument();

    // Another card is another attempt: a new key. Insufficient funds, in English.
    await fillCard(user, TEST_CARDS.insufficientFunds, { holder: 'Name on card', number: 'Card number', month: 'Month', year: 'Year', cvv: 'Security code (CVV)' });
    await user.click(screen.getByRole('button', { name: 'Pay ₺648.90' }));
    expect(await screen.findByText("The card's balance is not enough for this payment. Please try another card.")).toBeInTheDocument();
    expect(calls('pay')[2].body.idempotency_key).not.toBe(calls('pay')[0].body.idempotency_key);
    expect(checkout.orders[0].order_status).toBe('payment_waiting');
  });

  it('marks the field the server refuses: a bad number (12016) and an expired card (12017)', async () => {
    const order = placedOrder();
    const user = await openPayment(order.order_client_id);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dil' }), 'en');
    await screen.findByRole('button', { name: 'Pay ₺648.90' });
    await fillCard(user, TEST_CARDS.success, { holder: 'Name on card', number: 'Card number', month: 'Month', year: 'Year', cvv: 'Security code (CVV)' });
    checkout.failNext.pay = { key: 'card_number_invalid' };
    await user.click(screen.getByRole('button', { name: 'Pay ₺648.90' }));
    await waitFor(() => expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription(expect.stringContaining('The card number is not valid. Please check it.')));
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
    checkout.failNext.pay = { key: 'card_expired' };
    await user.click(screen.getByRole('button', { name: 'Pay ₺648.90' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Expiry date' })).toHaveAccessibleDescription('The card has expired. Please check its month and year.'));
  });

  it('an order that is no longer waiting for its payment, or is not the buyer\'s, offers no card form', async () => {
    const paid = placedOrder({ order_status: 'payment_approved', payment_status: 'payment_approved' });
    await openPayment(paid.order_client_id);
    expect(await screen.findByText('Bu sipariş ödeme beklemiyor.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Kart numarası/)).not.toBeInTheDocument();
    act(() => window.history.pushState(null, '', '/kullanici-alisverissepeti-odeme?order_client_id=00000000-0000-4000-8000-00000000dead'));
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(await screen.findByText('Bu sipariş siparişleriniz arasında bulunamadı.')).toBeInTheDocument();
  });

  it('a card that asks for a 3-D Secure step opens the test bank: failed, nothing is paid and the form stays; completed, the order is paid', async () => {
    const order = placedOrder();
    const user = await openPayment(order.order_client_id);
    await screen.findByRole('button', { name: '₺648,90 öde' });
    expect(screen.getByLabelText(/^Güvenlik kodu/)).toHaveAttribute('type', 'password'); // the CVV is masked
    await fillCard(user, TEST_CARDS.threeDSecure);
    await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
    const bank = within(await screen.findByRole('dialog', { name: 'Bankanız bu ödemeyi onaylamanızı istiyor' }));
    expect(bank.getByText('Test modu — gerçek banka yok')).toBeInTheDocument();
    expect(bank.getByText(/3220 ile biten kartla ₺648,90/)).toBeInTheDocument();
    await waitFor(() => expect(bank.getByRole('button', { name: 'Doğrulamayı tamamla' })).toHaveFocus());
    await user.click(bank.getByRole('button', { name: 'Doğrulamayı başarısız yap' }));
    expect(await screen.findByText('Banka kartı doğrulayamadı (3-D Secure). Hiçbir ücret alınmadı. Lütfen yeniden deneyin veya başka bir kart kullanın.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastCall('confirm').body).toMatchObject({ order_client_id: order.order_client_id, authentication_passed: false });
    expect(checkout.orders[0].order_status).toBe('payment_waiting');

    await fillCard(user, TEST_CARDS.threeDSecure);
    await user.click(screen.getByRole('button', { name: '₺648,90 öde' }));
    await user.click(await screen.findByRole('button', { name: 'Doğrulamayı tamamla' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Ödeme alındı/ })).toBeInTheDocument();
    expect(lastCall('confirm').body).toMatchObject({ authentication_passed: true, idempotency_key: expect.stringMatching(UUID) });
    expect(checkout.orders[0].order_status).toBe('payment_approved');
  });
});

describe('paying by transfer', () => {
  it('shows the spec\'s note, the shop\'s bank accounts and the amount, checks the report and sends it', async () => {
    const order = placedOrder({ bundle: REPORT, payment_method: 'transfer_to_account', shop_client_id: OTHER_SHOP.shop_client_id });
    const user = await openPayment(order.order_client_id);
    expect(await screen.findByText('Sipariş verdikten sonra havale ile ödeyin; ekibimiz ödemeyi kontrol edip paketi etkinleştirir.')).toBeInTheDocument();
    const banks = within(screen.getByRole('list', { name: 'Kuzey Veri banka hesapları' }));
    expect(banks.getAllByRole('listitem')).toHaveLength(2);
    expect(banks.getByText('TR12 0006 2001 1900 0006 6723 15')).toBeInTheDocument();
    expect(banks.getByText('Kuzey Bankası')).toBeInTheDocument();
    expect(banks.getAllByText('₺2.500,00')).toHaveLength(2);
    expect(screen.queryByLabelText(/^Kart numarası/)).not.toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Havale bildirimini gönder' });
    await user.click(send);
    expect(screen.getByLabelText(/^Gönderenin adı/)).toHaveAccessibleDescription('Lütfen parayı gönderen hesabın sahibinin adını yazın.');
    expect(screen.getByLabelText(/^Havale tarihi/)).toHaveAccessibleDescription('Lütfen havalenin gününü yazın.');
    await user.type(screen.getByLabelText(/^Gönderenin adı/), 'Ayşe Yılmaz');
    await user.type(screen.getByLabelText(/^Havale tarihi/), '20.11.2026');
    await user.type(screen.getByLabelText(/^Havale açıklaması/), 'Rapor siparişi');
    await user.click(send);
    expect(await screen.findByRole('heading', { level: 2, name: /Havale bildirimi gönderildi/ })).toHaveFocus();
    expect(lastCall('pay').body).toEqual({
      user_client_id: expect.any(String),
      order_client_id: order.order_client_id,
      payment_method: 'transfer_to_account',
      idempotency_key: expect.stringMatching(UUID),
      transfer: { sender_name: 'Ayşe Yılmaz', transfer_date: '2026-11-20', transfer_reference: 'Rapor siparişi' },
    });
    expect(lastCall('shop').body).toEqual({ shop_client_id: OTHER_SHOP.shop_client_id });
  });

  it('opened again after a report, the page shows the report sent and corrects it instead of sending a second one', async () => {
    const order = placedOrder({ bundle: REPORT, payment_method: 'transfer_to_account', shop_client_id: OTHER_SHOP.shop_client_id });
    checkout.payments[order.order_client_id] = [
      { payment_client_id: '40000000-0000-4000-8000-000000000999', order_client_id: order.order_client_id, payment_method: 'transfer_to_account', payment_status: 'payment_waiting', currency_type: 0, amount: order.total_amount, sender_name: 'Ayşe Yılmaz', transfer_date: '2026-11-20', transfer_reference: 'Rapor' },
    ];
    const user = await openPayment(order.order_client_id);
    expect(await screen.findByText(/20 Kas 2026 tarihinde Ayşe Yılmaz adına bir havale bildirdiniz/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Gönderenin adı/)).toHaveValue('Ayşe Yılmaz');
    await user.clear(screen.getByLabelText(/^Havale açıklaması/));
    await user.type(screen.getByLabelText(/^Havale açıklaması/), 'Rapor siparişi 2');
    await user.click(screen.getByRole('button', { name: 'Bildirimi güncelle' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Havale bildirimi gönderildi/ })).toBeInTheDocument();
    expect(checkout.payments[order.order_client_id]).toHaveLength(1);
    expect(checkout.payments[order.order_client_id][0]).toMatchObject({ transfer_reference: 'Rapor siparişi 2' });
  });
});

describe('my orders', () => {
  it('lists the orders with what was bought, states in words and totals; "Pay" only where the payment is awaited', async () => {
    const waiting = placedOrder({ bundle: STARTER, count: 2, order_date: '2026-11-20T10:30:00.000Z' });
    placedOrder({ bundle: LEARNING, order_status: 'payment_approved', payment_status: 'payment_approved', order_date: '2026-11-18T09:00:00.000Z', payment_date: '2026-11-18T09:05:00.000Z' });
    placedOrder({ bundle: TRIAL, order_status: 'payment_cancel', order_date: '2026-10-02T09:00:00.000Z', cancel_date: '2026-10-03T09:00:00.000Z' });
    const user = userEvent.setup();
    await startApp('/kullanici-alisverissepeti-paket-siparis');
    const table = within(await screen.findByRole('table', { name: 'Siparişlerim' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0].textContent)).toEqual([
      'Başlangıç Analiz Paketi × 2Sema Veri Mağazası',
      'Makine Öğrenmesi PaketiSema Veri Mağazası',
      'Ücretsiz DenemeSema Veri Mağazası',
    ]);
    expect(rows[0]).toHaveTextContent('Ödeme bekleniyor');
    expect(rows[0]).toHaveTextContent('₺1.297,80');
    expect(rows[1]).toHaveTextContent('Ödeme onaylandı');
    expect(rows[2]).toHaveTextContent('Ödeme iptal edildi');
    expect(table.getAllByRole('link', { name: /siparişi öde$/ })).toHaveLength(1);
    for (const row of rows) expect(row.textContent).not.toMatch(/payment_|[0-9a-f]{8}-[0-9a-f]{4}/);

    // Filters: by state, and by a chosen date between two days.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'Ödeme onaylandı');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tarih' }), 'Ödeme tarihi');
    await user.type(screen.getByLabelText('Başlangıç'), '01.11.2026');
    await user.type(screen.getByLabelText('Bitiş'), '30.11.2026');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    expect(lastCall('orders').body).toEqual({ user_client_id: expect.any(String), order_status: 'payment_approved', payment_date_from: '2026-11-01', payment_date_to: '2026-11-30', sort: '-order_date', page: 1, page_size: 10 });
    expect(table.getByRole('rowheader')).toHaveTextContent('Makine Öğrenmesi Paketi');

    // A reversed range is refused where it is typed, nothing sent.
    const before = calls('orders').length;
    await user.clear(screen.getByLabelText('Başlangıç'));
    await user.type(screen.getByLabelText('Başlangıç'), '01.12.2026');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(screen.getByLabelText('Bitiş')).toHaveAccessibleDescription('Başlangıç günü bitiş gününden sonra olamaz.');
    expect(calls('orders')).toHaveLength(before);

    // Nothing found under filters says so; clearing them brings everything back.
    await user.clear(screen.getByLabelText('Başlangıç'));
    await user.clear(screen.getByLabelText('Bitiş'));
    await user.type(screen.getByLabelText('Başlangıç'), '01.01.2020');
    await user.type(screen.getByLabelText('Bitiş'), '31.12.2020');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(await screen.findByText('Bu filtrelere uyan sipariş yok.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Siparişlerim' })).toBeInTheDocument());

    // "Pay" opens the payment page of that order.
    await user.click(screen.getByRole('link', { name: /siparişi öde$/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ödeme' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('order_client_id')).toBe(waiting.order_client_id);
    expect(await screen.findByRole('button', { name: '₺1.297,80 öde' })).toBeInTheDocument();
  });

  it('opens an order\'s details with its products and history, and cancels an unpaid order after asking', async () => {
    const waiting = placedOrder({ bundle: STARTER, order_date: '2026-11-20T10:30:00.000Z', payment_due_date: '2026-11-27T10:30:00.000Z' });
    const user = userEvent.setup();
    await startApp('/kullanici-alisverissepeti-paket-siparis');
    await user.click(await screen.findByRole('button', { name: /^Ayrıntılar: 20 Kas 2026.* tarihli sipariş$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /tarihli sipariş$/ }));
    expect(await dialog.findByText('Analiz Kredisi 1.000')).toBeInTheDocument();
    expect(dialog.getByText('E-posta Desteği')).toBeInTheDocument();
    expect(dialog.getByText('Son ödeme').nextSibling).toHaveTextContent('27 Kas 2026');
    expect(dialog.getByText('Sipariş verildi')).toBeInTheDocument();
    expect(dialog.getByText(`Alıcı (${checkout.events[waiting.order_client_id][0].actor_username})`)).toBeInTheDocument();
    expect(dialog.getByText('Henüz bir ödeme yapılmadı.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Yardım iste' })).toHaveAttribute('href', `/kullanici-destek-talepleri?order=${waiting.order_client_id}`);
    expect(dialog.getByRole('link', { name: 'Öde' })).toHaveAttribute('href', `/kullanici-alisverissepeti-odeme?order_client_id=${waiting.order_client_id}`);

    await user.click(dialog.getByRole('button', { name: 'Siparişi iptal et' }));
    const ask = within(screen.getByRole('alertdialog', { name: 'Bu sipariş iptal edilsin mi?' }));
    await user.click(ask.getByRole('button', { name: 'Siparişi iptal et' }));
    await waitFor(() => expect(dialog.getByText('Sipariş iptal edildi')).toBeInTheDocument());
    expect(lastCall('order-cancel').body).toMatchObject({ order_client_id: waiting.order_client_id, idempotency_key: expect.stringMatching(UUID) });
    expect(dialog.queryByRole('button', { name: 'Siparişi iptal et' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Siparişlerim' })).getAllByRole('row')[1]).toHaveTextContent('Ödeme iptal edildi');
  });

  it('without orders says so, with the way to the shop; on a phone each order is a card and the filters fold', async () => {
    setBodyWidth(390);
    await startApp('/kullanici-alisverissepeti-paket-siparis');
    expect(await screen.findByText('Henüz bir siparişiniz yok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mağazaya git' })).toBeInTheDocument();
    expect(screen.getByText('Filtreler').closest('details')).not.toHaveAttribute('open');
  });
});

describe('my active products', () => {
  it('shows the credits with their latest changes and each active product\'s uses left in its own unit, in both languages', async () => {
    placedOrder({ bundle: STARTER, order_status: 'payment_approved', payment_status: 'payment_approved' });
    const user = userEvent.setup();
    await startApp('/kullanici-urun-paketleri-aktif');
    const credits = within(await screen.findByRole('region', { name: 'Kredilerim' }));
    expect(await credits.findByText('1.000 kredi')).toBeInTheDocument();
    const history = within(credits.getByRole('list', { name: 'Son hareketler' }));
    expect(history.getByText('Ürünle satın alındı')).toBeInTheDocument();
    expect(history.getByText('+1.000')).toBeInTheDocument();

    const bundle = within(screen.getByRole('list', { name: 'Aktif paketler' }));
    expect(bundle.getByRole('heading', { level: 3, name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument();
    const credit = within(bundle.getByRole('list', { name: 'Başlangıç Analiz Paketi' }).children[0] as HTMLElement);
    expect(credit.getByText('Analiz Kredisi 1.000')).toBeInTheDocument();
    expect(credit.getByText('1.000 kredi')).toBeInTheDocument();
    expect(credit.getByText('25 Kas 2026 tarihinden itibaren, bitişi yok')).toBeInTheDocument();
    const support = within(bundle.getByRole('list', { name: 'Başlangıç Analiz Paketi' }).children[1] as HTMLElement);
    expect(support.getByText('Sınırsız')).toBeInTheDocument();
    expect(support.getByText('25 Kas 2026 – 24 Ara 2026')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter Analytics' })).toBeInTheDocument();
    expect(screen.getAllByText('1,000 credits')).toHaveLength(2); // the balance and the product's uses left
    expect(screen.getByText('1,000 Analysis Credits')).toBeInTheDocument();
    expect(screen.getByText('Bought with a product')).toBeInTheDocument();
  });

  it('renews a periodic bundle: its next period goes into the cart, and the cart opens', async () => {
    placedOrder({ bundle: STARTER, order_status: 'payment_approved', payment_status: 'payment_approved' });
    placedOrder({ bundle: TRIAL, order_status: 'payment_approved', payment_status: 'payment_approved' });
    const user = userEvent.setup();
    await startApp('/kullanici-urun-paketleri-aktif');
    const renew = await screen.findAllByRole('button', { name: 'Yenile' });
    expect(renew).toHaveLength(1); // the free trial has no periodic product
    await user.click(renew[0]);
    await waitFor(() => expect(window.location.pathname).toBe('/kullanici-alisverissepeti'));
    expect(lastCall('renew').body).toMatchObject({ shopcart_bundle_client_id: expect.stringMatching(UUID) });
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Alışveriş sepeti: 1 paket'));
  });

  it('without active products says so, with the way to the shop, and shows no credit yet', async () => {
    await startApp('/kullanici-urun-paketleri-aktif');
    expect(await screen.findByText('Henüz aktif bir ürününüz yok.')).toBeInTheDocument();
    expect(screen.getByText('Henüz kredi eklenmedi ya da kullanılmadı.')).toBeInTheDocument();
    expect(screen.getByText('0 kredi')).toBeInTheDocument();
  });
});
