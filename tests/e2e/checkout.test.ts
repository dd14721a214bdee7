// The buyer's journey of issue 10 in a real browser against the real server and database: a new user
// registers (approval code from the outbox) and signs in, puts the demo shop's Starter bundle in the cart (the
// API: the storefront's "Add to cart" is another branch's page), sees the top bar count, orders it approving
// its agreement in the dialog, pays with the test card 4242 4242 4242 4242 after a declined one, and finds it
// active with its 1,000 credits. The pages are checked at phone width too (nothing scrolls sideways, no raw
// id shown, axe finds nothing serious), and the card is nowhere in the browser's storage afterwards.
import { describe, expect, it } from 'vitest';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { chromiumAvailable, inProcessSuite, problemsOf, shownText, submitLogin } from './browser.ts';

const [STARTER] = shops.shops[0].bundle_list;

describe.runIf(chromiumAvailable())('the buyer\'s checkout in a browser', () => {
  const suite = inProcessSuite();

  it('register → sign in → cart → order with the agreement → a declined card, then 4242… → active with its credits', async () => {
    const errors: string[] = [];
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const url = suite.server.url();

    // Register and approve the address with the code from the outbox, then sign in.
    await page.goto(`${url}/kayit`);
    await page.getByLabel(/^Kullanıcı adı/).fill('ece.alici');
    await page.getByLabel(/^E-posta/).fill('ece@example.com');
    await page.getByLabel(/^Ad\b/).fill('Ece');
    await page.getByLabel(/^Soyad/).fill('Alıcı');
    await page.getByLabel(/^Cinsiyet/).selectOption('female');
    await page.getByLabel(/^Parola/).fill('ece.alici.parola.7');
    await page.getByLabel(/sözleşmesini okudum/).check();
    await page.getByRole('button', { name: 'Kayıt ol' }).click();
    await page.getByRole('heading', { name: 'E-postanızı kontrol edin' }).waitFor();
    const [mail] = await suite.server.db.query<{ text_body: string }>("select text_body from outbox where mail_to = 'ece@example.com'");
    const code = /\b(\d{6})\b/.exec(mail.text_body)![1];
    await page.goto(`${url}/kayit/onay`);
    await page.getByRole('textbox', { name: 'E-posta', exact: true }).fill('ece@example.com');
    await page.getByRole('textbox', { name: 'E-posta onay kodu' }).fill(code);
    await page.getByRole('button', { name: 'Onayla' }).click();
    await page.getByText(/E-posta adresiniz onaylandı/).waitFor();
    await submitLogin(page, url, 'ece.alici', 'ece.alici.parola.7');
    await page.waitForURL('**/anasayfa');

    // The demo shop's Starter bundle goes in the cart through the API, as the storefront's button would.
    const added = await page.evaluate(
      async ({ shop, bundle }) => {
        const token = JSON.parse(localStorage.getItem('token') ?? '{}').access_token;
        const user = JSON.parse(localStorage.getItem('user') ?? '{}').user_client_id;
        const res = await fetch('/v1/user/shopcart/bundle/add?__lang__v=0', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ shop_client_id: shop, bundle_client_id: bundle, user_client_id: user, add_bundle_count: 1 }),
        });
        return res.json();
      },
      { shop: STARTER.bundle.shop_client_id, bundle: STARTER.bundle.bundle_client_id },
    );
    expect(added.status_code).toBe('10000');

    // The top bar counts it once the tab is back in view; its link opens the cart.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const cartLink = page.getByRole('link', { name: 'Alışveriş sepeti: 1 paket' });
    await cartLink.waitFor();
    await cartLink.click();
    const shop = page.getByRole('region', { name: 'Sema Veri Mağazası' });
    await shop.getByRole('heading', { level: 3, name: 'Başlangıç Analiz Paketi' }).waitFor();
    expect(await shownText(shop)).toContain('₺648,90');

    // Order: the agreement must be approved; it is read in its dialog and approved there.
    await shop.getByRole('button', { name: 'Sipariş ver' }).click();
    const form = page.getByRole('form', { name: 'Sema Veri Mağazası siparişi' });
    await form.getByRole('button', { name: 'Siparişi ver · ₺648,90' }).click();
    await form.getByText('Lütfen sözleşmeleri okuyup onaylayın').waitFor();
    await form.getByRole('button', { name: 'Oku: Mesafeli Satış Sözleşmesi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mesafeli Satış Sözleşmesi' });
    await dialog.getByText(STARTER.agreement_list[0].agreement_text).waitFor();
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    expect(await form.getByRole('checkbox', { name: /Mesafeli Satış Sözleşmesi/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Siparişi ver · ₺648,90' }).click();
    await page.waitForURL('**/kullanici-alisverissepeti-odeme?order_client_id=*');
    await page.getByRole('link', { name: 'Alışveriş sepeti: 0 paket' }).waitFor();

    // The payment page at phone width: nothing scrolls sideways, no id shown.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '₺648,90 öde' }).waitFor();
    const problems = await problemsOf(page, 'payment (390 px)');

    // A declined card first: the bank's refusal beside the form, the order still waiting.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel(/^Kart üzerindeki isim/).fill('Ece Alıcı');
    await page.getByLabel(/^Kart numarası/).pressSequentially('4000000000000002');
    await page.getByLabel(/^Ay/).selectOption('12');
    await page.getByLabel(/^Yıl/).selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel(/^Güvenlik kodu/).fill('123');
    await page.getByRole('button', { name: '₺648,90 öde' }).click();
    await page.getByRole('alert').getByText('Banka kartı reddetti. Lütfen başka bir kart deneyin ya da havale ile ödeyin.').waitFor();

    // Then the test card that succeeds, typed with its spaces.
    await page.getByLabel(/^Kart numarası/).fill('');
    await page.getByLabel(/^Kart numarası/).pressSequentially('4242 4242 4242 4242');
    expect(await page.getByLabel(/^Kart numarası/).inputValue()).toBe('4242 4242 4242 4242');
    await page.getByText('Kart: Visa').waitFor();
    await page.getByRole('button', { name: '₺648,90 öde' }).click();
    await page.getByRole('heading', { level: 2, name: /Ödeme alındı/ }).waitFor();
    expect(await shownText(page.locator('main'))).toContain('son dört hanesi 4242 olan Visa kartla ödendi');
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + window.location.href);
    expect(kept).not.toContain('4242424242424242');
    expect(kept).not.toContain('4242 4242');

    // Active, with its credits: the balance and the product's uses left.
    await page.getByRole('link', { name: 'Aktif ürünlerimi göster' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aktif Ürünlerim' }).waitFor();
    const credits = page.getByRole('region', { name: 'Kredilerim' });
    await credits.getByText('1.000 kredi').waitFor();
    const bundle = page.getByRole('list', { name: 'Aktif paketler' });
    await bundle.getByRole('heading', { level: 3, name: 'Başlangıç Analiz Paketi' }).waitFor();
    expect(await shownText(bundle)).toContain('1.000 kredi');

    // The order is approved on the orders page, with nothing left to pay.
    await page.goto(`${url}/kullanici-alisverissepeti-paket-siparis`);
    const orders = page.getByRole('table', { name: 'Siparişlerim' });
    await orders.getByText('Ödeme onaylandı').waitFor();
    expect(await orders.getByRole('link', { name: /siparişi öde$/ }).count()).toBe(0);

    // The cart and the active products at phone width, in English too.
    await page.setViewportSize({ width: 390, height: 844 });
    // Measured once the page has taken its phone layout (the resize closes the menu and folds the filters).
    await page.locator('details.filter-panel').waitFor();
    problems.push(...(await problemsOf(page, 'orders (390 px)')));
    await page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
    await page.goto(`${url}/user-product-bundles-active`);
    await page.getByRole('region', { name: 'My credits' }).getByText('1,000 credits').waitFor();
    problems.push(...(await problemsOf(page, 'active products (390 px, English)')));
    await page.goto(`${url}/user-shoppingcart`);
    await page.getByText('Your cart is empty.').waitFor();
    problems.push(...(await problemsOf(page, 'empty cart (390 px, English)')));

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
