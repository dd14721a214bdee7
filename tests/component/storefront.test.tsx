// The storefront a visitor uses (issue 10): the shop window (/magaza, /shop) and the campaigns page as cards in
// the reader's language and chosen currency, with search, filters, sorts and pages; a bundle's page with its
// products, agreements and "Add to cart"; signing in from it and coming back; the empty, loading and error
// states. Against the fake shop window of tests/component/support/storefront.ts (the demo seed).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, CAPTCHA_CODE, PASSWORD, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { addBundles, callsOf, FREE_TRIAL, MACHINE_LEARNING, SEED_SHOP, STARTER, storefront } from './support/storefront';

const cards = () => screen.getAllByRole('article').filter((a) => a.classList.contains('bundle-card'));
const cardNamed = (name: string) => cards().find((c) => within(c).queryByRole('heading', { name }))!;
const cardNames = () => cards().map((c) => within(c).getByRole('heading').textContent);
const lastWindowCall = () => callsOf('bundle_and_product_list_active').at(-1)!;
const english = () => localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
const dollars = () => localStorage.setItem('user_currency_type', '1');

/** Words that must never reach a visitor: the contract's codes and the enumerations' values. */
const RAW = /\b(one_time|periodic|per_usage|monthly|per_period|unlimited|activation|consulting|urgent|automatic|manual|priority|bundle_client_id)\b|[0-9a-f]{8}-[0-9a-f]{4}-/;

