// Catalogue texts in the reader's language (docs/decisions.md): the generic bundle and product screens show
// a bundle's and a product's texts from `translations` of the language shown (else the main text), switch
// with the language without a reload, and the record form edits the translations raw in its folded
// "Other languages" section and sends them with the save.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';
import { resetShop, seedShop, shop, shopHandlers, SHOP_ID, uuid } from './support/shop';

beforeEach(() => {
  server.use(...shopHandlers);
  seedShop();
});
afterEach(() => resetShop());

const TRIAL_ID = uuid(1);
const ML_ID = uuid(2);
const CREDITS_ID = uuid(1, 'p');

function seedCatalogue() {
  shop.bundles.push(
    {
      bundle_client_id: TRIAL_ID,
      shop_client_id: SHOP_ID,
      bundle_name: 'Ücretsiz Deneme',
      feature_list: ['100 analiz kredisi', 'Kart gerekmez'],
      bundle_status: 'active',
      priority: 'low',
      task_type: 'activation',
      translations: { en: { bundle_name: 'Free Trial', feature_list: ['100 analysis credits', 'No card needed'] } },
      created_at: '2025-01-02T00:00:00Z',
    },
    // No English: English readers see the main text.
    { bundle_client_id: ML_ID, shop_client_id: SHOP_ID, bundle_name: 'Makine Öğrenmesi', bundle_status: 'passive', priority: 'normal', created_at: '2025-01-01T00:00:00Z' },
  );
  shop.products.push({
    pro_client_id: CREDITS_ID,
    bundle_client_id: TRIAL_ID,
    shop_client_id: SHOP_ID,
    pro_name: 'Deneme Kredisi',
    pro_group_name: 'Kredi',
    pro_count_suffix: 'kredi',
    pay_type: 'free',
    pro_status: 'active',
    translations: { en: { pro_name: 'Trial Credits', pro_group_name: 'Credits', pro_count_suffix: 'credits' } },
  });
}

const callsTo = (route: string) => shop.calls.filter((c) => c.route === route);
const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('rowheader').textContent);
const toEnglish = (user: ReturnType<typeof userEvent.setup>) => user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'English');

