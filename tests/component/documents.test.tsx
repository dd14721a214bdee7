// The documents page (issue 13): the list with sizes in the reader's language and picture thumbnails, uploads
// checked in the browser first (2 MB pictures, 10 MB documents, allowed extensions: the server's own words)
// and the server's refusal shown, delete after asking, and sharing with a user found by username.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Document } from '../../src/generated/types/entities';
import { statusCatalogue } from '../../src/generated/errors';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const MB = 1024 * 1024;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const doc = (over: Partial<Document>): Document => ({
  document_client_id: '11111111-1111-4111-8111-111111111111',
  document_name: 'rapor.pdf',
  file_type: 'pdf',
  content_type: 'application/pdf',
  size_bytes: Math.round(1.2 * MB),
  created_at: '2026-03-01T09:30:00Z',
  own: true,
  public: false,
  owner_username: 'ayse',
  shared_user_list: [],
  ...over,
});

function fakeDocuments(initial: Document[]) {
  const calls = { record: [] as Record<string, unknown>[], delete: [] as unknown[], share: [] as unknown[] };
  let documents = initial;
  let refusal: keyof typeof statusCatalogue | null = null;
  server.use(
    http.post('*/v1/document/list', () => HttpResponse.json({ ...ok, document_list: documents, total: documents.length, page: 1, page_size: 10 })),
    http.get('*/v1/document/get', ({ request }) => {
      const id = new URL(request.url).searchParams.get('document_client_id');
      return HttpResponse.json({ ...ok, document: documents.find((d) => d.document_client_id === id), doc: PNG });
    }),
    http.post('*/v1/document/record', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.record.push(body);
      if (refusal) {
        const { status_code, http: status, message } = statusCatalogue[refusal];
        return HttpResponse.json({ status_code, status_message: message[new URL(request.url).searchParams.get('__lang__l') === 'en' ? 'en' : 'tr'] }, { status });
      }
      const existing = documents.find((d) => d.document_client_id === body.document_client_id);
      if (existing) {
        Object.assign(existing, { document_name: body.document_name, ...(body.public === undefined ? {} : { public: body.public }) });
        return HttpResponse.json({ ...ok, document: existing });
      }
      const made = doc({ document_client_id: '22222222-2222-4222-8222-222222222222', document_name: String(body.document_name), size_bytes: 12 });
      documents = [made, ...documents];
      return HttpResponse.json({ ...ok, document: made });
    }),
    http.post('*/v1/document/delete', async ({ request }) => {
      const body = (await request.json()) as { document_client_id: string };
      calls.delete.push(body);
      documents = documents.filter((d) => d.document_client_id !== body.document_client_id);
      return HttpResponse.json({ ...ok, document_client_id: body.document_client_id, document_delete: true });
    }),
    http.post('*/v1/document/share', async ({ request }) => {
      const body = (await request.json()) as { document_client_id: string; user_client_id: string; share: boolean };
      calls.share.push(body);
      const d = documents.find((x) => x.document_client_id === body.document_client_id)!;
      d.shared_user_list = body.share ? [{ user_client_id: body.user_client_id, username: 'mehmet.k' }] : [];
      return HttpResponse.json({ ...ok, document: d });
    }),
    http.post('*/v1/user/search', () =>
      HttpResponse.json({
        ...ok,
        user_list: [{ user_client_id: '33333333-3333-4333-8333-333333333333', username: 'mehmet.k', firstname: 'Mehmet' }],
        total: 1,
        page: 1,
        page_size: 10,
      }),
    ),
  );
  return { calls, refuseWith: (key: keyof typeof statusCatalogue | null) => (refusal = key) };
}

const fileInput = () => screen.getByTestId('documents-file-input') as HTMLInputElement;