describe('the shop window', () => {
  it('shows the bundles on sale as cards in Turkish, priced in lira', async () => {
    await startApp('/magaza');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mağaza' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    // Recommended first: the bundles by priority (high, normal, low).
    expect(cardNames()).toEqual(['Başlangıç Analiz Paketi', 'Makine Öğrenmesi Paketi', 'Ücretsiz Deneme']);
    expect(screen.getByRole('status')).toHaveTextContent('3 paket bulundu.');

    const starter = within(cardNamed('Başlangıç Analiz Paketi'));
    expect(starter.getByText('Sema Veri Mağazası')).toBeInTheDocument();
    expect(starter.getByText('Kampanya')).toBeInTheDocument();
    expect(starter.getByText('5 veri projesi')).toBeInTheDocument();
    expect(starter.getByText('Analiz Kredisi 1.000')).toBeInTheDocument();
    expect(starter.getByText('₺499,00 tek seferlik')).toBeInTheDocument();
    expect(starter.getByText('1.000 kredi')).toBeInTheDocument();
    expect(starter.getByText('aylık ₺149,90')).toBeInTheDocument();
    expect(starter.getByText('Sınırsız kullanım')).toBeInTheDocument();
    // The bundle's price: the sum of its products' prices, the monthly one for its first month.
    expect(starter.getByText('₺648,90')).toBeInTheDocument();
    expect(starter.getByText('Dönemsel ödenen ürünlerin ilk dönemi dahil')).toBeInTheDocument();
    expect(starter.getByRole('link', { name: 'Başlangıç Analiz Paketi' })).toHaveAttribute('href', `/magaza/paket?bundle_client_id=${STARTER}`);

    const ml = within(cardNamed('Makine Öğrenmesi Paketi'));
    expect(ml.getByText('₺1.499,00 · kullanım başına ödeme')).toBeInTheDocument();
    expect(ml.getByText('ayda 10.000 istek')).toBeInTheDocument();
    expect(ml.queryByText('Kampanya')).toBeNull();
    expect(within(cardNamed('Ücretsiz Deneme')).getAllByText('Ücretsiz')).toHaveLength(2);

    // The window was asked for bundles priced in lira, recommended first, twelve to a page.
    expect(lastWindowCall().body).toEqual({ currency_type: 0, sort: 'priority', page: 1, page_size: 12 });
    expect(screen.getByRole('main').textContent).not.toMatch(RAW);
  });

  it('follows the currency chosen in the top bar (dollars) and the language (English)', async () => {
    const user = userEvent.setup();
    await startApp('/magaza');
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.selectOptions(within(screen.getByRole('banner')).getByLabelText('Para birimi'), '$ USD');
    await waitFor(() => expect(within(cardNamed('Başlangıç Analiz Paketi')).getByText('$24,90')).toBeInTheDocument());
    expect(lastWindowCall().body).toMatchObject({ currency_type: 1 });
    expect(lastWindowCall().query.get('__user__currency__type')).toBe('1');
    expect(within(cardNamed('Başlangıç Analiz Paketi')).getByText('$19,00 tek seferlik')).toBeInTheDocument();

    await user.selectOptions(within(screen.getByRole('banner')).getByLabelText('Dil'), 'English');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/shop'));
    const starter = within(await waitFor(() => cardNamed('Starter Analytics')));
    expect(starter.getByText('$24.90')).toBeInTheDocument();
    expect(starter.getByText('$19.00 one-time')).toBeInTheDocument();
    expect(starter.getByText('$5.90 a month')).toBeInTheDocument();
    expect(starter.getByText('1,000 credits')).toBeInTheDocument();
    expect(starter.getByText('5 data projects')).toBeInTheDocument();
    expect(starter.getByText('Campaign')).toBeInTheDocument();
    expect(within(cardNamed('Machine Learning')).getByText('10,000 requests a month')).toBeInTheDocument();
    expect(within(cardNamed('Free Trial')).getByText('100 credits')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 bundles found.');
    expect(screen.getByRole('main').textContent).not.toMatch(RAW);
    expect(screen.getByRole('main').textContent).not.toMatch(/Mağaza\b|Paket|kredi/);
  });

  it('searches, filters by type of service and sorts by price, keeping it all in the address', async () => {
    const user = userEvent.setup();
    await startApp('/magaza');
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.selectOptions(screen.getByLabelText('Sırala'), 'Fiyat: önce en düşük');
    await waitFor(() => expect(cardNames()).toEqual(['Ücretsiz Deneme', 'Başlangıç Analiz Paketi', 'Makine Öğrenmesi Paketi']));
    expect(lastWindowCall().body).toMatchObject({ sort: 'price', currency_type: 0 });
    await user.selectOptions(screen.getByLabelText('Sırala'), 'Fiyat: önce en yüksek');
    await waitFor(() => expect(cardNames()).toEqual(['Makine Öğrenmesi Paketi', 'Başlangıç Analiz Paketi', 'Ücretsiz Deneme']));

    await user.selectOptions(screen.getByLabelText('Hizmet türü'), 'Ürünü etkinleştirme');
    await waitFor(() => expect(cardNames()).toEqual(['Başlangıç Analiz Paketi', 'Ücretsiz Deneme']));
    expect(lastWindowCall().body).toMatchObject({ task_type: 'activation', sort: '-price' });

    // A product's name finds its bundle, in either language.
    await user.type(screen.getByRole('searchbox', { name: 'Paket veya ürün ara' }), 'credits');
    await user.click(screen.getByRole('button', { name: 'Ara' }));
    await waitFor(() => expect(cardNames()).toEqual(['Başlangıç Analiz Paketi', 'Ücretsiz Deneme']));
    expect(lastWindowCall().body).toMatchObject({ search: 'credits', task_type: 'activation' });
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'deneme{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Ücretsiz Deneme']));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('deneme');
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('-price');

    // No bundle matches: said so, with a way back.
    await user.selectOptions(screen.getByLabelText('Hizmet türü'), 'Danışmanlık');
    expect(await screen.findByText('Aramanıza ve filtrelerinize uyan paket yok.')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Aramayı ve filtreleri temizle' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    // The sort stays: it is not a filter.
    expect(cardNames()[0]).toBe('Makine Öğrenmesi Paketi');
  });

  it('filters by shop when there are several, and names each card\'s shop', async () => {
    const other = { ...SEED_SHOP, shop_client_id: 'a0000000-0000-4000-8000-000000000001', shop_name: 'Anadolu Veri' };
    storefront.shops.push(other);
    addBundles(1, other.shop_client_id);
    const user = userEvent.setup();
    await startApp('/magaza');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(within(cardNamed('Ek Paket 01')).getByText('Anadolu Veri')).toBeInTheDocument();
    const choice = screen.getByRole('combobox', { name: 'Mağaza' });
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tüm mağazalar', 'Anadolu Veri', 'Sema Veri Mağazası']);
    await user.selectOptions(choice, 'Anadolu Veri');
    await waitFor(() => expect(cardNames()).toEqual(['Ek Paket 01']));
    expect(lastWindowCall().body).toMatchObject({ shop_client_id: other.shop_client_id });
  });

  it('pages through the bundles on the server, and opens a card with the keyboard', async () => {
    addBundles(11);
    const user = userEvent.setup();
    await startApp('/magaza');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const pager = screen.getByRole('navigation', { name: 'Sayfalar' });
    expect(pager).toHaveTextContent('Sayfa 1 / 2');
    await user.click(within(pager).getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(lastWindowCall().body).toMatchObject({ page: 2, page_size: 12 });
    expect(pager).toHaveTextContent('Sayfa 2 / 2');
    await waitFor(() => expect(screen.getByText('14 paket bulundu.')).toHaveFocus());

    // Tab reaches each card's one link; Enter opens the bundle's page.
    const first = within(cards()[0]).getByRole('link');
    while (document.activeElement !== first) await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: first.textContent! })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/magaza/paket');
  });

  it('says when nothing is on sale', async () => {
    storefront.bundles = [];
    await startApp('/magaza');
    expect(await screen.findByText('Şu anda satışta paket yok. Lütfen daha sonra yeniden bakın.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aramayı ve filtreleri temizle' })).toBeNull();
  });

  it('shows a failure of the window with the reason and a retry', async () => {
    storefront.failures.bundle_and_product_list_active = 'internal_error';
    const user = userEvent.setup();
    await startApp('/magaza');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Paketler yüklenemedi.');
    expect(alert).toHaveTextContent('Bizim tarafımızda bir sorun oluştu.');
    expect(cards()).toHaveLength(0);
    delete storefront.failures.bundle_and_product_list_active;
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "loading" until the first answer comes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { server } = await import('./support/server');
    const { http } = await import('msw');
    server.use(http.post('*/v1/bundle/and/product/list/active', async () => {
      await gate;
      return undefined;
    }));
    await startApp('/magaza');
    expect(await screen.findByText('Paketler yükleniyor…')).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});

