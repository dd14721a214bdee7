
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { atPhoneWidth, callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, registerUser, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';

const [{ shop: SHOP, bundle_list: [, LEARNING] }] = shops.shops;
const BUYER = { username: 'kerem.alici', password: 'kerem.alici.parola.3', mail: 'kerem@example.com', firstname: 'Kerem', lastname: 'Alıcı' };
const SHOTS = shotsFolder('transfer');
const WIDE = { width: 1280, height: 800 };

/** Today as the date fields take it in Turkish (dd.mm.yyyy). */
const todayTr = () => {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
};

async function shot(page: Page, name: string): Promise<void> {
  await saveShot(page, SHOTS, name);
}

describe.runIf(chromiumAvailable())('an order paid by transfer in a browser', () => {
  const suite = inProcessSuite();

  it('the buyer orders and reports a transfer; the staff approve it once (sent twice at once) and bill it; the buyer sees it active and billed', async () => {
    const url = suite.server.url();
    await registerUser(suite.server, BUYER);
    const buyer = await signedIn(suite.browser, url, BUYER.username, BUYER.password);
    const problems: string[] = [];

    // The bundle goes into the cart (as the storefront's button would), then the cart orders it by transfer.
    const added = await callApi(buyer.page, '/v1/user/shopcart/bundle/add', { shop_client_id: SHOP.shop_client_id, bundle_client_id: LEARNING.bundle.bundle_client_id, add_bundle_count: 1 }, 0, true);
    expect(added.status_code).toBe('10000');
    await buyer.page.goto(`${url}/kullanici-alisverissepeti`);
    const shop = buyer.page.getByRole('region', { name: SHOP.shop_name });
    await shop.getByRole('heading', { level: 3, name: LEARNING.bundle.bundle_name }).waitFor();
    await buyer.page.waitForLoadState('networkidle');
    await shop.getByRole('button', { name: 'Sipariş ver' }).click();
    const form = buyer.page.getByRole('form', { name: `${SHOP.shop_name} siparişi` });
    // By keyboard: the form scrolls into view as it opens.
    await form.getByRole('radio', { name: 'Havale / EFT' }).focus();
    await buyer.page.keyboard.press('Space');
    expect(await form.getByRole('radio', { name: 'Havale / EFT' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: /^Siparişi ver · / }).click();
    await buyer.page.waitForURL('**/kullanici-alisverissepeti-odeme?order_client_id=*');
    const orderId = new URL(buyer.page.url()).searchParams.get('order_client_id')!;

    // The transfer report: the shop's bank accounts, then who sent it, when, and its description.
    await buyer.page.getByRole('list', { name: `${SHOP.shop_name} banka hesapları` }).waitFor();
    await buyer.page.getByLabel(/^Gönderenin adı/).fill('Kerem Alıcı');
    await buyer.page.getByLabel(/^Havale tarihi/).fill(todayTr());
    await buyer.page.getByLabel(/^Havale açıklaması/).fill('SIPARIS KEREM');
    await buyer.page.getByRole('button', { name: 'Havale bildirimini gönder' }).click();
    await buyer.page.getByRole('heading', { level: 2, name: /Havale bildirimi gönderildi/ }).waitFor();
    // Opened again, the page shows the report and corrects it.
    await buyer.page.reload();
    await buyer.page.getByText(/Kerem Alıcı adına bir havale bildirdiniz/).waitFor();
    await buyer.page.getByLabel(/^Havale açıklaması/).fill('SIPARIS KEREM 2');
    await buyer.page.getByRole('button', { name: 'Bildirimi güncelle' }).click();
    await buyer.page.getByRole('heading', { level: 2, name: /Havale bildirimi gönderildi/ }).waitFor();
    expect(await suite.server.db.query('select 1 from payment where order_client_id = $1', [orderId])).toHaveLength(1);

    // The staff open the order from the shop's order list: the buyer, the state, the report.
    const staff = await signedIn(suite.browser, url, 'admin', E2E_ADMIN_PASSWORD);
    await staff.page.goto(`${url}/kullanici-magaza-siparis-listesi?shop_client_id=${SHOP.shop_client_id}`);
    const row = staff.page.getByRole('row').filter({ hasText: BUYER.username });
    await row.getByRole('link').click();
    await staff.page.waitForURL('**/kullanici-magaza-siparis-detaylari?*');
    await staff.page.getByRole('heading', { level: 1, name: new RegExp(`— ${BUYER.username}$`) }).waitFor();
    const steps = staff.page.getByRole('region', { name: 'Yapılacaklar' });
    await steps.getByText(/Kerem Alıcı adına bir havale bildirdi/).waitFor();
    expect(await steps.getByLabel(/^Hesap özetindeki açıklama/).inputValue()).toBe('SIPARIS KEREM 2');
    await shot(staff.page, 'staff-order-tr-1280');

    // Short of the total: refused, nothing moves.
    const received = steps.getByLabel(/^Gelen tutar/);
    const total = await received.inputValue();
    await received.fill('10,00');
    await steps.getByRole('button', { name: 'Ödemeyi onayla' }).click();
    await steps.getByText(/Alınan tutar \(₺10,00\) sipariş toplamını .* karşılamıyor/).waitFor();

    // The whole amount, approved on the page while the same approval goes through the API: activated once.
    await received.fill(total);
    const [viaApi] = await Promise.all([
      callApi(staff.page, '/v1/user/shop/order/status/change', { shop_client_id: SHOP.shop_client_id, order_client_id: orderId, order_event: 'approve', transfer_reference: 'SIPARIS KEREM 2', received_amount: Number(total.replace(/\D/g, '')) }, 0, true),
      steps.getByRole('button', { name: 'Ödemeyi onayla' }).click(),
    ]);
    expect(viaApi.status_code).toBe('10000');
    await steps.getByText(/Ödeme onaylandı, paketler etkin\.|Sipariş tüm adımlarını tamamladı|Gönderildi olarak işaretle/).first().waitFor();
    const approvals = await suite.server.db.query("select 1 from order_event where order_client_id = $1 and event = 'approve'", [orderId]);
    expect(approvals).toHaveLength(1);
    const lines = await suite.server.db.query<{ s: string }>('select shopcart_bundle_status as s from shopcart_bundle where order_client_id = $1', [orderId]);
    expect(lines.map((l) => l.s)).toEqual(['active']);

    // The bill: made from what was paid with the shop's details, then approved with the next number.
    await staff.page.reload();
    const bill = staff.page.getByRole('region', { name: 'Fatura' });
    await expect.poll(() => bill.getByLabel(/^Vergi dairesi/).inputValue()).toBe(SHOP.shop_tax_office);
    await bill.getByRole('button', { name: 'Faturayı kes' }).click();
    await bill.getByRole('button', { name: 'Faturayı onayla' }).click();
    await staff.page.getByRole('alertdialog', { name: 'Bu fatura onaylansın mı?' }).getByRole('button', { name: 'Faturayı onayla' }).click();
    await bill.getByText(/numaralı fatura onaylandı/).waitFor();
    const billNumber = /(\d{4}-\d{6})/.exec(await shownText(bill))![1];
    await shot(staff.page, 'staff-order-billed-tr-1280');

    // The staff's page at phone width, in Turkish and English.
    await atPhoneWidth(staff.page);
    await staff.page.getByRole('region', { name: 'Yapılacaklar' }).waitFor();
    problems.push(...(await problemsOf(staff.page, 'staff order (390 px)')));
    await shot(staff.page, 'staff-order-tr-390');
    await staff.page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
    await staff.page.getByRole('region', { name: 'What to do with it' }).waitFor();
    problems.push(...(await problemsOf(staff.page, 'staff order (390 px, English)')));
    await shot(staff.page, 'staff-order-en-390');
    await staff.page.setViewportSize(WIDE);
    await shot(staff.page, 'staff-order-en-1280');

    // The buyer: the bundle active, the order's history with the staff's approval, the bill among the bills.
    await buyer.page.goto(`${url}/kullanici-urun-paketleri-aktif`);
    await buyer.page.getByRole('list', { name: 'Aktif paketler' }).getByRole('heading', { level: 3, name: LEARNING.bundle.bundle_name }).waitFor();
    await buyer.page.goto(`${url}/kullanici-alisverissepeti-paket-siparis`);
    await buyer.page.getByRole('button', { name: /^Ayrıntılar: .* tarihli sipariş$/ }).click();
    const dialog = buyer.page.getByRole('dialog', { name: /tarihli sipariş$/ });
    await dialog.getByText('Mağaza çalışanı (admin)').first().waitFor();
    expect(await shownText(dialog)).toContain('SIPARIS KEREM 2');
    await shot(buyer.page, 'buyer-order-tr-1280');
    await atPhoneWidth(buyer.page);
    problems.push(...(await problemsOf(buyer.page, 'buyer order dialog (390 px)')));
    await shot(buyer.page, 'buyer-order-tr-390');
    await dialog.getByRole('link', { name: 'Faturayı gör' }).click();
    await buyer.page.waitForURL('**/kullanici-fatura?bill=*');
    await buyer.page.getByText(billNumber).first().waitFor();

    expect(problems).toEqual([]);
    expect([...buyer.errors, ...staff.errors]).toEqual([]);
    await buyer.close();
    await staff.close();
  });
});
