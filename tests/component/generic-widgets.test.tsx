// The record form's own widgets, on a screen made for the test (the shop screens do not use them all):
// bilingual text, auth-code pickers, a file with the spec's type and size limits, date-time and money in
// minor units.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setTransport, type Transport } from '../../src/api/call';
import { i18n, initI18n } from '../../src/app/i18n';
import { useAppStore } from '../../src/app/store';
import type { JsonSchema, ResolvedScreen } from '../../src/domain/screen';
import RecordScreen from '../../renderers/generic/record/RecordScreen';
import { ok } from './support/handlers';

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
