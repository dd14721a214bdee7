// The generic record screen (renderers/generic/record) on the shop pages: rjsf forms with our widgets chosen
// by rank, required marks, validation messages in Turkish and English, the server's field errors on their
// fields, the unsaved-changes guard, permission-aware fields, and the read-only details page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';
import { resetShop, seedBundles, seedShop, shop, shopHandlers, SHOP_ID } from './support/shop';

beforeEach(() => {
  server.use(...shopHandlers);
  seedShop();
});
afterEach(() => resetShop());

const bundleRecord = (id?: string) => `/kullanici-magaza-paket-kaydi?shop_client_id=${SHOP_ID}${id ? `&bundle_client_id=${id}` : ''}`;
const callsTo = (route: string) => shop.calls.filter((c) => c.route === route);

describe('the generic record', { timeout: 20_000 }, () => {
  it('creates a bundle from the list: required marks, Turkish messages, then saved and reopened', async () => {
    seedBundles(3);
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);
    await user.click(await screen.findByRole('link', { name: 'Yeni kayıt' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Yeni Paket' })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Paket adı/);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name.closest('.field')!.querySelector('.field__required')).toHaveTextContent('*');
    expect(screen.getByLabelText(/^Öncelik/)).not.toHaveAttribute('aria-required');

    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Tüm zorunlu alanlar doldurulmalıdır.');
    expect(summary).toHaveTextContent('Paket adı: zorunludur');
    expect(summary).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('zorunludur');
    expect(callsTo('user_shop_bundle_new')).toHaveLength(0);

    await user.type(name, 'Yeni Paket A');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Öncelik/), 'Yüksek');
    // The form comes in the screen's sections; a list item is named by what it is (a feature), not the list.
    expect(screen.getByRole('region', { name: 'Paket' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Hazırlık ve görev' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Özellik ekle' }));
    expect(screen.getByText('Özellik 1', { selector: 'label' })).not.toHaveTextContent('*');
    await user.type(screen.getByLabelText(/^Özellik 1/), '7/24 destek');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(callsTo('user_shop_bundle_new')).toHaveLength(1));
    expect(callsTo('user_shop_bundle_new')[0].body).toEqual({
      shop_client_id: SHOP_ID,
      user_client_id: account.user.user_client_id,
      bundle_name: 'Yeni Paket A',
      priority: 'high',
      feature_list: ['7/24 destek'],
    });
    expect(await screen.findByText('Oluşturuldu.')).toBeInTheDocument();
    const created = shop.bundles.at(-1)!;
    expect(window.location.search).toBe(`?shop_client_id=${SHOP_ID}&bundle_client_id=${created.bundle_client_id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Paket: Yeni Paket A' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Paket adı/)).toHaveValue('Yeni Paket A'));
  });

  it('speaks English when the user does: labels, messages and the summary', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/user-shop-bundle-record?shop_client_id=${SHOP_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'New Bundle' })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Bundle name/);
    expect(screen.getByRole('group', { name: /^Features/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('All required fields must be filled in.');
    expect(summary).toHaveTextContent('Bundle name: is required');
    expect(name).toHaveAccessibleDescription('is required');
    // Live after the first try: a list item too short, in English.
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    await user.type(screen.getByLabelText(/^Feature 1/), 'a');
    await user.clear(screen.getByLabelText(/^Feature 1/));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Features'));
  });

  it('words a refused save again in the language the user switches to, from its codes and parameters', async () => {
    const [bundle] = seedBundles(1);
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(bundleRecord(String(bundle.bundle_client_id)));
    const name = await screen.findByLabelText(/^Paket adı/);
    await waitFor(() => expect(name).toHaveValue('Paket 0001'));
    shop.failures.user_shop_bundle_edit = {
      key: 'invalid_input',
      errors: [{ field: 'bundle_name', message: 'en fazla 5 karakter olmalıdır', keyword: 'maxLength', params: { limit: 5 } }],
    };
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lütfen işaretli alanları kontrol edin.');
    await waitFor(() => expect(name).toHaveAccessibleDescription('en fazla 5 karakter olmalıdır'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'English');
    const notice = await screen.findByRole('alert');
    await waitFor(() => expect(notice).toHaveTextContent('Please check the marked fields.'));
    expect(notice).not.toHaveTextContent('Lütfen');
    expect(screen.getByLabelText(/^Bundle name/)).toHaveAccessibleDescription('must be at most 5 characters');
  });

  it('edits a bundle and shows the server field errors on their fields', async () => {
    const [bundle] = seedBundles(2);
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(bundleRecord(String(bundle.bundle_client_id)));
    const name = await screen.findByLabelText(/^Paket adı/);
    await waitFor(() => expect(name).toHaveValue('Paket 0001'));
    expect(screen.getByRole('heading', { level: 2, name: 'Paket: Paket 0001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Listeye dön' })).toHaveAttribute('href', `/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);

    shop.failures.user_shop_bundle_edit = {
      key: 'invalid_input',
      errors: [
        { field: 'bundle_name', message: 'Bu ad bu mağazada zaten var.' },
        { field: 'shop_client_id', message: 'Mağaza kapalı.' },
      ],
    };
    await user.clear(name);
    await user.type(name, 'Paket 0002');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Lütfen işaretli alanları kontrol edin.');
    // A field the form does not show is not named by its path.
    expect(notice).toHaveTextContent('Mağaza kapalı.');
    expect(notice).not.toHaveTextContent('shop_client_id');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Bu ad bu mağazada zaten var.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    delete shop.failures.user_shop_bundle_edit;
    await user.clear(name);
    await user.type(name, 'Paket Bir');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kaydedildi.')).toBeInTheDocument();
    expect(callsTo('user_shop_bundle_edit').at(-1)!.body).toMatchObject({
      shop_client_id: SHOP_ID,
      bundle_client_id: bundle.bundle_client_id,
      user_client_id: account.user.user_client_id,
      bundle_name: 'Paket Bir',
      priority: 'urgent',
      task_type: 'activation',
      feature_list: ['Özellik 1'],
    });
    expect(shop.bundles[0].bundle_name).toBe('Paket Bir');
  });

  it('asks before leaving unsaved changes, inside the app and when the tab closes', async () => {
    const [bundle] = seedBundles(1);
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(bundleRecord(String(bundle.bundle_client_id)));
    const name = await screen.findByLabelText(/^Paket adı/);
    await waitFor(() => expect(name).toHaveValue('Paket 0001'));

    // Unchanged: leaving asks nothing.
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(name, ' yeni');
    expect(screen.getByText('Kaydedilmemiş değişiklikler var')).toBeInTheDocument();
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Listeye dön' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Kaydetmeden çıkılsın mı?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hayır' }));
    expect(window.location.pathname).toBe('/kullanici-magaza-paket-kaydi');
    expect(name).toHaveValue('Paket 0001 yeni');

    await user.click(screen.getByRole('link', { name: 'Listeye dön' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Kaydetmeden çık' }));
    await waitFor(() => expect(window.location.pathname).toBe('/kullanici-magaza-paket-listesi'));
    expect(await screen.findByRole('table', { name: 'Paketler' })).toBeInTheDocument();
    expect(shop.bundles[0].bundle_name).toBe('Paket 0001');
  });

  it('draws each product field with the widget ranked for it and sends minor units', async () => {
    const [bundle] = seedBundles(1);
    shop.users.push({ user_client_id: 'c0ffee00-0000-4000-8000-000000000007', username: 'mehmet.kaya', firstname: 'Mehmet', lastname: 'Kaya' });
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-urun-kaydi?shop_client_id=${SHOP_ID}&bundle_client_id=${bundle.bundle_client_id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Yeni Paket ürünü' })).toBeInTheDocument();

    const prices = await screen.findByRole('group', { name: /^Fiyatlar/ });
    const lira = within(prices).getByLabelText('₺ Türk lirası');
    expect(within(prices).getByLabelText('$ ABD doları')).toBeInTheDocument();
    // A date is written as the page's language writes it (the browser's date field follows the browser's).
    expect(screen.getByLabelText(/^Satış başlangıcı/)).toHaveAttribute('placeholder', 'GG.AA.YYYY');
    const payType = screen.getByLabelText(/^Ödeme türü/);
    expect(payType.tagName).toBe('SELECT');
    expect(within(payType).getAllByRole('option').map((o) => o.textContent)).toContain('Ücretsiz');
    expect(screen.getByRole('checkbox', { name: 'Kartla ödeme yapılabilir' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Ürün bilgisi/).tagName).toBe('TEXTAREA');
    // pro_auth_id (the authorization buyers get) is for admin and shop_admin: shown, not changeable.
    expect(screen.getByLabelText(/^Verilen yetki/)).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText(/^Ürün adı/), 'Aylık analiz');
    await user.type(lira, '1.499,90');
    expect(within(prices).getByText('₺1.499,90')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Satış başlangıcı/), '01.03.2025');
    await user.click(screen.getByRole('checkbox', { name: 'Kartla ödeme yapılabilir' }));
    const picker = screen.getByRole('group', { name: /^Sorumlu kişi/ });
    await user.type(within(picker).getByLabelText('Ara: Sorumlu kişi'), 'meh');
    await user.click(await within(picker).findByRole('button', { name: 'mehmet.kaya · Mehmet · Kaya' }));
    expect(picker).toHaveTextContent('Sorumlu kişi: mehmet.kaya · Mehmet · Kaya');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(callsTo('user_shop_bundle_product_new')).toHaveLength(1));
    expect(callsTo('user_shop_bundle_product_new')[0].body).toMatchObject({
      shop_client_id: SHOP_ID,
      bundle_client_id: bundle.bundle_client_id,
      user_client_id: account.user.user_client_id,
      pro_name: 'Aylık analiz',
      currency_amount_list: [{ currency_type: 0, amount: 149990 }],
      pro_start_date: '2025-03-01',
      pay_credit_card: true,
      organization_user_id: 'c0ffee00-0000-4000-8000-000000000007',
    });
    expect(callsTo('user_search')[0].body).toMatchObject({ search: 'meh' });
  });

  it('lets a shop administrator change the fields other staff only see', async () => {
    const [bundle] = seedBundles(1);
    storeSession({ authCodes: ['shop_admin'] });
    await startApp(`/kullanici-magaza-paket-urun-kaydi?shop_client_id=${SHOP_ID}&bundle_client_id=${bundle.bundle_client_id}`);
    const picker = await screen.findByRole('group', { name: /^Verilen yetki/ });
    expect(within(picker).getByLabelText('Ara: Verilen yetki')).toBeInTheDocument();
  });

  it('lets a holder of only shop_new open a new shop from the list', async () => {
    storeSession({ authCodes: ['shop_new'] });
    const user = userEvent.setup();
    await startApp('/kullanici-magaza-listesi');
    await user.click(await screen.findByRole('link', { name: 'Yeni kayıt' }));
    expect(await screen.findByLabelText(/^Mağaza adı/)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Kaydet' })).toBeInTheDocument();
  });

  it('shows a holder of only shop_new an existing shop read only', async () => {
    storeSession({ authCodes: ['shop_new'] });
    await startApp(`/kullanici-magaza-kaydi?shop_client_id=${SHOP_ID}`);
    expect(await screen.findByText('Bu kaydı görebilirsiniz ama değiştiremezsiniz.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `Mağaza: ${shop.shops[0].shop_name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kaydet' })).not.toBeInTheDocument();
  });

  it('shows the product details page read only, with the bundle products linked to their records', async () => {
    const [bundle] = seedBundles(1);
    shop.products.push({ pro_client_id: 'a1a1a1a1-0000-4000-8000-000000000001', bundle_client_id: bundle.bundle_client_id, shop_client_id: SHOP_ID, pro_name: 'Aylık analiz', pay_type: 'free', currency_amount_list: [{ currency_type: 0, amount: 149990 }, { currency_type: 1, amount: 4990 }], pro_status: 'active' });
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    await startApp(`/urun-detaylari?bundle_client_id=${bundle.bundle_client_id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Paket: Paket 0001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kaydet' })).not.toBeInTheDocument();
    // A details page has no list of its own: "back" leads to its shop's bundles.
    expect(screen.getByRole('link', { name: 'Listeye dön' })).toHaveAttribute('href', `/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);
    expect(screen.getByText('Paket adı', { selector: 'dt' }).nextSibling).toHaveTextContent('Paket 0001');
    expect(screen.getByText('Durum', { selector: 'dt' }).nextSibling).toHaveTextContent('Aktif');
    const products = screen.getByRole('table', { name: 'Ürünler' });
    const row = within(products).getByRole('row', { name: /Aylık analiz/ });
    // The price in the currency the user chose (lira by default), not every currency at once.
    expect(row).toHaveTextContent('₺1.499,90');
    expect(row).not.toHaveTextContent('$49,90');
    expect(within(row).getByRole('link', { name: 'Aylık analiz' })).toHaveAttribute(
      'href',
      `/kullanici-magaza-paket-urun-kaydi?shop_client_id=${SHOP_ID}&bundle_client_id=${bundle.bundle_client_id}&pro_client_id=a1a1a1a1-0000-4000-8000-000000000001`,
    );
    expect(callsTo('bundle_details')[0].body).toEqual({ bundle_client_id: bundle.bundle_client_id });
    // A related table has the column chooser of every table: a column turned off leaves its header.
    const section = screen.getByRole('heading', { name: 'Ürünler' }).closest('section')!;
    await userEvent.setup().click(within(section).getByText('Sütunlar'));
    const headers = () => within(products).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toContain('Ödeme türü');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Ödeme türü' }));
    expect(headers()).not.toContain('Ödeme türü');
    act(() => undefined);
  });
});
