// The record form's own widgets, on a screen made for the test (the shop screens do not use them all):
// bilingual text, auth-code pickers, a file with the spec's type and size limits, date-time and money in
// minor units, and the rich-text editor (Tiptap, its own lazy chunk) per language.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setTransport, type Transport } from '../../src/api/call';
import { i18n, initI18n } from '../../src/app/i18n';
import { useAppStore } from '../../src/app/store';
import type { JsonSchema, ResolvedScreen } from '../../src/domain/screen';
import RecordScreen from '../../renderers/generic/record/RecordScreen';
import { ok } from './support/handlers';
import { installProseMirrorStubs, selectText } from './support/prosemirror';

const AUTH = ['admin', 'shop_admin', 'website_edit'];
const AUTH_LABELS = [
  { en: 'Administrator', tr: 'Yönetici' },
  { en: 'Shop administrator', tr: 'Mağaza yöneticisi' },
  { en: 'Edit website', tr: 'Web sitesini düzenleme' },
];

const request: JsonSchema = {
  type: 'object',
  properties: {
    caption: {
      title: 'BilingualText',
      type: 'object',
      properties: { en: { type: 'string', minLength: 1 }, tr: { type: 'string', minLength: 1 } },
      required: ['en', 'tr'],
      additionalProperties: false,
      'x-label': { en: 'Caption', tr: 'Başlık' },
    },
    auth_list: { type: 'array', items: { title: 'AuthCode', type: 'string', enum: AUTH, 'x-enum-labels': AUTH_LABELS }, uniqueItems: true, 'x-label': { en: 'Auths', tr: 'Yetkiler' } },
    doc: { type: 'string', pattern: '^data:[a-z]+/[a-zA-Z0-9.+-]+;base64,[A-Za-z0-9+/=]*$', maxLength: 14000000, 'x-label': { en: 'File', tr: 'Dosya' } },
    starts_at: { type: 'string', format: 'date-time', 'x-label': { en: 'Starts at', tr: 'Başlangıç zamanı' } },
    total_amount: { type: 'integer', minimum: 0, 'x-label': { en: 'Total', tr: 'Toplam' } },
    status: { type: 'string', enum: ['active', 'passive'], 'x-enum-labels': [{ en: 'Active', tr: 'Aktif' }, { en: 'Passive', tr: 'Pasif' }], 'x-label': { en: 'Status', tr: 'Durum' } },
  },
  required: ['caption'],
  additionalProperties: false,
};

const demo: ResolvedScreen = {
  id: 'demo',
  entity: 'demo',
  title: { en: 'Demos', tr: 'Örnekler' },
  key: 'demo_id',
  label_field: 'caption',
  routes: { new: 'demo_new' },
  record: { record: 'demo', fields: { doc: { accept: ['pdf', 'png'], max_bytes: 1000 } } },
  entity_schema: { type: 'object', 'x-label': { en: 'Demo', tr: 'Örnek' }, properties: { demo_id: { type: 'string' } } },
  related_schemas: {},
  route_table: { demo_new: { name: 'demo_new', method: 'POST', path: '/v1/demo/new', caller_type: 'token', effect: 'write', auth_codes: [], request } },
};

let sent: Record<string, unknown>[] = [];

beforeEach(() => {
  sent = [];
  initI18n('tr');
  const transport: Transport = async <Req, Res>(_route: unknown, input: Req) => {
    sent.push(input as Record<string, unknown>);
    return { ...ok, demo: { ...(input as object), demo_id: 'd-1' } } as never as Res & typeof ok;
  };
  setTransport(transport);
  act(() => useAppStore.getState().setSession({ user: { username: 'ayse', user_client_id: 'u-1' }, token: { token_type: 'Bearer', access_token: 't' }, authCodes: ['admin'] }));
});

