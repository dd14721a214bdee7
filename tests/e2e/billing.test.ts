// The buyer's bill in a real browser against the real server and database (issue 10): a buyer pays an order of
// the demo shop's Starter bundle by card (the API: the checkout journey has its own test), the shop's staff
// (the site's admin reaches every shop) bill it and approve it through the API, and the buyer opens Bills:
// the approved bill with its number and total, opened from the list; printed (print media) it is the invoice
// alone, without the top bar and the menu, on one A4 page; at phone width nothing scrolls sideways, no raw id
// is shown and axe finds nothing serious; in English the figures are written the English way.
import { describe, expect, it } from 'vitest';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, shownText, submitLogin } from './browser.ts';
import { linesFromPaid } from '../../src/domain/bill-sums.ts';

const [{ shop: SHOP, bundle_list: [STARTER] }] = shops.shops;
const PASSWORD = 'bora.alici.parola.5';

describe.runIf(chromiumAvailable())('the buyer\'s bill in a browser', () => {
  const suite = inProcessSuite();

  it('staff approve a bill of a paid order; the buyer finds it, opens it, prints it alone; it fits a phone and reads in English', async () => {
    const errors: string[] = [];
    const url = suite.server.url();
    const userIdOf = (page: import('playwright-core').Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').user_client_id as string);

    // The admin signs in and makes the buyer's account.
    const adminContext = await suite.browser.newContext();
    const admin = await adminContext.newPage();
    admin.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
    await submitLogin(admin, url, 'admin', E2E_ADMIN_PASSWORD);
    await admin.waitForURL('**/anasayfa');
    const made = await callApi(admin, '/v1/register/by/authorized_person', { username: 'bora.alici', mail: 'bora@example.com', firstname: 'Bora', lastname: 'Alıcı', gender: 'male', password: PASSWORD });
    expect(made.status_code, JSON.stringify(made)).toBe('10000');

    // The buyer signs in, orders the Starter bundle approving its agreement, and pays with the test card.
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await submitLogin(page, url, 'bora.alici', PASSWORD);
    await page.waitForURL('**/anasayfa');
    const buyerId = await userIdOf(page);
    const cart = await callApi(page, '/v1/user/shopcart/bundle/add', { shop_client_id: SHOP.shop_client_id, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: buyerId, add_bundle_count: 1 });
    const line = (cart.shopcart_list as { shopcart_bundle_client_id: string }[])[0].shopcart_bundle_client_id;
    const ordered = await callApi(page, '/v1/user/shopcart/bundle/product/order', {
      shop_client_id: SHOP.shop_client_id,
      user_client_id: buyerId,
      shopcart_bundle_client_id_list: [line],
      payment_method: 'credit_card',
      approved_agreement_list: [STARTER.agreement_list[0].agreement_client_id],
    });
    const orderId = (ordered.order as { order_client_id: string }).order_client_id;
    const card = { card_holder: 'Bora Alıcı', card_number: '4242424242424242', card_month: 12, card_year: new Date().getFullYear() + 2, card_cvv: '123' };
    const paid = await callApi(page, '/v1/user/shopcart/bundle/payment/record', { user_client_id: buyerId, order_client_id: orderId, payment_method: 'credit_card', card });
    expect(paid.order_status, JSON.stringify(paid)).toBe('payment_approved');

    // The shop's staff bill what was paid (499,00 + 149,90 with 20 % tax in it: net 540,75, tax 108,15, total 648,90) and approve it.
    const adminId = await userIdOf(admin);
    const items = linesFromPaid(
      STARTER.product_list.map((p) => ({ pro_client_id: p.pro_client_id, pro_name: p.pro_name, amount: p.currency_amount_list.find((c) => c.currency_type === 0)!.amount })),
      20,
    );
    const billed = await callApi(admin, '/v1/user/bill/new', {
      shop_client_id: SHOP.shop_client_id,
      user_client_id: adminId,
      order_client_id: orderId,
      bill_date: new Date().toISOString(),
      shop_address: SHOP.shop_address,
      shop_tax_number: SHOP.shop_tax_number,
      shop_tax_office: SHOP.shop_tax_office,
      product_items: items,
      tax_rate_percent: 20,
      total_price: 64890,
    });
    expect(billed.status_code, JSON.stringify(billed)).toBe('10000');
    const billId = (billed.bill as { bill_client_id: string }).bill_client_id;
    const approved = await callApi(admin, '/v1/user/bill/approve', { shop_client_id: SHOP.shop_client_id, user_client_id: adminId, bill_client_id: billId });
    expect(approved.status_code, JSON.stringify(approved)).toBe('10000');
    const number = `${new Date().getUTCFullYear()}-000001`;

    // The buyer's Bills page lists it with its number and total; its number opens it.
    await page.goto(`${url}/kullanici-fatura`);
    const list = page.getByRole('table', { name: 'Faturalarım' });
    const row = list.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await shownText(row)).toContain('₺648,90');
    expect(await shownText(row)).toContain('Sema Veri Mağazası');
    await list.getByRole('link', { name: `${number} numaralı faturayı aç` }).click();
    await page.waitForURL(`**/kullanici-fatura?bill=${billId}`);
    const invoice = page.getByRole('article', { name: `${number} numaralı fatura` });
    await invoice.waitFor();
    const shown = await shownText(invoice);
    for (const text of ['Sema Veri Mağazası', SHOP.shop_address, 'Vergi dairesi: Kadıköy', 'Bora Alıcı', 'Analiz Kredisi 1.000', '₺540,75', '₺108,15', '₺648,90', number]) expect(shown).toContain(text);

    // Printed: the invoice alone, without the top bar, the menu, the page's title, links and buttons, on one A4 page.
    const topBar = page.locator('.topbar');
    const menu = page.locator('.sidebar');
    expect(await topBar.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await topBar.isVisible()).toBe(false);
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Yazdır' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Tüm faturalar' }).isVisible()).toBe(false);
    expect(await invoice.isVisible()).toBe(true);
    expect(await shownText(page.locator('body'))).toContain('₺648,90');
    const colours = await invoice.evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]);
    expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    // At phone width, the bill and the list: nothing scrolls sideways, no id shown, nothing serious for axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.app[data-device="mobile"]').waitFor();
    const problems = await problemsOf(page, 'bill (390 px)');
    const table = await page.locator('.invoice-lines').evaluate((t) => t.scrollWidth - t.clientWidth);
    expect(table).toBeLessThanOrEqual(1);
    await page.getByRole('link', { name: 'Tüm faturalar' }).click();
    await page.getByRole('list', { name: 'Faturalarım' }).getByText(number).waitFor();
    problems.push(...(await problemsOf(page, 'bills (390 px)')));

    // In English, the same bill from its link, its figures written the English way.
    await page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
    await page.goto(`${url}/user-billing?bill=${billId}`);
    const english = page.getByRole('article', { name: `Invoice ${number}` });
    await english.waitFor();
    const englishText = await shownText(english);
    for (const text of ['Subtotal (excl. VAT)', '₺540.75', 'VAT (20%)', '₺108.15', '₺648.90', 'Tax office: Kadıköy']) expect(englishText).toContain(text);
    problems.push(...(await problemsOf(page, 'bill (390 px, English)')));

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});