describe('the campaigns page', () => {
  it('shows the bundles the shops feature (priority urgent or high), linked from the shop', async () => {
    const user = userEvent.setup();
    await startApp('/magaza');
    await user.click(await screen.findByRole('link', { name: 'Kampanyaları gör' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kampanyalar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/kampanyalar');
    await waitFor(() => expect(cardNames()).toEqual(['Başlangıç Analiz Paketi']));
    expect(lastWindowCall().body).toMatchObject({ priority_list: ['urgent', 'high'], currency_type: 0 });
    expect(screen.getByRole('link', { name: 'Tüm paketleri gör' })).toHaveAttribute('href', '/magaza');
  });

  it('says when there is no campaign, in English too', async () => {
    english();
    storefront.bundles = storefront.bundles.filter((b) => b.bundle.bundle_client_id !== STARTER);
    await startApp('/campaigns');
    expect(await screen.findByText('There are no bundles in a campaign right now.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'See every bundle' })[0]).toHaveAttribute('href', '/shop');
  });
});

describe("a bundle's page", () => {
  async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText(/^Kullanıcı adı/), account.user.username);
    await user.type(screen.getByLabelText(/^Parola/), PASSWORD);
    await user.type(await screen.findByLabelText(/^Resimdeki karakterler/), CAPTCHA_CODE);
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
  }

  it('shows the bundle, its products and agreements to a visitor, and sends them to sign in and back on "Add to cart"', async () => {
    const user = userEvent.setup();
    await startApp(`/magaza/paket?bundle_client_id=${STARTER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Satıcı: Sema Veri Mağazası')).toBeInTheDocument();
    expect(within(main.getByRole('navigation', { name: 'Bulunduğunuz yer' })).getByRole('link', { name: 'Mağaza' })).toHaveAttribute('href', '/magaza');
    const products = within(main.getByRole('region', { name: 'Paketteki ürünler' }));
    expect(products.getByRole('heading', { level: 3, name: 'Analiz Kredisi 1.000' })).toBeInTheDocument();
    expect(products.getByText('Veri projelerinizde istatistik ve sorgular için 1.000 kredi.')).toBeInTheDocument();
    expect(products.getByText('₺499,00 tek seferlik')).toBeInTheDocument();
    expect(products.getByText('Ödeme onaylanınca hazır')).toBeInTheDocument();
    expect(products.getByText('Kredi kartı, Havale / EFT')).toBeInTheDocument();
    expect(products.getByText('Ekip tarafından hazırlanır')).toBeInTheDocument();
    const agreements = within(main.getByRole('region', { name: 'Sözleşmeler' }));
    expect(agreements.getByText('Onay gerekli')).toBeInTheDocument();
    await user.click(agreements.getByText('Mesafeli Satış Sözleşmesi'));
    expect(agreements.getByText('Bu sözleşme Sema Veri Mağazası ile alıcı arasındaki satışı düzenler.')).toBeVisible();
    const buy = within(main.getByRole('complementary', { name: 'Satın al' }));
    expect(buy.getByText('₺648,90')).toBeInTheDocument();
    expect(buy.getByText(/giriş yapmanız istenecek/)).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(RAW);

    // A quantity outside 1–1000 is refused at the field.
    await user.clear(buy.getByLabelText('Adet'));
    await user.type(buy.getByLabelText('Adet'), '0');
    await user.click(buy.getByRole('button', { name: 'Sepete ekle' }));
    expect(buy.getByLabelText('Adet')).toHaveAccessibleDescription(expect.stringContaining('1 ile 1000 arasında bir adet yazın.'));
    expect(buy.getByLabelText('Adet')).toHaveFocus();
    expect(window.location.pathname).toBe('/magaza/paket');

    await user.clear(buy.getByLabelText('Adet'));
    await user.type(buy.getByLabelText('Adet'), '2');
    await user.click(buy.getByRole('button', { name: 'Sepete ekle' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('new_url')).toBe(`/magaza/paket?bundle_client_id=${STARTER}&count=2`);
    expect(callsOf('user_shopcart_bundle_add')).toHaveLength(0);

    // Signed in, back on the same bundle with the quantity kept; now it goes into the cart.
    await fillLogin(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Başlangıç Analiz Paketi' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe(`/magaza/paket?bundle_client_id=${STARTER}&count=2`);
    const back = within(screen.getByRole('complementary', { name: 'Satın al' }));
    expect(back.getByLabelText('Adet')).toHaveValue(2);
    expect(back.queryByText(/giriş yapmanız istenecek/)).toBeNull();
    await user.click(back.getByRole('button', { name: 'Sepete ekle' }));
    const done = await back.findByRole('status');
    expect(done).toHaveTextContent('Başlangıç Analiz Paketi sepetinize eklendi (2 adet).');
    expect(done).toHaveFocus();
    expect(within(done).getByRole('link', { name: 'Sepete git' })).toHaveAttribute('href', '/kullanici-alisverissepeti');
    expect(callsOf('user_shopcart_bundle_add').map((c) => c.body)).toEqual([
      { shop_client_id: SEED_SHOP.shop_client_id, bundle_client_id: STARTER, user_client_id: account.user.user_client_id, add_bundle_count: 2 },
    ]);
  });

  it('adds to the cart of a signed-in buyer in English and dollars, and shows a refusal', async () => {
    english();
    dollars();
    storeSession();
    const user = userEvent.setup();
    await startApp(`/shop/bundle?bundle_client_id=${MACHINE_LEARNING}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Machine Learning' })).toBeInTheDocument();
    const buy = within(screen.getByRole('complementary', { name: 'Buy' }));
    expect(buy.getByText('$88.00')).toBeInTheDocument();
    expect(screen.getByText('$29.00 a month')).toBeInTheDocument();
    expect(screen.getByText('10 training runs')).toBeInTheDocument();
    expect(screen.getByText('This bundle has no agreement.')).toBeInTheDocument();

    await user.click(buy.getByRole('button', { name: 'Add to cart' }));
    expect(await buy.findByRole('status')).toHaveTextContent('Machine Learning was added to your cart (1 item).');
    expect(within(buy.getByRole('status')).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/user-shoppingcart');

    storefront.failures.user_shopcart_bundle_add = 'internal_error';
    await user.click(buy.getByRole('button', { name: 'Add to cart' }));
    expect(await buy.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(buy.queryByRole('status')).toBeNull();
  });

  it('says a bundle not on sale cannot be bought', async () => {
    storefront.bundles.find((b) => b.bundle.bundle_client_id === FREE_TRIAL)!.bundle.bundle_status = 'passive';
    await startApp(`/magaza/paket?bundle_client_id=${FREE_TRIAL}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ücretsiz Deneme' })).toBeInTheDocument();
    expect(screen.getByText('Bu paket şu anda satışta değil; sepete eklenemez.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sepete ekle' })).toBeNull();
  });

  it('says an unknown bundle was not found, and a failed load can be tried again', async () => {
    const user = userEvent.setup();
    await startApp('/magaza/paket?bundle_client_id=00000000-0000-4000-8000-000000000099');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu paket bulunamadı.');
    expect(screen.getAllByRole('link', { name: 'Tüm paketleri gör' })[0]).toHaveAttribute('href', '/magaza');

    storefront.failures.bundle_details = 'internal_error';
    await user.click(screen.getAllByRole('link', { name: 'Tüm paketleri gör' })[0]);
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cardNamed('Ücretsiz Deneme')).getByRole('link'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paket yüklenemedi.');
    delete storefront.failures.bundle_details;
    await user.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ücretsiz Deneme' })).toBeInTheDocument();
  });
});

describe("the shop site's home page (a website unit of content kind shop_highlights)", () => {
  it('shows its text and the first bundles as cards, linked to the shop and the campaigns', async () => {
    await startApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/anasayfa');
    expect(screen.getByText(/Sema'ya hoş geldiniz/)).toBeInTheDocument();
    const featured = within(screen.getByRole('region', { name: 'Öne çıkan paketler' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(featured.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Başlangıç Analiz Paketi', 'Makine Öğrenmesi Paketi', 'Ücretsiz Deneme']);
    expect(featured.getByText('₺648,90')).toBeInTheDocument();
    expect(featured.getByRole('link', { name: 'Mağazadaki tüm paketler' })).toHaveAttribute('href', '/magaza');
    expect(featured.getByRole('link', { name: 'Kampanyaları gör' })).toHaveAttribute('href', '/kampanyalar');
    expect(lastWindowCall().body).toEqual({ currency_type: 0, sort: 'priority', page: 1, page_size: 3 });
  });

  it('reads in English and dollars, and shows a failure with a retry', async () => {
    english();
    dollars();
    storefront.failures.bundle_and_product_list_active = 'internal_error';
    const user = userEvent.setup();
    await startApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to Sema/)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The featured bundles could not be loaded.');
    delete storefront.failures.bundle_and_product_list_active;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(cardNamed('Starter Analytics')).getByText('$24.90')).toBeInTheDocument();
    expect(lastWindowCall().body).toMatchObject({ currency_type: 1 });
  });

  it('says when the shop has nothing on sale', async () => {
    storefront.bundles = [];
    await startApp('/');
    expect(await screen.findByText('Mağazada şu anda satışta paket yok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mağazadaki tüm paketler' })).toBeInTheDocument();
  });
});