function renderDemo() {
  const router = createMemoryRouter([{ path: '/', element: <RecordScreen screen={demo} params={{}} title="Örnek" /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('the form widgets chosen by rank', { timeout: 20_000 }, () => {
  it('renders bilingual text, auth codes, a limited file, date-time and money, and sends their values', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const router = renderDemo();
    const caption = await screen.findByRole('group', { name: /^Başlık/ });
    await user.type(within(caption).getByLabelText('Türkçe'), 'Kampanya');
    await user.type(within(caption).getByLabelText('İngilizce'), 'Campaign');

    const auths = screen.getByRole('group', { name: /^Yetkiler/ });
    await user.click(within(auths).getByRole('checkbox', { name: 'Mağaza yöneticisi' }));
    await user.click(within(auths).getByRole('checkbox', { name: 'Yönetici' }));

    const file = screen.getByLabelText(/^Dosya/);
    expect(file).toHaveAttribute('type', 'file');
    expect(file).toHaveAttribute('accept', '.pdf,.png');
    expect(screen.getByText('İzin verilen dosya türleri: pdf, png. En fazla 1 kB.')).toBeInTheDocument();
    await user.upload(file, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('Dosya uzantısı uygun değil')).toBeInTheDocument();
    await user.upload(file, new File(['x'.repeat(2000)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Dosya boyutu uygun değil')).toBeInTheDocument();
    await user.upload(file, new File(['png!'], 'small.png', { type: 'image/png' }));
    expect(await screen.findByText('Seçilen dosya: small.png')).toBeInTheDocument();

    expect(screen.getByLabelText(/^Başlangıç zamanı/)).toHaveAttribute('type', 'datetime-local');
    const total = screen.getByLabelText(/^Toplam/);
    expect(total).toHaveAttribute('inputmode', 'decimal');
    await user.type(total, '12,5');
    await user.selectOptions(screen.getByLabelText(/^Durum/), 'Pasif');

    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      caption: { tr: 'Kampanya', en: 'Campaign' },
      auth_list: ['admin', 'shop_admin'],
      doc: `data:image/png;base64,${btoa('png!')}`,
      total_amount: 1250,
      status: 'passive',
    });
    expect(await screen.findByText('Oluşturuldu.')).toBeInTheDocument();
    router.dispose();
  });

  it('says what is wrong with a bilingual text in the user language', async () => {
    const user = userEvent.setup();
    const router = renderDemo();
    const caption = await screen.findByRole('group', { name: /^Başlık/ });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Başlık: zorunludur');
    await user.type(within(caption).getByLabelText('Türkçe'), 'Yalnız Türkçe');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Başlık › İngilizce: zorunludur'));
    expect(sent).toHaveLength(0);
    // A change of language translates the summary of the refused submit.
    act(() => {
      useAppStore.getState().setActiveLanguage({ label: 'en', value: 1 });
      void i18n.changeLanguage('en');
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Caption › English: is required'));
    act(() => {
      useAppStore.getState().setActiveLanguage({ label: 'tr', value: 0 });
      void i18n.changeLanguage('tr');
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Başlık › İngilizce: zorunludur'));
    await user.type(within(caption).getByLabelText('İngilizce'), 'English only');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    router.dispose();
  });
});

const richRequest: JsonSchema = {
  type: 'object',
  properties: {
    body: {
      type: 'object',
      properties: { en: { type: 'string', minLength: 1, maxLength: 100000 }, tr: { type: 'string', minLength: 1, maxLength: 100000 } },
      required: ['en', 'tr'],
      additionalProperties: false,
      'x-label': { en: 'Text', tr: 'Metin' },
    },
  },
  required: ['body'],
  additionalProperties: false,
};
const richDemo: ResolvedScreen = {
  ...demo,
  id: 'rich_demo',
  record: { record: 'demo', fields: { body: { widget: 'rich_text' } } },
  route_table: { demo_new: { ...demo.route_table.demo_new, request: richRequest } },
};

describe('the rich-text editor', { timeout: 30_000 }, () => {
  installProseMirrorStubs();

  /** The form with a rich-text field, once the editor's chunk has loaded: the Turkish editor and its toolbar. */
  async function renderRichDemo() {
    const router = createMemoryRouter([{ path: '/', element: <RecordScreen screen={richDemo} params={{}} title="Örnek" /> }]);
    render(<RouterProvider router={router} />);
    const tr = await screen.findByRole('textbox', { name: 'Metin (Türkçe)' });
    return { router, tr, en: screen.getByRole('textbox', { name: 'Metin (İngilizce)' }), tools: screen.getByRole('toolbar', { name: 'Metin (Türkçe) biçimlendirme' }) };
  }

  it('types, bolds a word, links another, undoes, and the form sends the HTML the server keeps', async () => {
    const user = userEvent.setup();
    // The editor's chunk loads with the field; each language has its labelled editor and toolbar.
    const { router, tr, en, tools } = await renderRichDemo();
    expect(tr).toHaveAttribute('lang', 'tr');
    expect(en).toHaveAttribute('lang', 'en');
    const bold = within(tools).getByRole('button', { name: 'Kalın' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    expect(bold).toHaveAttribute('title', 'Kalın (Ctrl+B)');
    expect(within(tools).getByRole('button', { name: 'Geri al' })).toBeDisabled();

    await user.click(tr);
    await user.keyboard('Merhaba güzel dünya');
    selectText(tr, 'güzel');
    await user.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'true'));

    // A link: the field refuses a javascript: address, takes a bare domain as https.
    selectText(tr, 'dünya');
    await user.click(within(tools).getByRole('button', { name: 'Bağlantı' }));
    const address = screen.getByRole('textbox', { name: 'Bağlantı adresi' });
    expect(address).toHaveFocus();
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByText(/Bu adres bağlantı olamaz/)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0); // Enter applies the link, never submits the form
    await user.clear(address);
    await user.type(address, 'ornek.com.tr/iletisim');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(screen.queryByRole('textbox', { name: 'Bağlantı adresi' })).not.toBeInTheDocument();
    expect(within(tr).getByRole('link', { name: 'dünya' })).toHaveAttribute('href', 'https://ornek.com.tr/iletisim');

    // Undo takes the link back, redo and undo again: the last step is undone.
    await user.click(within(tools).getByRole('button', { name: 'Geri al' }));
    expect(within(tr).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(tools).getByRole('button', { name: 'Yinele' }));
    expect(within(tr).getByRole('link', { name: 'dünya' })).toBeInTheDocument();
    await user.click(within(tools).getByRole('button', { name: 'Geri al' }));

    await user.click(en);
    await user.keyboard('Hello');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ body: { tr: '<p>Merhaba <strong>güzel</strong> dünya</p>', en: '<p>Hello</p>' } });
    router.dispose();
  });

  it('moves along the toolbar with the arrow keys from a single tab stop', async () => {
    const user = userEvent.setup();
    const { router, tr, tools } = await renderRichDemo();
    const stops = within(tools).getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(stops.map((b) => b.getAttribute('aria-label'))).toEqual(['Başlık']);
    stops[0].focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(tools).getByRole('button', { name: 'Kalın' })).toHaveFocus();
    await user.keyboard('{End}');
    // Undo and redo cannot be used yet: the last usable button is the quote.
    expect(within(tools).getByRole('button', { name: 'Alıntı' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(tools).getByRole('button', { name: 'Başlık' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tr).toHaveFocus();
    await user.keyboard('Başlık');
    expect(within(tr).getByRole('heading', { level: 2, name: 'Başlık' })).toBeInTheDocument();
    expect(within(tools).getByRole('button', { name: 'Başlık' })).toHaveAttribute('aria-pressed', 'true');
    router.dispose();
  });

  it('shows the field error of a language under its editor, tied to it', async () => {
    const user = userEvent.setup();
    const { router, tr, en } = await renderRichDemo();
    await user.click(en);
    await user.keyboard('Only English');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(tr).toHaveAttribute('aria-invalid', 'true'));
    expect(tr).toHaveAccessibleDescription(/.+/);
    expect(document.getElementById(tr.getAttribute('aria-describedby')!.split(' ')[0])).toHaveClass('field__error');
    expect(en).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
    await user.click(tr);
    await user.keyboard('Türkçe');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toEqual([{ body: { tr: '<p>Türkçe</p>', en: '<p>Only English</p>' } }]));
    expect(tr).not.toHaveAttribute('aria-invalid');
    router.dispose();
  });
});