describe('the documents page', () => {
  it('lists documents in Turkish with sizes, dates and picture thumbnails, and refuses files in the browser first', async () => {
    const fake = fakeDocuments([
      doc({}),
      doc({ document_client_id: '44444444-4444-4444-8444-444444444444', document_name: 'logo.png', file_type: 'png', content_type: 'image/png', size_bytes: 2048 }),
    ]);
    // The picker's filter is a hint (a user may pick "All files", or drop any file): the page checks again.
    const user = userEvent.setup({ applyAccept: false });
    await startApp('/belgelerim');
    logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Belgelerim' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Belgeler' });
    const row = within(table).getByRole('row', { name: /rapor\.pdf/ });
    expect(row).toHaveTextContent('PDF belgesi');
    expect(row).toHaveTextContent('1,2 MB');
    expect(within(table).getByRole('row', { name: /logo\.png/ })).toHaveTextContent('2 KB');
    expect(await within(table).findByRole('img', { name: 'logo.png önizlemesi' })).toHaveAttribute('src', PNG);

    await user.upload(fileInput(), [new File([new Uint8Array(2 * MB + 1)], 'buyuk.png', { type: 'image/png' }), new File(['MZ'], 'kurulum.exe')]);
    expect(await screen.findByText('buyuk.png: Dosya boyutu uygun değil')).toBeInTheDocument();
    expect(screen.getByText('kurulum.exe: Dosya uzantısı uygun değil')).toBeInTheDocument();
    expect(fake.calls.record).toEqual([]);

    // The server looks at the content: an executable renamed .pdf is refused there, in the reader's language.
    fake.refuseWith('inappropriate_file_type');
    await user.upload(fileInput(), new File(['MZ'], 'fatura.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('fatura.pdf: Uygun olmayan dosya türü')).toBeInTheDocument();
    expect(fake.calls.record).toHaveLength(1);

    // The messages follow a change of language, the browser's and the server's alike.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'English');
    expect(await screen.findByText('buyuk.png: File size is not eligible')).toBeInTheDocument();
    expect(screen.getByText('fatura.pdf: Inappropriate file type')).toBeInTheDocument();
  });

  it('uploads a valid file in English and lists it, deletes after asking, and shares with a user found by username', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const fake = fakeDocuments([doc({})]);
    const user = userEvent.setup();
    await startApp('/documents');
    logIn();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByRole('row', { name: /rapor\.pdf/ })).toHaveTextContent('1.2 MB');

    // Dropped files are checked as picked ones are.
    fireEvent.drop(screen.getByRole('region', { name: 'Upload a file' }), { dataTransfer: { files: [new File(['<svg/>'], 'cizim.svg')] } });
    expect(await screen.findByText('cizim.svg: File extension type is not eligible')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['a;b\n1;2\n'], 'notlar.csv', { type: 'text/csv' }));
    expect(await screen.findByText('notlar.csv was uploaded.')).toBeInTheDocument();
    expect(fake.calls.record).toEqual([{ document_name: 'notlar.csv', doc: expect.stringMatching(/^data:text\/csv;base64,/) }]);
    expect(await within(table).findByRole('row', { name: /notlar\.csv/ })).toBeInTheDocument();

    // Share: find a user, share, see them listed.
    const reportRow = within(table).getByRole('row', { name: /rapor\.pdf/ });
    await user.click(within(reportRow).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share rapor.pdf' });
    expect(within(dialog).getByText('Not shared with anyone yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Anyone with the link may open it/ }));
    expect(await within(dialog).findByText('Anyone with the link may now open it.')).toBeInTheDocument();
    expect(fake.calls.record.at(-1)).toEqual({ document_client_id: '11111111-1111-4111-8111-111111111111', document_name: 'rapor.pdf', public: true });
    await user.type(within(dialog).getByRole('searchbox', { name: /^Find a user/ }), 'meh');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Share with mehmet.k' }));
    expect(await within(dialog).findByText('Shared with mehmet.k.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Stop sharing with mehmet.k' })).toBeInTheDocument();
    expect(fake.calls.share).toEqual([{ document_client_id: '11111111-1111-4111-8111-111111111111', user_client_id: '33333333-3333-4333-8333-333333333333', share: true }]);
    // The focus stays in the dialog (on the news), so Escape closes it.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Delete asks first; "No" keeps it.
    await user.click(within(within(table).getByRole('row', { name: /rapor\.pdf/ })).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete rapor.pdf?' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(fake.calls.delete).toEqual([]);
    await user.click(within(within(table).getByRole('row', { name: /rapor\.pdf/ })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('rapor.pdf was deleted.')).toBeInTheDocument();
    expect(fake.calls.delete).toEqual([{ document_client_id: '11111111-1111-4111-8111-111111111111' }]);
    await waitFor(() => expect(within(table).queryByRole('row', { name: /rapor\.pdf/ })).not.toBeInTheDocument());
  });

  it('says when there are no documents yet, and when the list cannot be read, with a way to try again', async () => {
    fakeDocuments([]);
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    await startApp('/documents');
    logIn();
    expect(await screen.findByText('You have no documents yet. Upload one above.')).toBeInTheDocument();

    let failing = true;
    server.use(http.post('*/v1/document/list', () => (failing ? HttpResponse.error() : HttpResponse.json({ ...ok, document_list: [doc({})], total: 1, page: 1, page_size: 10 }))));
    const user = userEvent.setup();
    // An upload reads the list again; this time the list cannot be read.
    await user.upload(fileInput(), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The documents could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /rapor\.pdf/ })).toBeInTheDocument();
  });
});
