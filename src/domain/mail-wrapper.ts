// The words around an administrator's mail (sending_mail, /v1/send_mail) in the recipient's language: a
// greeting by name and a footer naming the site. Shared by the server, which writes each recipient's mail
// with it, and the page's preview, which shows the mail as a Turkish and as an English reader receives it.
// The content is HTML that has been through the rich-text allow-list; the names are escaped here.
export type MailLanguage = 0 | 1;

export interface WrappedMail {
  subject: string;
  html: string;
}

const WORDS = {
  0: {
    greeting: (name: string) => `Merhaba ${name},`,
    footer: (site: string) => `Bu e-postayı ${site} yöneticileri, ${site} kullanıcısı olduğunuz için gönderdi.`,
  },
  1: {
    greeting: (name: string) => `Hello ${name},`,
    footer: (site: string) => `The administrators of ${site} sent you this mail because you are a user of ${site}.`,
  },
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** How the mail greets its reader: the first name, else the username. */
export const greetingName = (user: { firstname?: string | null; username: string }) => user.firstname?.trim() || user.username;

/** The mail a reader of `lang` receives: the admin's subject as typed, the content between greeting and footer. */
export function wrapMail(lang: MailLanguage, parts: { siteName: string; readerName: string; subject: string; contentHtml: string }): WrappedMail {
  const words = WORDS[lang];
  return {
    subject: parts.subject,
    html: [
      `<p>${escapeHtml(words.greeting(parts.readerName))}</p>`,
      parts.contentHtml,
      '<hr>',
      `<p><small>${escapeHtml(words.footer(parts.siteName))}</small></p>`,
    ].join('\n'),
  };
}
