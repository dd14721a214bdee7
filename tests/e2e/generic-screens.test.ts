// The shop-management pages as generic screens in a real browser, against the real server: the admin adds a
// user to the demo shop's staff through the generic shop record; that user, holding only
// shop_bundle_add_edit, creates a bundle and a product through the generic list and record screens and sets
// the bundle active, then passive; a user without the auth is refused by the page and by the suite.server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, shownText, submitLogin } from './browser.ts';

const SHOP_ID = '4a8f3ee7-7ad5-4a3b-a0ac-e769781ad817'; // fixtures/seed/shops.json
const PASSWORD = 'selin.parola.1';

describe.runIf(chromiumAvailable())('shop management through generic screens', () => {
  const suite = inProcessSuite();

  async function logIn(page: Page, username: string, password: string) {
    await submitLogin(page, suite.server.url(), username, password);
    await page.waitForURL('**/anasayfa');
  }

  it('a bundle editor creates a bundle and a product and sets the bundle passive; others are refused', async () => {
    const errors: string[] = [];
    const adminContext = await suite.browser.newContext();
    const admin = await adminContext.newPage();
    admin.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
    await logIn(admin, 'admin', E2E_ADMIN_PASSWORD);

    // Two users: selin (who will edit bundles) and mert (no shop auth).
    for (const [username, firstname] of [
      ['selin.kaya', 'Selin'],
      ['mert.demir', 'Mert'],
    ]) {
      const made = await callApi(admin, '/v1/register/by/authorized_person', { username, mail: `${username}@example.com`, firstname, lastname: 'Test', gender: 'female', password: PASSWORD });
      expect(made.status_code, JSON.stringify(made)).toBe('10000');
    }
    // selin gets shop_bundle_add_edit (the authority page, as an admin does it).
    await admin.goto(`${suite.server.url()}/yetki-yonetim`);
    const assign = admin.getByRole('form', { name: 'Yetki ata' });
    await assign.getByLabel(/^Yetki/).selectOption({ label: 'Paket ekleme ve düzenleme' });
    await assign.getByLabel(/^Kullanıcı bul/).fill('selin');
    await assign.getByRole('button', { name: 'Ara' }).click();
    await assign.getByRole('button', { name: /selin\.kaya/ }).click();
    await assign.getByRole('button', { name: 'Ata' }).click();
    await admin.getByText(/selin\.kaya kullanıcısına atandı/).waitFor();

    // The admin adds selin to the demo shop's staff on the generic shop record.
    await admin.goto(`${suite.server.url()}/kullanici-magaza-listesi`);
    await admin.getByRole('table', { name: 'Mağazalarım' }).getByRole('link', { name: 'Sema Veri Mağazası', exact: true }).click();
    await admin.waitForURL(`**/kullanici-magaza-kaydi?shop_client_id=${SHOP_ID}`);
    const staff = admin.getByRole('group', { name: /^Mağaza çalışanları/ });
    await staff.getByRole('button', { name: 'Çalışan ekle' }).click();
    const picker = staff.getByRole('group', { name: /^Kullanıcı: seçilmedi/ });
    await picker.getByLabel('Ara: Kullanıcı').fill('selin');
    await picker.getByRole('button', { name: /selin\.kaya/ }).click();
    await admin.getByRole('button', { name: 'Kaydet' }).click();
    await admin.getByText('Kaydedildi.').waitFor();
    const [member] = await suite.server.db.query<{ n: number }>(
      "select count(*)::int as n from shop_member m join app_user u on u.user_id = m.user_id where m.shop_client_id = $1 and u.username = 'selin.kaya'",
      [SHOP_ID],
    );
    expect(member.n).toBe(1);

    // selin: shop list → the shop's bundles → new bundle.
    const selinContext = await suite.browser.newContext();
    const selin = await selinContext.newPage();
    selin.on('pageerror', (e) => errors.push(`selin: ${e.message}`));
    await logIn(selin, 'selin.kaya', PASSWORD);
    await selin.goto(`${suite.server.url()}/kullanici-magaza-listesi`);
    // Her one action on the shop (its bundles) is a link in the row; more would sit in a menu.
    await selin.getByRole('link', { name: 'Paketler: Sema Veri Mağazası' }).click();
    await selin.getByRole('table', { name: 'Paketler' }).waitFor();
    await selin.getByRole('link', { name: 'Yeni kayıt' }).click();
    await selin.getByLabel(/^Paket adı/).fill('E2E Paketi');
    await selin.getByLabel(/^Öncelik/).selectOption({ label: 'Yüksek' });
    await selin.getByRole('button', { name: 'Kaydet' }).click();
    await selin.getByText('Oluşturuldu.').waitFor();
    const bundleId = new URL(selin.url()).searchParams.get('bundle_client_id')!;
    expect(bundleId).toMatch(/^[0-9a-f-]{36}$/);

    // Back to the list, the new bundle's products → new product with a price.
    await selin.getByRole('link', { name: 'Listeye dön' }).click();
    await selin.getByRole('searchbox', { name: 'Ara' }).fill('E2E');
    const row = selin.getByRole('table', { name: 'Paketler' }).getByRole('row', { name: /E2E Paketi/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => shownText(row)).toContain('Pasif');
    await row.getByRole('button', { name: 'İşlemler: E2E Paketi' }).click();
    await selin.getByRole('menuitem', { name: 'Ürünler' }).click();
    await selin.getByRole('link', { name: 'Yeni kayıt' }).click();
    await selin.getByLabel(/^Ürün adı/).fill('E2E Ürünü');
    await selin.getByRole('group', { name: /^Fiyatlar/ }).getByLabel('₺ Türk lirası').fill('250,50');
    await selin.getByLabel(/^Ödeme türü/).selectOption({ index: 1 });
    await selin.getByRole('button', { name: 'Kaydet' }).click();
    await selin.getByText('Oluşturuldu.').waitFor();
    const [price] = await suite.server.db.query<{ amount: string }>(
      'select pr.amount::text as amount from bundle_product_price pr join bundle_product p on p.pro_client_id = pr.pro_client_id where p.bundle_client_id = $1',
      [bundleId],
    );
    expect(price.amount).toBe('25050');

    // The bundle goes on sale, then passive (after the confirmation).
    await selin.goto(`${suite.server.url()}/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}&q=E2E`);
    const bundleRow = selin.getByRole('table', { name: 'Paketler' }).getByRole('row', { name: /E2E Paketi/ });
    await bundleRow.getByRole('button', { name: 'İşlemler: E2E Paketi' }).click();
    await selin.getByRole('menuitem', { name: 'Aktif yap' }).click();
    await selin.getByText('Paket aktif yapıldı.').waitFor();
    await bundleRow.getByRole('button', { name: 'İşlemler: E2E Paketi' }).click();
    await selin.getByRole('menuitem', { name: 'Pasif yap' }).click();
    await selin.getByRole('alertdialog').getByRole('button', { name: 'Pasif yap' }).click();
    await selin.getByText('Paket pasif yapıldı.').waitFor();
    await expect.poll(() => shownText(bundleRow)).toContain('Pasif');
    const [status] = await suite.server.db.query<{ bundle_status: string }>('select bundle_status from bundle where bundle_client_id = $1', [bundleId]);
    expect(status.bundle_status).toBe('passive');

    // mert holds no shop auth: the page refuses, the server too.
    const mertContext = await suite.browser.newContext();
    const mert = await mertContext.newPage();
    mert.on('pageerror', (e) => errors.push(`mert: ${e.message}`));
    await logIn(mert, 'mert.demir', PASSWORD);
    await mert.goto(`${suite.server.url()}/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);
    await mert.getByText('Bu sayfayı görmek için yetkiniz yok.').waitFor();
    const mertId = await mert.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').user_client_id as string);
    const refused = await callApi(mert, '/v1/user/shop/bundle/status/passive', { shop_client_id: SHOP_ID, bundle_client_id: bundleId, user_client_id: mertId });
    expect(refused.status_code).toBe('10009');
    expect(errors).toEqual([]);
  });
});
