// The support pages against a fake support server (msw): the signed-in list (own requests, the staff's switch
// to their shops' requests, filters, the empty state, the new-request form with its checks), the details page
// (the conversation with new and seen marks, live_seen on opening, replying, closing after a confirmation, a
// refusal shown in the reader's language, an unknown request), what a request is about (one of the buyer's
// orders from a picker, or opened from an order's link; a bundle of the chosen shop; shown in the list and on the
// request) and the visitor's page of the mailed link (confirming a waiting request, the visitor's own form, a
// link that is no longer valid).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Bundle, Order, SupportComment, SupportTicket } from '../../src/generated/types/entities';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors';
import { account, storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

const ME = account.user.user_client_id!;
const SHOP = '4a8f3ee7-7ad5-4a3b-a0ac-e769781ad817';
const OTHER_SHOP = '9d4e9ebf-4c42-508a-816a-a7e863d4d006';
const STAFF_ID = '44f7c762-5b8c-55e8-9414-3e7eec701bca';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const ticket = (over: Partial<SupportTicket> = {}): SupportTicket => ({
  client_id: '2d0acf0c-92a1-5a3b-9770-e96a0d858470',
  id: '77',
  user_client_id: ME,
  username: 'ayse.yilmaz',
  shop_client_id: SHOP,
  shop_name: 'Sema Veri Mağazası',
  subject: 'Havale yaptım, paket hâlâ pasif',
  message: 'Dün akşam havaleyi yaptım.\nPaket hâlâ görünmüyor.',
  support_status: 'open',
  created_at: '2025-03-15T09:00:00.000Z',
  updated_at: '2025-03-15T10:20:00.000Z',
  user_seen_at: '2025-03-15T09:00:00.000Z',
  shop_seen_at: '2025-03-15T10:20:00.000Z',
  unseen_count: 1,
  ...over,
});

const answer = (over: Partial<SupportComment> = {}): SupportComment => ({
  comment_client_id: '90265480-6e84-531f-b122-d76d30d8a15b',
  support_client_id: ticket().client_id,
  user_client_id: STAFF_ID,
  username: 'mehmet.kaya',
  by_shop: true,
  comment: 'Ödemeniz ulaştı, paketiniz etkin.',
  created_at: '2025-03-15T10:20:00.000Z',
  ...over,
});

const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');
const refuse = (request: Request, key: StatusKey, params: Record<string, string> = {}) => {
  const entry = statusCatalogue[key];
  const message = Object.entries(params).reduce((m: string, [k, v]) => m.replace(`{{${k}}}`, v), entry.message[langOf(request)]);
  return HttpResponse.json({ status_code: entry.status_code, status_message: message }, { status: entry.http });
};

/** A small support server: tickets and comments in memory, every call recorded by route name. */
function fakeSupport(options: { tickets?: SupportTicket[]; comments?: Record<string, SupportComment[]>; staffOf?: string[] } = {}) {
  const tickets = options.tickets ?? [ticket()];
  const comments: Record<string, SupportComment[]> = options.comments ?? { [ticket().client_id]: [answer()] };
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  const staffOf = options.staffOf ?? [];
  const on = (route: string, path: string, reply: (body: Record<string, unknown>, request: Request) => Response | Promise<Response>) =>
    http.post(`*/v1/${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route, body });
      return reply(body, request);
    });
  const found = (id: unknown) => tickets.find((x) => x.client_id === id);
  server.use(
    on('support_shop_list', 'support/shop/list', () =>
      HttpResponse.json({
        ...ok,
        shop_list: [
          { shop_client_id: OTHER_SHOP, shop_name: 'Veri Atölyesi', is_staff: staffOf.includes(OTHER_SHOP) },
          { shop_client_id: SHOP, shop_name: 'Sema Veri Mağazası', is_staff: staffOf.includes(SHOP) },
        ],
      }),
    ),
    on('user_support_list', 'user/support/list', (body) => {
      const rows = tickets.filter((x) => (body.scope === 'shop' ? staffOf.includes(x.shop_client_id) : x.user_client_id === ME));
      const shown = rows.filter((x) => (!body.support_status || x.support_status === body.support_status) && (!body.search || x.subject.includes(String(body.search))));
      return HttpResponse.json({ ...ok, support_ticket_list: shown, total: shown.length, page: 1, page_size: 10 });
    }),
    on('user_support_new', 'user/support/new', (body) => {
      const created = ticket({ client_id: '5b0c4a52-31f5-4a39-9f3e-0c2d6a3b1e22', subject: String(body.subject), message: String(body.message), unseen_count: 0, shop_seen_at: undefined });
      tickets.push(created);
      comments[created.client_id] = [];
      return HttpResponse.json({ ...ok, id: '78', client_id: created.client_id });
    }),
    on('user_support_get', 'user/support/get', (body, request) => {
      const x = found(body.client_id);
      return x ? HttpResponse.json({ ...ok, support_ticket: x, support_comment_list: comments[x.client_id] ?? [] }) : refuse(request, 'record_not_found', { entity: 'destek talebi' });
    }),
    on('user_support_live_seen', 'user/support/live_seen', (body) => {
      const x = found(body.client_id)!;
      Object.assign(x, { unseen_count: 0, user_seen_at: '2025-03-15T11:00:00.000Z' });
      return HttpResponse.json({ ...ok, client_id: x.client_id, seen_at: x.user_seen_at, unseen_count: 0 });
    }),
    on('user_support_comment', 'user/support/comment', (body, request) => {
      const x = found(body.client_id)!;
      if (x.support_status === 'terminated') return refuse(request, 'support_ticket_terminated');
      const c = answer({ comment_client_id: `c0000000-0000-4000-8000-00000000000${(comments[x.client_id] ?? []).length}`, user_client_id: ME, username: 'ayse.yilmaz', by_shop: false, comment: String(body.comment), created_at: '2025-03-15T11:05:00.000Z' });
      comments[x.client_id] = [...(comments[x.client_id] ?? []), c];
      return HttpResponse.json({ ...ok, support_comment: c });
    }),
    on('user_support_terminate', 'user/support/terminate', (body) => {
      const x = found(body.client_id)!;
      Object.assign(x, { support_status: 'terminated', terminated_at: '2025-03-15T11:10:00.000Z', terminated_by_shop: false });
      return HttpResponse.json({ ...ok, client_id: x.client_id, support_status: 'terminated' });
    }),
  );
  return { tickets, comments, calls, to: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body) };
}

/** No page may show a raw id (a UUID) to its reader. */
const expectNoIds = () => expect(document.querySelector('main, article')?.textContent ?? '').not.toMatch(UUID);

describe('the support list', () => {
  it("lists the user's own requests with status, last activity and new messages, and filters them on the server", async () => {
    const fake = fakeSupport({ tickets: [ticket(), ticket({ client_id: '3075c671-fc62-5033-97b9-a60c2972d028', subject: 'Fatura adresi', support_status: 'terminated', unseen_count: 0 })] });
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-destek-talepleri');
    expect(await screen.findByRole('heading', { level: 1, name: 'Destek Talepleri' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Taleplerim' });
    const first = within(table).getByRole('row', { name: /Havale yaptım/ });
    expect(within(first).getByRole('link', { name: 'Havale yaptım, paket hâlâ pasif' })).toHaveAttribute('href', `/kullanici-destek-talep-detaylari?client_id=${ticket().client_id}&view=own`);
    expect(first).toHaveTextContent('1 yeni mesaj');
    expect(first).toHaveTextContent('Sema Veri Mağazası');
    expect(first).toHaveTextContent('Açık');
    expect(within(table).getByRole('row', { name: /Fatura adresi/ })).toHaveTextContent('Kapatıldı');
    expect(fake.to('user_support_list')[0]).toMatchObject({ user_client_id: ME, scope: 'own', page: 1 });
    // Not a member of any shop's staff: no switch.
    expect(screen.queryByRole('group', { name: 'Göster' })).not.toBeInTheDocument();
    expectNoIds();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'terminated');
    await user.type(screen.getByRole('searchbox', { name: /^Ara/ }), 'Fatura');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(fake.to('user_support_list').at(-1)).toMatchObject({ support_status: 'terminated', search: 'Fatura' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Taleplerim' })).getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    await waitFor(() => expect(fake.to('user_support_list').at(-1)).not.toHaveProperty('search'));
  });

  it('says so when there is no request yet, without filters, and offers the new-request form', async () => {
    fakeSupport({ tickets: [] });
    storeSession();
    await startApp('/kullanici-destek-talepleri');
    expect(await screen.findByText('Henüz bir destek talebi yazmadınız. Bir mağazaya sormak için “Yeni talep” düğmesini kullanın.')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yeni talep' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes a new request: its own checks first, then the shop, subject and message, and opens the request', async () => {
    const fake = fakeSupport({ tickets: [] });
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-destek-talepleri');
    await user.click(await screen.findByRole('button', { name: 'Yeni talep' }));
    const form = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    expect(form.getByRole('combobox', { name: /^Mağaza/ })).toHaveAccessibleDescription('Lütfen mağazayı seçin.');
    expect(form.getByRole('textbox', { name: /^Konu/ })).toHaveAccessibleDescription('Lütfen konuyu yazın.');
    expect(form.getByRole('textbox', { name: /^Mesaj/ })).toHaveAccessibleDescription(/Lütfen mesajınızı yazın\./);
    await waitFor(() => expect(form.getByRole('combobox', { name: /^Mağaza/ })).toHaveFocus());
    expect(fake.to('user_support_new')).toEqual([]);

    await user.selectOptions(form.getByRole('combobox', { name: /^Mağaza/ }), 'Sema Veri Mağazası');
    await user.type(form.getByRole('textbox', { name: /^Konu/ }), '  Kurulum sorusu ');
    await user.type(form.getByRole('textbox', { name: /^Mesaj/ }), 'Excel dosyam yüklenmiyor.{Enter}Ne yapmalıyım?');
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    await waitFor(() => expect(window.location.search).toContain('client_id=5b0c4a52-31f5-4a39-9f3e-0c2d6a3b1e22'));
    expect(fake.to('user_support_new')).toEqual([{ user_client_id: ME, shop_client_id: SHOP, subject: 'Kurulum sorusu', message: 'Excel dosyam yüklenmiyor.\nNe yapmalıyım?' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurulum sorusu' })).toBeInTheDocument();
    expect(screen.getByText('Talebiniz Sema Veri Mağazası mağazasına gönderildi. Mağazanın yanıtını burada bulacaksınız.')).toBeInTheDocument();
  });

  it("shows a shop's staff their shops' requests first, with a switch back to their own, in English", async () => {
    const fromCustomer = ticket({ client_id: '6c0c4a52-31f5-4a39-9f3e-0c2d6a3b1e33', user_client_id: '11111111-1111-4111-8111-111111111111', username: 'ali.demir', subject: 'Invoice', unseen_count: 2 });
    const fake = fakeSupport({ tickets: [ticket(), fromCustomer], staffOf: [SHOP] });
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession();
    const user = userEvent.setup();
    await startApp('/user-support-list');
    const table = await screen.findByRole('table', { name: 'Requests to my shops' });
    expect(within(table).getByRole('row', { name: /Invoice/ })).toHaveTextContent('ali.demir');
    expect(within(table).getByRole('row', { name: /Invoice/ })).toHaveTextContent('2 new messages');
    expect(within(table).getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', `/user-support-details?client_id=${fromCustomer.client_id}&view=shop`);
    expect(fake.to('user_support_list').at(-1)).toMatchObject({ scope: 'shop' });
    const views = screen.getByRole('group', { name: 'Show' });
    expect(within(views).getByRole('radio', { name: 'Requests to my shops' })).toBeChecked();
    // No "new request" on the shop's view.
    expect(screen.queryByRole('button', { name: 'New request' })).not.toBeInTheDocument();

    await user.click(within(views).getByRole('radio', { name: 'My requests' }));
    expect(within(views).getByRole('radio', { name: 'My requests' })).toBeChecked();
    expect(await screen.findByRole('table', { name: 'My requests' })).toBeInTheDocument();
    expect(fake.to('user_support_list').at(-1)).toMatchObject({ scope: 'own' });
    expect(window.location.search).toBe('?view=own');
    expect(screen.getByRole('button', { name: 'New request' })).toBeInTheDocument();
  });
});

const ORDER_1 = 'a1b2c3d4-0000-4000-8000-000000000001';
const ORDER_2 = 'a1b2c3d4-0000-4000-8000-000000000002';
const STARTER = 'db50f177-192f-4360-983c-efc0c56baef7';
const ML = '2a28a337-c692-4d43-a760-130bbe97a856';
const OLD = '829908a8-db6b-4b3f-a75c-a4744572fc62';

const order = (over: Partial<Order> = {}): Order => ({
  order_client_id: ORDER_1,
  user_client_id: ME,
  shop_client_id: SHOP,
  shop_name: 'Sema Veri Mağazası',
  shopcart_bundle_client_id_list: ['b0000000-0000-4000-8000-000000000001'],
  shopcart_bundle_list: [
    {
      shopcart_bundle_client_id: 'b0000000-0000-4000-8000-000000000001',
      bundle_client_id: STARTER,
      bundle_name: 'Başlangıç Analiz Paketi',
      add_bundle_count: 2,
      translations: { en: { bundle_name: 'Starter Analytics Bundle' } },
    },
  ],
  order_status: 'payment_approved',
  payment_method: 'credit_card',
  currency_type: 0,
  total_amount: 129780,
  order_date: '2025-03-10T10:00:00.000Z',
  ...over,
});
const olderOrder = order({
  order_client_id: ORDER_2,
  shop_client_id: OTHER_SHOP,
  shop_name: 'Veri Atölyesi',
  shopcart_bundle_list: [{ shopcart_bundle_client_id: 'b0000000-0000-4000-8000-000000000002', bundle_client_id: ML, bundle_name: 'Makine Öğrenmesi Paketi', add_bundle_count: 1 }],
  order_status: 'payment_waiting',
  order_date: '2025-02-01T08:30:00.000Z',
});
const bundle = (id: string, name: string, over: Partial<Bundle> = {}) => ({ bundle: { bundle_client_id: id, shop_client_id: SHOP, bundle_name: name, bundle_status: 'active', ...over } as Bundle, product_list: [] });

/** The buyer's orders and the shops' bundles, beside fakeSupport's tickets; `failOrders` answers the first order list with a server error. */
function fakeOrders(options: { orders?: Order[]; failOrders?: boolean } = {}) {
  const orders = options.orders ?? [order(), olderOrder];
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  let fail = options.failOrders ?? false;
  server.use(
    http.post('*/v1/user/shopcart/bundle/order/list', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route: 'order_list', body });
      if (fail) {
        fail = false;
        return refuse(request, 'internal_error');
      }
      const rows = orders.filter((o) => (!body.order_client_id || o.order_client_id === body.order_client_id) && (!body.search || JSON.stringify(o).includes(String(body.search))));
      const size = Number(body.page_size ?? 20);
      return HttpResponse.json({ ...ok, order_list: rows.slice(0, size), total: rows.length, page: 1, page_size: size });
    }),
    http.post('*/v1/bundle/and/product/list/all', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route: 'bundle_list', body });
      const list =
        body.shop_client_id === SHOP
          ? [
              bundle(STARTER, 'Başlangıç Analiz Paketi', { translations: { en: { bundle_name: 'Starter Analytics Bundle' } } }),
              bundle(OLD, 'Eski Paket', { bundle_status: 'passive' }),
            ]
          : [];
      return HttpResponse.json({ ...ok, bundle_list: list, total: list.length, page: 1, page_size: 100 });
    }),
  );
  return { to: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body) };
}

describe('what a new request is about', () => {
  it("offers the buyer's orders by date, shop and bundles (never an id), sends the chosen one to its shop, and names it on the request", async () => {
    const fake = fakeSupport({ tickets: [] });
    const orders = fakeOrders();
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-destek-talepleri');
    await user.click(await screen.findByRole('button', { name: 'Yeni talep' }));
    const form = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    const about = form.getByRole('group', { name: 'Talebiniz ne hakkında?' });
    expect(within(about).getByRole('radio', { name: 'Başka bir konu' })).toBeChecked();
    await user.click(within(about).getByRole('radio', { name: 'Siparişlerimden biri' }));

    const picker = within(form.getByRole('group', { name: /^Hangi sipariş\?/ }));
    const first = await picker.findByRole('radio', { name: /Başlangıç Analiz Paketi × 2/ });
    expect(first).toHaveAccessibleName(/10 Mar 2025.*Sema Veri Mağazası.*Başlangıç Analiz Paketi × 2.*Ödeme onaylandı/);
    expect(picker.getByRole('radio', { name: /Veri Atölyesi.*Makine Öğrenmesi Paketi.*Ödeme bekleniyor/ })).toBeInTheDocument();
    expect(orders.to('order_list')[0]).toMatchObject({ user_client_id: ME, sort: '-order_date', page: 1 });
    // Two orders fit: no search, no "more".
    expect(picker.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(picker.queryByRole('button', { name: 'Daha fazla sipariş göster' })).not.toBeInTheDocument();
    // The shop comes with the order: no shop to choose.
    expect(form.queryByRole('combobox', { name: /^Mağaza/ })).not.toBeInTheDocument();
    expectNoIds();

    // The order is required; the check moves the focus to the orders.
    await user.type(form.getByRole('textbox', { name: /^Konu/ }), 'Fatura');
    await user.type(form.getByRole('textbox', { name: /^Mesaj/ }), 'Faturayı şirket adına kesebilir misiniz?');
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    expect(await form.findByText('Lütfen siparişi seçin.')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());
    expect(fake.to('user_support_new')).toEqual([]);

    // The older order is of the other shop: the request goes there. Arrow keys move between orders.
    await user.keyboard('{ArrowDown}');
    expect(picker.getByRole('radio', { name: /Veri Atölyesi/ })).toBeChecked();
    expect(form.getByText('Talep, bu siparişin mağazası olan Veri Atölyesi mağazasına gider.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    await waitFor(() => expect(fake.to('user_support_new')).toHaveLength(1));
    expect(fake.to('user_support_new')[0]).toEqual({
      user_client_id: ME,
      shop_client_id: OTHER_SHOP,
      subject: 'Fatura',
      message: 'Faturayı şirket adına kesebilir misiniz?',
      order_client_id: ORDER_2,
    });
    expect(await screen.findByText('Talebiniz Veri Atölyesi mağazasına gönderildi. Mağazanın yanıtını burada bulacaksınız.')).toBeInTheDocument();
  });

  it('opens the form about the order of the address (?order=…), in the buyer\'s own view even for staff; more orders on demand, and a search', async () => {
    fakeSupport({ tickets: [], staffOf: [SHOP] });
    const orders = fakeOrders({ orders: [order(), olderOrder, ...Array.from({ length: 6 }, (_, i) => order({ order_client_id: `a1b2c3d4-0000-4000-8000-00000000001${i}`, order_date: `2024-12-0${i + 1}T10:00:00.000Z` }))] });
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession();
    const user = userEvent.setup();
    await startApp(`/user-support-list?order=${ORDER_2}`);
    const form = within(await screen.findByRole('form', { name: 'New support request' }));
    expect(form.getByRole('radio', { name: 'One of my orders' })).toBeChecked();
    const picker = within(form.getByRole('group', { name: /^Which order\?/ }));
    await waitFor(() => expect(picker.getByRole('radio', { name: /Veri Atölyesi/ })).toBeChecked());
    expect(orders.to('order_list')).toContainEqual({ user_client_id: ME, order_client_id: ORDER_2 });
    expect(form.getByText('The request goes to Veri Atölyesi, the shop of this order.')).toBeInTheDocument();
    // The bundles in the reader's language.
    expect(picker.getByRole('radio', { name: /10 Mar 2025.*Starter Analytics Bundle × 2.*Payment approved/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My requests' })).toBeChecked();
    expect(await screen.findByText(/You have not written a support request yet/)).toBeInTheDocument();

    // Eight orders: five shown, a search and "more".
    expect(picker.getByText('5 of 8 orders shown.')).toBeInTheDocument();
    await user.click(picker.getByRole('button', { name: 'Show more orders' }));
    await waitFor(() => expect(picker.getAllByRole('radio')).toHaveLength(8));
    await user.type(picker.getByRole('searchbox', { name: /^Search your orders/ }), 'Makine{Enter}');
    await waitFor(() => expect(orders.to('order_list').at(-1)).toMatchObject({ search: 'Makine', page_size: 5 }));
    await waitFor(() => expect(picker.getAllByRole('radio')).toHaveLength(1));
    expectNoIds();
  });

  it("says when the order of the address is not one of the caller's, and chooses none", async () => {
    fakeSupport({ tickets: [] });
    fakeOrders();
    storeSession();
    await startApp('/kullanici-destek-talepleri?order=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('Bağlantıdaki sipariş sizin siparişlerinizden biri değil. Aşağıdan birini seçin ya da başka bir konu hakkında yazın.')).toBeInTheDocument();
    const picker = within(screen.getByRole('group', { name: /^Hangi sipariş\?/ }));
    await waitFor(() => expect(picker.getAllByRole('radio')).toHaveLength(2));
    expect(picker.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('says so when the orders cannot be read, with a retry that reads them', async () => {
    fakeSupport({ tickets: [] });
    fakeOrders({ failOrders: true });
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-destek-talepleri?new=1');
    const form = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    await user.click(form.getByRole('radio', { name: 'Siparişlerimden biri' }));
    await user.click(await form.findByRole('button', { name: 'Yeniden dene' }));
    expect(await form.findByRole('radio', { name: /Başlangıç Analiz Paketi/ })).toBeInTheDocument();
  });

  it('says so when the buyer has no order yet', async () => {
    fakeSupport({ tickets: [] });
    fakeOrders({ orders: [] });
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-destek-talepleri?new=1');
    const form = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    await user.click(form.getByRole('radio', { name: 'Siparişlerimden biri' }));
    expect(await form.findByText('Henüz siparişiniz yok. Yine de bir paket ya da başka bir konu hakkında yazabilirsiniz.')).toBeInTheDocument();
  });

  it('offers the bundles of the chosen shop in the reader\'s language, marks those not on sale, and sends the chosen one', async () => {
    const fake = fakeSupport({ tickets: [] });
    const orders = fakeOrders();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession();
    const user = userEvent.setup();
    await startApp('/user-support-list?new=1');
    const form = within(await screen.findByRole('form', { name: 'New support request' }));
    await user.click(form.getByRole('radio', { name: 'A bundle' }));
    const bundles = form.getByRole('combobox', { name: /^Bundle/ });
    expect(bundles).toBeDisabled();
    expect(bundles).toHaveAccessibleDescription('Choose the shop first: its bundles are listed here.');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByRole('combobox', { name: /^Shop/ })).toHaveAccessibleDescription('Please choose the shop.');

    await user.selectOptions(form.getByRole('combobox', { name: /^Shop/ }), 'Sema Veri Mağazası');
    await waitFor(() => expect(bundles).toBeEnabled());
    expect(orders.to('bundle_list')).toEqual([{ shop_client_id: SHOP, sort: 'bundle_name', page_size: 100 }]);
    expect(within(bundles).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Eski Paket (not on sale)', 'Starter Analytics Bundle']);
    await user.type(form.getByRole('textbox', { name: /^Subject/ }), 'Credits');
    await user.type(form.getByRole('textbox', { name: /^Message/ }), 'How many credits are left?');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(bundles).toHaveAccessibleDescription('Please choose the bundle.');
    await user.selectOptions(bundles, 'Starter Analytics Bundle');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(fake.to('user_support_new')).toEqual([{ user_client_id: ME, shop_client_id: SHOP, subject: 'Credits', message: 'How many credits are left?', bundle_client_id: STARTER }]));
  });

  it('names the order or bundle a request is about in the list', async () => {
    const aboutOrder = ticket({ order_client_id: ORDER_1, order_date: '2025-03-10T10:00:00.000Z', order_bundle_name_list: ['Başlangıç Analiz Paketi', 'Ücretsiz Deneme'] });
    const aboutBundle = ticket({ client_id: '3075c671-fc62-5033-97b9-a60c2972d028', subject: 'Paket sorusu', bundle_client_id: STARTER, bundle_name: 'Başlangıç Analiz Paketi', unseen_count: 0 });
    fakeSupport({ tickets: [aboutOrder, aboutBundle] });
    storeSession();
    await startApp('/kullanici-destek-talepleri');
    const table = await screen.findByRole('table', { name: 'Taleplerim' });
    expect(within(table).getByRole('row', { name: /Havale yaptım/ })).toHaveTextContent(/10 Mar 2025 \d\d:\d\d tarihli sipariş — Başlangıç Analiz Paketi, Ücretsiz Deneme/);
    expect(within(table).getByRole('row', { name: /Paket sorusu/ })).toHaveTextContent('Paket: Başlangıç Analiz Paketi');
    expectNoIds();
  });

  it('names the order a request is about on the request', async () => {
    const aboutOrder = ticket({ order_client_id: ORDER_1, order_date: '2025-03-10T10:00:00.000Z', order_bundle_name_list: ['Başlangıç Analiz Paketi', 'Ücretsiz Deneme'] });
    fakeSupport({ tickets: [aboutOrder] });
    storeSession();
    await startApp(`/kullanici-destek-talep-detaylari?client_id=${aboutOrder.client_id}`);
    expect(await screen.findByText(/^10 Mar 2025 \d\d:\d\d tarihli sipariş — Başlangıç Analiz Paketi, Ücretsiz Deneme$/, { selector: 'dd' })).toBeInTheDocument();
    expectNoIds();
  });

  /** A customer's request about an order, read by the shop's staff in English. */
  function customerAboutOrder(): SupportTicket {
    const fromCustomer = ticket({ user_client_id: '11111111-1111-4111-8111-111111111111', username: 'ali.demir', order_client_id: ORDER_1, order_date: '2025-03-10T10:00:00.000Z', order_bundle_name_list: ['Starter Analytics Bundle'] });
    fakeSupport({ tickets: [fromCustomer], staffOf: [SHOP] });
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession();
    return fromCustomer;
  }

  it("names it to the shop's staff in their list", async () => {
    customerAboutOrder();
    await startApp('/user-support-list');
    const table = await screen.findByRole('table', { name: 'Requests to my shops' });
    expect(within(table).getByRole('row', { name: /Havale yaptım/ })).toHaveTextContent(/Order of 10 Mar 2025, \d\d:\d\d — Starter Analytics Bundle/);
    expectNoIds();
  });

  it("names it to the shop's staff on the request", async () => {
    const fromCustomer = customerAboutOrder();
    await startApp(`/user-support-details?client_id=${fromCustomer.client_id}`);
    expect(await screen.findByText(/^Order of 10 Mar 2025, \d\d:\d\d — Starter Analytics Bundle$/, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('ali.demir', { selector: 'dd' })).toBeInTheDocument();
    expectNoIds();
  });
});

describe('a support request', () => {
  it('shows the conversation with who wrote what, marks the new message and what the shop has seen, and marks it seen once', async () => {
    const fake = fakeSupport();
    storeSession();
    await startApp(`/kullanici-destek-talep-detaylari?client_id=${ticket().client_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Havale yaptım, paket hâlâ pasif' })).toBeInTheDocument();
    const conversation = within(screen.getByRole('region', { name: 'Yazışma' }));
    const items = conversation.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Siz');
    expect(items[0]).toHaveTextContent('Görüldü');
    expect(items[0].querySelector('.support-message__text')?.textContent).toBe('Dün akşam havaleyi yaptım.\nPaket hâlâ görünmüyor.');
    expect(items[1]).toHaveTextContent('mehmet.kaya');
    expect(items[1]).toHaveTextContent('Sema Veri Mağazası');
    expect(items[1]).toHaveTextContent('Yeni');
    expect(screen.getByText('Sema Veri Mağazası', { selector: 'dd' })).toBeInTheDocument();
    await waitFor(() => expect(fake.to('user_support_live_seen')).toEqual([{ user_client_id: ME, client_id: ticket().client_id }]));
    expect(screen.getByRole('link', { name: /Tüm talepler/ })).toHaveAttribute('href', '/kullanici-destek-talepleri?view=own');
    expectNoIds();
  });

  it('sends a reply (never an empty one) and shows it in the conversation', async () => {
    const fake = fakeSupport();
    storeSession();
    const user = userEvent.setup();
    await startApp(`/kullanici-destek-talep-detaylari?client_id=${ticket().client_id}`);
    const box = await screen.findByRole('textbox', { name: /^Mesajınız/ });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Mesajı gönder' }));
    expect(box).toHaveAccessibleDescription(/Lütfen mesajınızı yazın\./);
    expect(fake.to('user_support_comment')).toEqual([]);
    await user.clear(box);
    await user.type(box, 'Teşekkürler, şimdi görünüyor.');
    await user.click(screen.getByRole('button', { name: 'Mesajı gönder' }));
    expect(await screen.findByText('Mesajınız gönderildi.')).toBeInTheDocument();
    expect(fake.to('user_support_comment')).toEqual([{ user_client_id: ME, client_id: ticket().client_id, comment: 'Teşekkürler, şimdi görünüyor.' }]);
    expect(box).toHaveValue('');
    const items = within(screen.getByRole('region', { name: 'Yazışma' })).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent('Teşekkürler, şimdi görünüyor.');
    expect(items.at(-1)).toHaveTextContent('Henüz görülmedi');
  });

  it('is closed only after a confirmation that Escape and "No" cancel, and then takes no reply', async () => {
    const fake = fakeSupport();
    storeSession();
    const user = userEvent.setup();
    await startApp(`/kullanici-destek-talep-detaylari?client_id=${ticket().client_id}`);
    const close = await screen.findByRole('button', { name: 'Talebi kapat' });
    await user.click(close);
    const dialog = screen.getByRole('alertdialog', { name: 'Bu talep kapatılsın mı?' });
    expect(within(dialog).getByRole('button', { name: 'Hayır' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(close).toHaveFocus();
    await user.click(close);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Hayır' }));
    expect(fake.to('user_support_terminate')).toEqual([]);

    await user.click(close);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Talebi kapat' }));
    expect(await screen.findByText('Talep kapatıldı.')).toBeInTheDocument();
    expect(fake.to('user_support_terminate')).toEqual([{ user_client_id: ME, client_id: ticket().client_id }]);
    expect(await screen.findByText(/Bu talebi .* tarihinde kapattınız\. Kapatılan talebe yeni mesaj yazılamaz\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni talep aç' })).toHaveAttribute('href', '/kullanici-destek-talepleri?view=own&new=1');
    expect(screen.queryByRole('textbox', { name: /^Mesajınız/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Talebi kapat' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the reader's language when the shop closed the request meanwhile", async () => {
    const fake = fakeSupport();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession();
    const user = userEvent.setup();
    await startApp(`/user-support-details?client_id=${ticket().client_id}`);
    await user.type(await screen.findByRole('textbox', { name: /^Your message/ }), 'One more thing');
    fake.tickets[0].support_status = 'terminated';
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This support request is closed and takes no more messages. If you still need help, please open a new request.');
  });

  it('says a request it cannot find (another account\'s, or a wrong link) is not found', async () => {
    fakeSupport();
    storeSession();
    await startApp('/kullanici-destek-talep-detaylari?client_id=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('Bu talep bulunamadı. Başka bir hesaba ait olabilir ya da bağlantı eksik olabilir.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Yeniden dene/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Destek Talebi Detayları' })).toBeInTheDocument();
  });
});

describe("the visitor's page of a support mail", () => {
  const LINK = { client_id: '3075c671-fc62-5033-97b9-a60c2972d028', mail: 'maria.lopez@example.org', token: 'tok-123' };
  const visitorTicket = (over: Partial<SupportTicket> = {}): SupportTicket => ({
    client_id: LINK.client_id,
    id: '80',
    mail: LINK.mail,
    fullname: 'Maria Lopez',
    shop_client_id: SHOP,
    shop_name: 'Sema Veri Mağazası',
    subject: 'Invoice address',
    message: 'Please bill our company.',
    support_status: 'pending',
    created_at: '2025-02-22T11:00:00.000Z',
    updated_at: '2025-02-22T11:00:00.000Z',
    user_seen_at: '2025-02-22T11:00:00.000Z',
    unseen_count: 0,
    ...over,
  });

  function fakeVisitor(options: { validToken?: string } = {}) {
    const x = visitorTicket();
    const calls: { route: string; body: Record<string, unknown> }[] = [];
    const valid = (b: Record<string, unknown>) => b.mail_support_token === (options.validToken ?? LINK.token) && b.mail === LINK.mail;
    const on = (route: string, path: string, reply: (b: Record<string, unknown>, r: Request) => Response) =>
      http.post(`*/v1/${path}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push({ route, body });
        return reply(body, request);
      });
    server.use(
      on('mail_support_get', 'mail/support/get', (b, r) => (valid(b) ? HttpResponse.json({ ...ok, support_ticket: x, support_comment_list: [] }) : refuse(r, 'support_link_invalid'))),
      on('mail_support_record', 'mail/support/record', (b, r) => {
        if (!valid(b)) return refuse(r, 'support_link_invalid');
        x.support_status = 'open';
        return HttpResponse.json({ ...ok, id: x.id, client_id: x.client_id, support_status: 'open' });
      }),
      on('mail_support_list', 'mail/support/list', (b, r) =>
        valid(b) ? HttpResponse.json({ ...ok, support_ticket_list: [x, visitorTicket({ client_id: '7d0c4a52-31f5-4a39-9f3e-0c2d6a3b1e44', subject: 'Older question', support_status: 'terminated' })], total: 2, page: 1, page_size: 50 }) : refuse(r, 'support_link_invalid'),
      ),
      on('mail_support_live_seen', 'mail/support/live_seen', () => HttpResponse.json({ ...ok, client_id: x.client_id, seen_at: '2025-02-22T12:00:00.000Z', unseen_count: 0 })),
      on('support_shop_list', 'support/shop/list', () => HttpResponse.json({ ...ok, shop_list: [{ shop_client_id: SHOP, shop_name: 'Sema Veri Mağazası' }] })),
      on('mail_support_new', 'mail/support/new', () => HttpResponse.json({ ...ok, id: '81', client_id: '8e0c4a52-31f5-4a39-9f3e-0c2d6a3b1e55' })),
      on('bundle_list', 'bundle/and/product/list/all', () => HttpResponse.json({ ...ok, bundle_list: [bundle(STARTER, 'Başlangıç Analiz Paketi')], total: 1, page: 1, page_size: 100 })),
    );
    return { calls, to: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body) };
  }

  it('confirms a waiting request from the link, then shows it with the address\'s other requests', async () => {
    const fake = fakeVisitor();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    await startApp(`/support-request?${new URLSearchParams(LINK)}`);
    expect(await screen.findByText('Thank you: your request is confirmed and has been sent to Sema Veri Mağazası.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice address' })).toBeInTheDocument();
    expect(fake.to('mail_support_record')).toEqual([{ client_id: LINK.client_id, mail: LINK.mail, mail_support_token: LINK.token }]);
    expect(screen.getByText('Open', { selector: '.support-status' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Conversation' })).getByRole('listitem')).toHaveTextContent('You');
    const others = within(await screen.findByRole('region', { name: 'Your other requests' }));
    expect(others.getByRole('link', { name: 'Older question' }).getAttribute('href')).toContain('token=tok-123');
    expect(screen.getByRole('textbox', { name: /^Your message/ })).toBeInTheDocument();
    // Nothing unseen: no seen mark to write.
    expect(fake.to('mail_support_live_seen')).toEqual([]);
    expectNoIds();
  });

  it('says a link that no longer works is not valid, without a pointless retry, and offers a new request', async () => {
    fakeVisitor({ validToken: 'another' });
    await startApp(`/destek-talebi?${new URLSearchParams(LINK)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu destek bağlantısı geçerli değil ya da süresi dolmuş.');
    expect(screen.queryByRole('button', { name: 'Yeniden dene' })).not.toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Yeni destek talebi' })).toBeInTheDocument();
  });

  it('takes a request from a visitor without an account and tells them to check their mail', async () => {
    const fake = fakeVisitor();
    const user = userEvent.setup();
    await startApp('/destek-talebi');
    const form = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    await user.type(form.getByRole('textbox', { name: /^E-posta adresiniz/ }), 'maria@');
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    expect(form.getByRole('textbox', { name: /^Adınız/ })).toHaveAccessibleDescription('Lütfen adınızı yazın.');
    expect(form.getByRole('textbox', { name: /^E-posta adresiniz/ })).toHaveAccessibleDescription(/Lütfen geçerli bir e-posta adresi yazın/);
    expect(fake.to('mail_support_new')).toEqual([]);
    // One shop: named, not chosen.
    expect(form.getByText('Sema Veri Mağazası')).toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: /^Adınız/ }), 'Maria Lopez');
    await user.clear(form.getByRole('textbox', { name: /^E-posta adresiniz/ }));
    await user.type(form.getByRole('textbox', { name: /^E-posta adresiniz/ }), 'maria.lopez@example.org');
    await user.type(form.getByRole('textbox', { name: /^Konu/ }), 'Fatura');
    await user.type(form.getByRole('textbox', { name: /^Mesaj/ }), 'Şirket adına fatura rica ediyorum.');
    // A bundle is optional for a visitor: none chosen, none sent.
    const bundleChoice = form.getByRole('combobox', { name: /^İlgili paket \(isteğe bağlı\)/ });
    expect(bundleChoice).not.toBeRequired();
    await waitFor(() => expect(within(bundleChoice).getByRole('option', { name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument());
    await user.click(form.getByRole('button', { name: 'Talebi gönder' }));
    expect(await screen.findByRole('heading', { name: 'E-postanızı kontrol edin' })).toHaveFocus();
    expect(screen.getByText(/maria\.lopez@example\.org adresine bir bağlantı gönderdik\./)).toBeInTheDocument();
    expect(fake.to('mail_support_new')).toEqual([
      { mail: 'maria.lopez@example.org', fullname: 'Maria Lopez', shop_client_id: SHOP, subject: 'Fatura', message: 'Şirket adına fatura rica ediyorum.', active_lang: 0 },
    ]);

    // Another request, about a bundle of the shop: the bundle goes with it.
    await user.click(screen.getByRole('button', { name: 'Başka bir talep yaz' }));
    const again = within(await screen.findByRole('form', { name: 'Yeni destek talebi' }));
    await user.type(again.getByRole('textbox', { name: /^Konu/ }), 'Paket sorusu');
    await user.type(again.getByRole('textbox', { name: /^Mesaj/ }), 'Kredi ne zaman yüklenir?');
    const choice = again.getByRole('combobox', { name: /^İlgili paket/ });
    await waitFor(() => expect(within(choice).getByRole('option', { name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument());
    await user.selectOptions(choice, 'Başlangıç Analiz Paketi');
    await user.click(again.getByRole('button', { name: 'Talebi gönder' }));
    await waitFor(() => expect(fake.to('mail_support_new')).toHaveLength(2));
    expect(fake.to('mail_support_new')[1]).toMatchObject({ shop_client_id: SHOP, bundle_client_id: STARTER, subject: 'Paket sorusu' });
  });
});
