// The sending_mail page (issue 13): the admin finds users (search, auth filter), chooses them as removable chips,
// writes a subject and rich-text content, sees the mail as a Turkish and as an English reader gets it, is asked
// "Send to 2 users?", and then follows each recipient's status; the spec's messages guard an empty form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Mailing } from '../../src/generated/types/entities';
import type { MailingGetResponse, MailingRecipientSearchResponse, SendMailRequest } from '../../src/generated/types/routes';
import { storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { installProseMirrorStubs } from './support/prosemirror';
import { server } from './support/server';

type Candidate = MailingRecipientSearchResponse['user_list'][number];

const USERS: Candidate[] = [
  { user_client_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', username: 'ayse', firstname: 'Ayşe', lastname: 'Yılmaz', mail: 'ayse@example.org', mail_lang: 0 },
  { user_client_id: '2b4e28ba-2fa1-41d2-883f-0016d3cca427', username: 'john', firstname: 'John', lastname: 'Smith', mail: 'john@example.org', mail_lang: 1 },
  { user_client_id: '3b4e28ba-2fa1-41d2-883f-0016d3cca427', username: 'gone', mail: 'gone@example.org', mail_lang: 0, skip_reason: 'inactive' },
];

const MAILING: Mailing = {
  mailing_id: '9c4e28ba-2fa1-41d2-883f-0016d3cca427',
  subject: 'Bakım duyurusu',
  content: '<p>Cumartesi kapalıyız.</p>',
  sender_username: 'admin',
  created_at: '2026-11-26T08:00:00Z',
  recipient_count: 2,
  queued_count: 0,
  sent_count: 1,
  failed_count: 1,
  skipped_count: 0,
  unsent_count: 0,
};

function fakeMail() {
  const sent: SendMailRequest[] = [];
  const searches: Record<string, unknown>[] = [];
  const mailings: Mailing[] = [];
  server.use(
    http.post('*/v1/mailing/recipient/search', async ({ request }) => {
      const body = (await request.json()) as { search?: string; auth_name?: string };
      searches.push(body);
      const found = USERS.filter((u) => !body.search || `${u.username} ${u.firstname ?? ''} ${u.mail}`.toLowerCase().includes(body.search.toLowerCase())).filter(
        (u) => !body.auth_name || u.username === 'ayse',
      );
      return HttpResponse.json({ ...ok, user_list: found, total: found.length, page: 1, page_size: 10 });
    }),
    http.post('*/v1/mailing/list', () => HttpResponse.json({ ...ok, mailing_list: mailings, total: mailings.length, page: 1, page_size: 10 })),
    http.post('*/v1/send_mail', async ({ request }) => {
      sent.push((await request.json()) as SendMailRequest);
      mailings.push(MAILING);
      return HttpResponse.json({ ...ok, queued_count: 2, mailing: { ...MAILING, queued_count: 2, sent_count: 0, failed_count: 0 }, process: { process_id: '7c4e28ba-2fa1-41d2-883f-0016d3cca427', process_name: 'Toplu e-posta: Bakım duyurusu', process_status: 'waiting' } });
    }),
    http.post('*/v1/mailing/get', () => {
      const answer: MailingGetResponse = {
        mailing: MAILING,
        recipient_list: [
          { user_client_id: USERS[0].user_client_id, username: 'ayse', firstname: 'Ayşe', lastname: 'Yılmaz', mail: 'ayse@example.org', recipient_status: 'sent', attempts: 1, sent_at: '2026-11-26T08:00:05Z' },
          { user_client_id: USERS[1].user_client_id, username: 'john', firstname: 'John', lastname: 'Smith', mail: 'john@example.org', recipient_status: 'failed', attempts: 3, error: '550 Mailbox unavailable' },
        ],
      };
      return HttpResponse.json({ ...ok, ...answer });
    }),
  );
  return { sent, searches };
}

describe('the sending_mail page', { timeout: 30_000 }, () => {
  installProseMirrorStubs();

  it('chooses users, previews the mail in both languages, confirms and shows each recipient\'s status', async () => {
    const { sent, searches } = fakeMail();
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/mail-gonderme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail Gönderme' })).toBeInTheDocument();
    expect(await screen.findByText('Henüz e-posta gönderilmedi.')).toBeInTheDocument();

    // An empty form is refused in the page with the spec's messages, and nothing is sent.
    await user.click(await screen.findByRole('button', { name: 'Gönder' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Lütfen en az bir kullanıcı seçin');
    expect(screen.getByRole('textbox', { name: /^Konu/ })).toHaveAccessibleDescription(expect.stringContaining('Lütfen e-postanın konusunu ve içeriğini doldurun'));
    expect(sent).toHaveLength(0);

    // The matches say who would get no mail and in which language the others read.
    const ayse = await screen.findByRole('checkbox', { name: /Ayşe Yılmaz \(ayse\)/ });
    expect(screen.getByRole('checkbox', { name: /gone/ }).closest('label')).toHaveTextContent('E-posta almayacak: Hesap etkin değil');
    expect(ayse.closest('label')).toHaveTextContent('E-postaları Türkçe okur');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sahip olduğu yetki' }), 'Yönetici');
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ auth_name: 'admin' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sahip olduğu yetki' }), 'Tüm kullanıcılar');
    await user.type(screen.getByRole('searchbox', { name: /Ad, kullanıcı adı veya e-posta/ }), 'example');
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ search: 'example' }));
    await user.click(await screen.findByRole('button', { name: 'Bu sayfadakilerin hepsini seç' }));
    expect(screen.getByText('3 kullanıcı seçildi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'gone listeden çıkar' }));
    expect(screen.getByText('2 kullanıcı seçildi')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /John Smith \(john\)/ })).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: /^Konu/ }), 'Bakım duyurusu');
    await user.click(await screen.findByRole('textbox', { name: 'İçerik' }));
    await user.keyboard('Cumartesi kapalıyız.');
    const tr = screen.getByRole('figure', { name: 'Türkçe okuyan alıcı' });
    const en = screen.getByRole('figure', { name: 'İngilizce okuyan alıcı' });
    expect(tr).toHaveTextContent('Konu: Bakım duyurusu');
    expect(tr).toHaveTextContent('Merhaba [Alıcının adı],');
    expect(tr).toHaveTextContent('Cumartesi kapalıyız.');
    expect(tr).toHaveTextContent(/yöneticileri, .* kullanıcısı olduğunuz için gönderdi/);
    expect(en).toHaveTextContent('Subject: Bakım duyurusu');
    expect(en).toHaveTextContent("Hello [Recipient's name],");
    expect(en).toHaveTextContent(/The administrators of .* sent you this mail/);

    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    const dialog = await screen.findByRole('alertdialog', { name: '2 kullanıcıya gönderilsin mi?' });
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('E-posta 2 kullanıcıya gönderiliyor.')).toBeInTheDocument();
    expect(sent).toEqual([{ user_client_id_list: [USERS[0].user_client_id, USERS[1].user_client_id], subject: 'Bakım duyurusu', content: '<p>Cumartesi kapalıyız.</p>' }]);

    expect(await screen.findByRole('heading', { level: 2, name: 'Toplu e-posta: Bakım duyurusu' })).toBeInTheDocument();
    expect(screen.getByText('2 alıcının 2 tanesi tamamlandı')).toBeInTheDocument();
    const recipients = within(screen.getByRole('list', { name: 'Bu e-postanın alıcıları' })).getAllByRole('listitem');
    expect(recipients[0]).toHaveTextContent('Gönderildi');
    expect(recipients[1]).toHaveTextContent('Gönderilemedi');
    expect(recipients[1]).toHaveTextContent('3 deneme · 550 Mailbox unavailable');
    // The form starts again empty; the history lists the mailing.
    expect(screen.getByText('Henüz kullanıcı seçilmedi.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ayrıntılar: Bakım duyurusu' })).toBeInTheDocument();
  });
});
