// The generic list screen (renderers/generic/list) on the shop pages: server paging, sort, filters, search,
// the remembered column choice, row and bulk actions, CSV and Excel exports, permission-aware actions, and
// its empty, loading and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthCode } from '../../src/generated/types/entities';
import { account, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { captureDownloads, getSearch } from './support/dom';
import { server } from './support/server';
import { resetShop, seedBundles, seedShop, shop, shopHandlers, SHOP_ID } from './support/shop';

const BUNDLES = `/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`;

beforeEach(() => {
  server.use(...shopHandlers);
  seedShop();
});
afterEach(() => resetShop());

const listCalls = () => shop.calls.filter((c) => c.route === 'user_shop_bundle_list');
const lastList = () => listCalls().at(-1)!.body;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) => bodyRows(table).map((r) => within(r).getByRole('rowheader').textContent);

async function openBundles(authCodes: AuthCode[] = ['shop_bundle_add_edit'], path = BUNDLES) {
  storeSession({ authCodes });
  const user = userEvent.setup();
  const view = await startApp(path);
  const table = await screen.findByRole('table', { name: 'Paketler' });
  return { user, table, view };
}

/** The names of the open row menu's items. */
const menuItems = () => screen.getAllByRole('menuitem').map((m) => m.textContent);

describe('the generic list of bundles', { timeout: 20_000 }, () => {
  it('shows one server page at a time and pages on, keeping the page in the address', async () => {
    seedBundles(45);
    const { user, table } = await openBundles();
    expect(bodyRows(table)).toHaveLength(20);
    expect(lastList()).toEqual({ shop_client_id: SHOP_ID, user_client_id: account.user.user_client_id, page: 1, page_size: 20, sort: '-created_at' });
    expect(screen.getByText('45 kayıt bulundu.')).toBeInTheDocument();
    expect(screen.getByText('Sayfa 1 / 3 (45 kayıt)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(lastList().page).toBe(2));
    expect(window.location.search).toContain('page=2');
    expect(await screen.findByText('Sayfa 2 / 3 (45 kayıt)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sayfa başına satır'), '50');
    await waitFor(() => expect(lastList()).toMatchObject({ page: 1, page_size: 50 }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Paketler' }))).toHaveLength(45));
  });

  it('sorts on the server by a column, ascending then descending', async () => {
    seedBundles(30);
    const { user } = await openBundles();
    const header = screen.getByRole('columnheader', { name: /Paket adı/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList().sort).toBe('bundle_name'));
    await waitFor(() => expect(firstCells(screen.getByRole('table', { name: 'Paketler' }))[0]).toBe('Paket 0001'));
    expect(screen.getByRole('columnheader', { name: /Paket adı/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(screen.getByRole('columnheader', { name: /Paket adı/ })).getByRole('button'));
    await waitFor(() => expect(lastList().sort).toBe('-bundle_name'));
    await waitFor(() => expect(firstCells(screen.getByRole('table', { name: 'Paketler' }))[0]).toBe('Paket 0030'));
    expect(screen.getByRole('columnheader', { name: /Paket adı/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('filters with the route inputs and searches as the user types', async () => {
    seedBundles(30);
    const { user } = await openBundles();
    const filters = getSearch('Filtreler');
    await user.selectOptions(within(filters).getByLabelText('Durum'), 'Pasif');
    await user.click(within(filters).getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(lastList()).toMatchObject({ bundle_status: 'passive', page: 1 }));
    expect(window.location.search).toContain('bundle_status=passive');
    await waitFor(() => expect(screen.getByText('10 kayıt bulundu.')).toBeInTheDocument());
    for (const row of bodyRows(screen.getByRole('table', { name: 'Paketler' }))) expect(row).toHaveTextContent('Pasif');

    await user.type(within(filters).getByLabelText('Ara'), '0012');
    await waitFor(() => expect(lastList()).toMatchObject({ search: '0012', bundle_status: 'passive' }));
    await waitFor(() => expect(firstCells(screen.getByRole('table', { name: 'Paketler' }))).toEqual(['Paket 0012']));

    await user.click(within(filters).getByRole('button', { name: 'Filtreleri temizle' }));
    await waitFor(() => expect(lastList()).not.toHaveProperty('bundle_status'));
    expect(lastList()).not.toHaveProperty('search');
  });

  it('remembers the columns each user chose for the screen', async () => {
    seedBundles(5);
    const { user, view } = await openBundles();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual(['', 'Paket adı', 'Durum', 'Öncelik', 'Görev türü', 'İşlemler']);
    await user.click(screen.getByText('Sütunlar'));
    const chooser = screen.getByRole('group', { name: 'Gösterilecek sütunlar' });
    await user.click(within(chooser).getByLabelText('Öncelik'));
    await user.click(within(chooser).getByLabelText('Özellikler'));
    expect(screen.queryByRole('columnheader', { name: /Öncelik/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Özellikler' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Paketler' })).getByText('Özellik 1')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`sema.columns.${account.user.user_client_id}.bundle`)!)).toEqual(['bundle_name', 'bundle_status', 'task_type', 'feature_list']);

    // A new visit of the same user keeps the choice; another user has their own.
    view.unmount();
    const again = await startApp(BUNDLES);
    await screen.findByRole('table', { name: 'Paketler' });
    expect(screen.getByRole('columnheader', { name: 'Özellikler' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Öncelik/ })).not.toBeInTheDocument();
    again.unmount();
    account.user = { ...account.user, user_client_id: 'e0b5e0b5-0000-4000-8000-000000000001', username: 'mehmet' };
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    await startApp(BUNDLES);
    await screen.findByRole('table', { name: 'Paketler' });
    expect(screen.getByRole('columnheader', { name: /Öncelik/ })).toBeInTheDocument();
  });

  it('runs a row action after asking, and offers each bundle only the status change it can take', async () => {
    seedBundles(3); // 0001 and 0002 active, 0003 passive
    const { user, table } = await openBundles();
    const active = within(table).getByRole('row', { name: /Paket 0001/ });
    const passive = within(table).getByRole('row', { name: /Paket 0003/ });
    // The row's actions sit in one menu, offering only the status change the bundle can take.
    await user.click(within(passive).getByRole('button', { name: 'İşlemler: Paket 0003' }));
    expect(menuItems()).toEqual(['Ürünler', 'Sözleşmeler', 'Ayrıntılar', 'Aktif yap']);
    await user.keyboard('{Escape}');
    expect(within(passive).getByRole('button', { name: 'İşlemler: Paket 0003' })).toHaveFocus();
    await user.click(within(active).getByRole('button', { name: 'İşlemler: Paket 0001' }));
    expect(menuItems()).toEqual(['Ürünler', 'Sözleşmeler', 'Ayrıntılar', 'Pasif yap']);
    await user.click(screen.getByRole('menuitem', { name: 'Pasif yap' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pasif yap' });
    expect(dialog).toHaveTextContent('Bu paket pasif yapılsın mı?');
    await user.click(within(dialog).getByRole('button', { name: 'Pasif yap' }));
    expect(await screen.findByText('Paket pasif yapıldı.')).toBeInTheDocument();
    expect(shop.calls.find((c) => c.route === 'user_shop_bundle_status_passive')!.body).toEqual({
      shop_client_id: SHOP_ID,
      bundle_client_id: shop.bundles[0].bundle_client_id,
      user_client_id: account.user.user_client_id,
    });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Paketler' })).getByRole('row', { name: /Paket 0001/ })).toHaveTextContent('Pasif'));

    // Setting active asks nothing.
    await user.click(within(screen.getByRole('table', { name: 'Paketler' })).getByRole('button', { name: 'İşlemler: Paket 0003' }));
    await user.click(screen.getByRole('menuitem', { name: 'Aktif yap' }));
    expect(await screen.findByText('Paket aktif yapıldı.')).toBeInTheDocument();
    expect(shop.bundles[2].bundle_status).toBe('active');
  });

  it('runs a bulk action on the selected rows it applies to', async () => {
    seedBundles(6);
    const { user, table } = await openBundles();
    await user.click(within(table).getByLabelText('Seç: Paket 0001'));
    await user.click(within(table).getByLabelText('Seç: Paket 0002'));
    await user.click(within(table).getByLabelText('Seç: Paket 0003'));
    const bar = screen.getByRole('region', { name: 'Seçili satırlardaki işlemler' });
    expect(bar).toHaveTextContent('3 seçili');
    await user.click(within(bar).getByRole('button', { name: 'Pasif yap (2)' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Pasif yap' }));
    expect(await screen.findByText('Pasif yap: 2 kayıtta yapıldı.')).toBeInTheDocument();
    expect(shop.calls.filter((c) => c.route === 'user_shop_bundle_status_passive').map((c) => c.body.bundle_client_id)).toEqual([
      shop.bundles[0].bundle_client_id,
      shop.bundles[1].bundle_client_id,
    ]);
    expect(screen.queryByRole('region', { name: 'Seçili satırlardaki işlemler' })).not.toBeInTheDocument();

    // Select the whole page.
    await user.click(within(screen.getByRole('table', { name: 'Paketler' })).getByLabelText('Bu sayfadaki tüm satırları seç'));
    expect(screen.getByRole('region', { name: 'Seçili satırlardaki işlemler' })).toHaveTextContent('6 seçili');
  });

  it('exports every page of the current query to CSV, in the user language, safe for spreadsheets', async () => {
    seedBundles(250);
    shop.bundles[4].bundle_name = '=HYPERLINK("x")';
    const files = captureDownloads();
    const { user } = await openBundles();
    const filters = getSearch('Filtreler');
    await user.selectOptions(within(filters).getByLabelText('Durum'), 'Aktif');
    await user.click(within(filters).getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(lastList().bundle_status).toBe('active'));
    await user.click(screen.getByRole('button', { name: 'CSV indir' }));
    expect(await screen.findByText('167 kayıt dosyaya yazıldı.')).toBeInTheDocument();
    const exports = listCalls().filter((c) => c.body.page_size === 100);
    expect(exports.map((c) => c.body.page)).toEqual([1, 2]);
    expect(exports[0].body).toMatchObject({ bundle_status: 'active', sort: '-created_at' });
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('paketler.csv');
    const text = await files[0].blob.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Paket adı,Durum,Öncelik,Görev türü');
    expect(lines).toHaveLength(168);
    expect(lines).toContain(`"'=HYPERLINK(""x"")",Aktif,Acil,Ürünü etkinleştirme`);
  });

  it('exports to Excel through /table/to/excel', async () => {
    seedBundles(3);
    const files = captureDownloads();
    const { user } = await openBundles();
    await user.click(screen.getByRole('button', { name: 'Excel indir' }));
    expect(await screen.findByText('3 kayıt dosyaya yazıldı.')).toBeInTheDocument();
    const call = shop.calls.find((c) => c.route === 'table_to_excel')!;
    expect(call.body).toMatchObject({
      file_name: 'paketler',
      sheet_name: 'Paketler',
      column_list: [
        { key: 'bundle_name', label: 'Paket adı' },
        { key: 'bundle_status', label: 'Durum' },
        { key: 'priority', label: 'Öncelik' },
        { key: 'task_type', label: 'Görev türü' },
      ],
    });
    expect((call.body.row_list as string[][])[0]).toEqual(['Paket 0003', 'Pasif', 'Normal', 'Ürünü etkinleştirme']);
    expect(files[0].name).toBe('paketler.xlsx');
  });

  it('says when there is nothing, while it loads, and when the server fails, with a retry', async () => {
    shop.delay = 300;
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(BUNDLES);
    expect(await screen.findByText('Yükleniyor…', { selector: '.screen__status' })).toBeInTheDocument();
    expect(await screen.findByText('Henüz kayıt yok.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    shop.delay = 0;

    await user.type(screen.getByLabelText('Ara'), 'yok');
    expect(await screen.findByText('Arama ve filtrelere uyan kayıt yok.')).toBeInTheDocument();

    shop.failures.user_shop_bundle_list = { key: 'internal_error' };
    await user.click(screen.getAllByRole('button', { name: 'Filtreleri temizle' })[0]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bizim tarafımızda bir sorun oluştu.');
    delete shop.failures.user_shop_bundle_list;
    seedBundles(2);
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('table', { name: 'Paketler' })).toBeInTheDocument();
  });

  it('asks for the shop first when the page is opened without one', async () => {
    seedBundles(2);
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp('/kullanici-magaza-paket-listesi');
    expect(await screen.findByRole('heading', { level: 2, name: 'Önce seçin: Mağaza' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ayşe Mağazası' }));
    expect(await screen.findByRole('table', { name: 'Paketler' })).toBeInTheDocument();
    expect(window.location.search).toBe(`?shop_client_id=${SHOP_ID}`);
  });

  it('opens a record by its row and offers only what the user may do', async () => {
    seedBundles(2);
    // shop_card_view may list shops but not open them, add them or go to their bundles.
    storeSession({ authCodes: ['shop_card_view'] });
    const user = userEvent.setup();
    const first = await startApp('/kullanici-magaza-listesi');
    const table = await screen.findByRole('table', { name: 'Mağazalarım' });
    const row = within(table).getByRole('row', { name: /Ayşe Mağazası/ });
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Yeni kayıt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Seç/ })).not.toBeInTheDocument();

    // A shop administrator gets the record link, the bundles and orders of each shop, but no "new" (shop_new).
    first.unmount();
    storeSession({ authCodes: ['shop_admin'] });
    await startApp('/kullanici-magaza-listesi');
    const adminRow = within(await screen.findByRole('table', { name: 'Mağazalarım' })).getByRole('row', { name: /Ayşe Mağazası/ });
    await user.click(within(adminRow).getByRole('button', { name: 'İşlemler: Ayşe Mağazası' }));
    expect(screen.getByRole('menuitem', { name: 'Paketler' })).toHaveAttribute('href', `/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);
    expect(screen.getByRole('menuitem', { name: 'Siparişler' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(adminRow).getByRole('link', { name: 'Ayşe Mağazası' }));
    await waitFor(() => expect(window.location.pathname).toBe('/kullanici-magaza-kaydi'));
    expect(window.location.search).toBe(`?shop_client_id=${SHOP_ID}`);
  });
});

describe('the shop pages as generic screens', { timeout: 20_000 }, () => {
  const BUNDLE = '00000000-0000-4000-8000-00000000000b';
  const PRODUCT = '00000000-0000-4000-8000-00000000000c';

  it.each([
    ['/kullanici-magaza-listesi', 'Mağazalarım', 'user_shop_list', {}],
    [`/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`, 'Paketler', 'user_shop_bundle_list', { shop_client_id: SHOP_ID }],
    [`/kullanici-magaza-paket-urun-listesi?shop_client_id=${SHOP_ID}&bundle_client_id=${BUNDLE}`, 'Paket Ürünleri', 'user_shop_bundle_product_list', { bundle_client_id: BUNDLE }],
    [`/kullanici-magaza-paket-sozlesme-listesi?shop_client_id=${SHOP_ID}&bundle_client_id=${BUNDLE}`, 'Paket Sözleşmeleri', 'user_shop_bundle_agreement_list', { bundle_client_id: BUNDLE }],
    [
      `/kullanici-magaza-paket-urun-sozlesme-listesi?shop_client_id=${SHOP_ID}&bundle_client_id=${BUNDLE}&pro_client_id=${PRODUCT}`,
      'Paket Ürünü Sözleşmeleri',
      'user_shop_bundle_product_agreement_list',
      { pro_client_id: PRODUCT },
    ],
  ])('%s lists through its route', async (path, caption, route, input) => {
    storeSession({ authCodes: ['shop_admin'] });
    await startApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: caption })).toBeInTheDocument();
    await waitFor(() => expect(shop.calls.some((c) => c.route === route)).toBe(true));
    expect(shop.calls.find((c) => c.route === route)!.body).toMatchObject({ ...input, page: 1, page_size: 20 });
    expect((await screen.findAllByText(/kayıt bulundu|Henüz kayıt yok/)).length).toBeGreaterThan(0);
  });

  it('shows a shop record in sections, its staff by name and its list items by what they are, never an id', async () => {
    const member = '7c1d2e3f-0000-4000-8000-000000000042';
    Object.assign(shop.shops.find((x) => x.shop_client_id === SHOP_ID)!, {
      bank_account_list: [{ bank_name: 'Örnek Bankası', account_holder: 'Ayşe Yılmaz', iban: 'TR330006100519786457841326' }],
      shop_member_list: [{ user_client_id: member, username: 'selin.kaya', is_owner: false }],
    });
    storeSession({ authCodes: ['shop_admin'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-kaydi?shop_client_id=${SHOP_ID}`);
    const staff = await screen.findByRole('region', { name: 'Çalışanlar' });
    expect(screen.getByRole('region', { name: 'Fatura ve ödeme' })).toBeInTheDocument();
    expect(await within(staff).findByRole('group', { name: 'Çalışan 1' })).toHaveTextContent('Kullanıcı: selin.kaya');
    expect(document.body).not.toHaveTextContent(member);
    expect(within(staff).queryByLabelText('Kullanıcı adı')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Banka hesabı 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Banka hesabı ekle' }));
    expect(screen.getByRole('group', { name: 'Banka hesabı 2' })).toBeInTheDocument();
  });

  it('lists a shop orders with money in the order currency and the date filters', async () => {
    shop.orders.push(
      { order_client_id: 'o-1', shop_client_id: SHOP_ID, user_client_id: 'u', customer_username: 'deniz', shopcart_bundle_client_id_list: ['l-1'], order_status: 'payment_waiting', payment_method: 'transfer_to_account', currency_type: 0, total_amount: 149990, order_date: '2025-03-01T10:00:00Z' },
      { order_client_id: 'o-2', shop_client_id: SHOP_ID, user_client_id: 'u', customer_username: 'mert', shopcart_bundle_client_id_list: ['l-2'], order_status: 'payment_approved', payment_method: 'credit_card', currency_type: 1, total_amount: 4990, order_date: '2025-03-02T10:00:00Z' },
    );
    storeSession({ authCodes: ['shop_order_bundle_status_management'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-siparis-listesi?shop_client_id=${SHOP_ID}`);
    const table = await screen.findByRole('table', { name: 'Mağaza Siparişleri' });
    expect(within(table).getByRole('row', { name: /Ödeme bekleniyor/ })).toHaveTextContent('₺1.499,90');
    expect(within(table).getByRole('row', { name: /Ödeme onaylandı/ })).toHaveTextContent('$49,90');
    // Each order opens its staff page (user_shop_order_details) with the shop and the order in the address.
    const links = within(table).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links.map((a) => a.getAttribute('href'))).toContain(`/kullanici-magaza-siparis-detaylari?shop_client_id=${SHOP_ID}&order_client_id=o-1`);
    expect(within(table).getByRole('row', { name: /Ödeme bekleniyor/ })).toHaveTextContent('deniz');
    const filters = getSearch('Filtreler');
    await user.type(within(filters).getByLabelText('Sipariş (başlangıç)'), '2025-03-02');
    await user.selectOptions(within(filters).getByLabelText('Sipariş durumu'), 'Ödeme onaylandı');
    await user.click(within(filters).getByRole('button', { name: 'Uygula' }));
    await waitFor(() =>
      expect(shop.calls.filter((c) => c.route === 'user_shop_order_list').at(-1)!.body).toMatchObject({ order_date_from: '2025-03-02', order_status: 'payment_approved', sort: '-order_date' }),
    );
  });
});