describe("catalogue texts in the reader's language", { timeout: 20_000 }, () => {
  it('lists bundles by their Turkish names in Turkish and by their English names after switching to English', async () => {
    seedCatalogue();
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-listesi?shop_client_id=${SHOP_ID}`);
    const table = await screen.findByRole('table', { name: 'Paketler' });
    expect(firstCells(table)).toEqual(['Ücretsiz Deneme', 'Makine Öğrenmesi']);
    expect(table).not.toHaveTextContent('Free Trial');
    // The features column, turned on, is translated too.
    await user.click(screen.getByText('Sütunlar'));
    await user.click(within(screen.getByRole('group', { name: 'Gösterilecek sütunlar' })).getByLabelText('Özellikler'));
    expect(within(table).getByRole('row', { name: /Ücretsiz Deneme/ })).toHaveTextContent('100 analiz kredisi, Kart gerekmez');

    await toEnglish(user);
    const english = await screen.findByRole('table', { name: 'Bundles' });
    await waitFor(() => expect(firstCells(english)).toEqual(['Free Trial', 'Makine Öğrenmesi']));
    const row = within(english).getByRole('row', { name: /Free Trial/ });
    expect(row).toHaveTextContent('100 analysis credits, No card needed');
    expect(english).not.toHaveTextContent('Ücretsiz Deneme');
    expect(english).not.toHaveTextContent(' · ');
    // A row's action names the bundle as the reader reads it.
    expect(within(row).getByRole('link', { name: 'Free Trial' })).toBeInTheDocument();
  });

  it('lists products and offers bundles to choose in the reader\'s language', async () => {
    seedCatalogue();
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-urun-listesi?shop_client_id=${SHOP_ID}`);
    // Which bundle? The choices are named as the reader reads them.
    expect(await screen.findByRole('button', { name: 'Ücretsiz Deneme' })).toBeInTheDocument();
    await toEnglish(user);
    await user.click(await screen.findByRole('button', { name: 'Free Trial' }));
    const table = await screen.findByRole('table', { name: 'Bundle Products' });
    const row = within(table).getByRole('row', { name: /Trial Credits/ });
    expect(row).toHaveTextContent('Credits');
    expect(row).not.toHaveTextContent('Kredi');
  });

  it('shows the details page in the reader\'s language, without a translations entry of its own', async () => {
    seedCatalogue();
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/urun-detaylari?bundle_client_id=${TRIAL_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Paket: Ücretsiz Deneme' })).toBeInTheDocument();
    expect(screen.getByText('Özellikler', { selector: 'dt' }).nextSibling).toHaveTextContent('100 analiz kredisi, Kart gerekmez');
    expect(screen.queryByText('Çeviriler', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Ürünler' })).getByRole('link', { name: 'Deneme Kredisi' })).toBeInTheDocument();

    await toEnglish(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bundle: Free Trial' })).toBeInTheDocument();
    expect(screen.getByText('Bundle name', { selector: 'dt' }).nextSibling).toHaveTextContent(/^Free Trial$/);
    expect(screen.getByText('Features', { selector: 'dt' }).nextSibling).toHaveTextContent('100 analysis credits, No card needed');
    expect(screen.queryByText('Translations', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Products' })).getByRole('link', { name: 'Trial Credits' })).toBeInTheDocument();
  });

  it('edits the translations raw in the folded "Other languages" section and sends them with the save', async () => {
    seedCatalogue();
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-kaydi?shop_client_id=${SHOP_ID}&bundle_client_id=${TRIAL_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Paket: Ücretsiz Deneme' })).toBeInTheDocument();
    // The main fields hold the main text, whatever the language shown.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Paket' })).getByLabelText(/^Paket adı/)).toHaveValue('Ücretsiz Deneme'));

    const section = screen.getByText('Diğer diller', { selector: 'h3' }).closest('details')!;
    expect(section).not.toHaveAttribute('open');
    expect(section).toHaveTextContent('o dilin okuyucularına ana metnin yerine gösterilir');
    await user.click(within(section).getByText('Diğer diller'));
    expect(section).toHaveAttribute('open');
    // The group alone in the section is named by its heading, not a second title on screen.
    expect(within(section).getByRole('group', { name: 'Çeviriler' })).toBeInTheDocument();
    expect(within(section).queryByText('Çeviriler')).not.toBeInTheDocument();
    const english = within(section).getByRole('group', { name: 'İngilizce' });
    const turkish = within(section).getByRole('group', { name: 'Türkçe' });
    const englishName = within(english).getByLabelText('İngilizce paket adı');
    expect(englishName).toHaveValue('Free Trial');
    expect(englishName).not.toHaveAttribute('aria-required');
    expect(within(english).getByLabelText('İngilizce özellik 2')).toHaveValue('No card needed');
    expect(within(turkish).getByLabelText('Türkçe paket adı')).toHaveValue('');

    await user.clear(englishName);
    await user.type(englishName, 'Free Trial Plus');
    await user.click(within(english).getByRole('button', { name: 'İngilizce özellik ekle' }));
    await user.type(within(english).getByLabelText('İngilizce özellik 3'), 'E-mail support');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(callsTo('user_shop_bundle_edit')).toHaveLength(1));
    expect(callsTo('user_shop_bundle_edit')[0].body).toEqual({
      shop_client_id: SHOP_ID,
      bundle_client_id: TRIAL_ID,
      user_client_id: account.user.user_client_id,
      bundle_name: 'Ücretsiz Deneme',
      feature_list: ['100 analiz kredisi', 'Kart gerekmez'],
      priority: 'low',
      task_type: 'activation',
      translations: { en: { bundle_name: 'Free Trial Plus', feature_list: ['100 analysis credits', 'No card needed', 'E-mail support'] } },
    });
    expect(await screen.findByText('Kaydedildi.')).toBeInTheDocument();
    // Saved as sent: nothing reads as changed by the server.
    expect(screen.queryByText(/düzeltildi|değiştirildi/)).not.toBeInTheDocument();

    // In English the heading names the bundle by its English name; the fields still hold the raw values.
    await toEnglish(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bundle: Free Trial Plus' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Bundle' })).getByLabelText(/^Bundle name/)).toHaveValue('Ücretsiz Deneme');
    expect(screen.getByText('Other languages', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByLabelText('English bundle name')).toHaveValue('Free Trial Plus');
  });

  it('saves a new product with its English texts from the product form', async () => {
    seedCatalogue();
    storeSession({ authCodes: ['shop_bundle_add_edit'] });
    const user = userEvent.setup();
    await startApp(`/kullanici-magaza-paket-urun-kaydi?shop_client_id=${SHOP_ID}&bundle_client_id=${TRIAL_ID}`);
    await user.type(within(await screen.findByRole('region', { name: 'Ürün' })).getByLabelText(/^Ürün adı/), 'Analiz Kredisi');
    const section = screen.getByText('Diğer diller', { selector: 'h3' }).closest('details')!;
    await user.click(within(section).getByText('Diğer diller'));
    const english = within(section).getByRole('group', { name: 'İngilizce' });
    await user.type(within(english).getByLabelText('İngilizce ürün adı'), 'Analysis Credits');
    await user.type(within(english).getByLabelText('İngilizce adet birimi'), 'credits');
    expect(within(english).getByLabelText('İngilizce ürün bilgisi').tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(callsTo('user_shop_bundle_product_new')).toHaveLength(1));
    expect(callsTo('user_shop_bundle_product_new')[0].body).toMatchObject({
      pro_name: 'Analiz Kredisi',
      translations: { en: { pro_name: 'Analysis Credits', pro_count_suffix: 'credits' } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Paket ürünü: Analiz Kredisi' })).toBeInTheDocument();
  });
});
