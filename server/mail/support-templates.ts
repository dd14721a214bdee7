// The mails about support tickets, in the recipient's language (0 Turkish, 1 English), plain text only:
// what people wrote is quoted as typed and never read as HTML. Links open the pages of the static catalogue
// (schemas/screens/pages.json) at their path in the mail's language: the signed-in details page for users and
// staff, the visitor's page (mail_support) with the ticket, the address and a token for a ticket opened by mail.
import staticCatalogue from '../../schemas/screens/pages.json' with { type: 'json' };
import type { OutgoingMail } from './mailer.ts';
import type { MailLang, SiteInfo } from './templates.ts';
import { SUPPORT_PENDING_DAYS } from '../../src/domain/support.ts';

const pages = (staticCatalogue as { pages: { route_name: string; path: Record<string, string | undefined> }[] }).pages;

function pagePath(routeName: 'user_support_details' | 'mail_support', lang: MailLang): string {
  const page = pages.find((p) => p.route_name === routeName)!;
  return (lang === 0 ? page.path.tr : page.path.en) ?? page.path.en!;
}

/** The link a user or a shop's staff member opens the ticket with (they sign in if they must). */
export function ticketLink(site: SiteInfo, lang: MailLang, clientId: string): string {
  return `${site.origin}${pagePath('user_support_details', lang)}?${new URLSearchParams({ client_id: clientId })}`;
}

/** The link of a ticket opened by mail: the token admits the address's tickets (server/services/support-store.ts). */
export function visitorLink(site: SiteInfo, lang: MailLang, t: { clientId: string; mail: string; token: string }): string {
  return `${site.origin}${pagePath('mail_support', lang)}?${new URLSearchParams({ client_id: t.clientId, mail: t.mail, token: t.token })}`;
}

/** A quoted text, each line after "> ", so a long message cannot pass for the mail's own words. */
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

interface About {
  to: string;
  /** How the mail greets its reader: a first name, a username or the name typed in the form. */
  name: string;
  shopName: string;
  subject: string;
}

/** To a visitor who opened a ticket by mail: confirm it (mail/support/record) so that it reaches the shop. */
export function supportConfirmMail(site: SiteInfo, lang: MailLang, about: About, link: string): OutgoingMail {
  if (lang === 0)
    return {
      to: about.to,
      subject: `${site.name}: destek talebinizi onaylayın — ${about.subject}`,
      text: [
        `Merhaba ${about.name},`,
        '',
        `${about.shopName} mağazasına "${about.subject}" konulu bir destek talebi yazdınız. Talebiniz, bu bağlantıyı açıp onayladığınızda mağazaya ulaşır:`,
        link,
        '',
        'Bağlantı 30 gün geçerlidir; talebinizi ve mağazanın yanıtlarını da bu bağlantıyla okursunuz. Bağlantıyı kimseyle paylaşmayın.',
        `Bağlantıyı ${SUPPORT_PENDING_DAYS} gün içinde açmazsanız talep silinir.`,
        'Bu talebi siz yazmadıysanız bu e-postayı dikkate almayın; onaylanmayan talep mağazaya gitmez.',
      ].join('\n'),
    };
  return {
    to: about.to,
    subject: `${site.name}: please confirm your support request — ${about.subject}`,
    text: [
      `Hello ${about.name},`,
      '',
      `You wrote a support request to ${about.shopName} about "${about.subject}". It reaches the shop once you confirm it by opening this link:`,
      link,
      '',
      "The link is valid for 30 days; it also shows your request and the shop's answers. Do not share it.",
      `If you do not open the link within ${SUPPORT_PENDING_DAYS} days, the request is deleted.`,
      'If you did not write this request, please ignore this mail; a request that is not confirmed never reaches the shop.',
    ].join('\n'),
  };
}

/** To the opener: the shop answered. */
export function supportReplyMail(site: SiteInfo, lang: MailLang, about: About & { comment: string }, link: string): OutgoingMail {
  if (lang === 0)
    return {
      to: about.to,
      subject: `${site.name}: ${about.shopName} destek talebinizi yanıtladı — ${about.subject}`,
      text: [
        `Merhaba ${about.name},`,
        '',
        `${about.shopName}, "${about.subject}" konulu destek talebinize yanıt yazdı:`,
        '',
        quoted(about.comment),
        '',
        'Talebin tamamını okumak ve yanıtlamak için bu bağlantıyı açın:',
        link,
      ].join('\n'),
    };
  return {
    to: about.to,
    subject: `${site.name}: ${about.shopName} answered your support request — ${about.subject}`,
    text: [
      `Hello ${about.name},`,
      '',
      `${about.shopName} answered your support request "${about.subject}":`,
      '',
      quoted(about.comment),
      '',
      'Open this link to read the whole request and to answer:',
      link,
    ].join('\n'),
  };
}

/** To the opener: the shop closed the ticket. */
export function supportClosedMail(site: SiteInfo, lang: MailLang, about: About, link: string): OutgoingMail {
  if (lang === 0)
    return {
      to: about.to,
      subject: `${site.name}: destek talebiniz kapatıldı — ${about.subject}`,
      text: [
        `Merhaba ${about.name},`,
        '',
        `${about.shopName}, "${about.subject}" konulu destek talebinizi kapattı. Kapatılan talebe yeni mesaj yazılamaz; yardıma ihtiyacınız sürüyorsa yeni bir talep açabilirsiniz.`,
        '',
        'Talebi okumak için:',
        link,
      ].join('\n'),
    };
  return {
    to: about.to,
    subject: `${site.name}: your support request was closed — ${about.subject}`,
    text: [
      `Hello ${about.name},`,
      '',
      `${about.shopName} closed your support request "${about.subject}". A closed request takes no more messages; if you still need help, you can open a new one.`,
      '',
      'To read the request:',
      link,
    ].join('\n'),
  };
}

/** To the shop's address (shop_mail): a new ticket, or a new message from its opener. */
export function supportShopMail(site: SiteInfo, lang: MailLang, about: Omit<About, 'name'> & { from: string; text: string; isNew: boolean }, link: string): OutgoingMail {
  if (lang === 0)
    return {
      to: about.to,
      subject: `${site.name}: ${about.isNew ? 'yeni destek talebi' : 'destek talebine yeni mesaj'} — ${about.subject}`,
      text: [
        `${about.shopName} mağazasına ${about.from} ${about.isNew ? 'yeni bir destek talebi açtı' : 'bir destek talebine yeni mesaj yazdı'}: "${about.subject}"`,
        '',
        quoted(about.text),
        '',
        'Yanıtlamak için oturum açıp bu bağlantıyı açın:',
        link,
      ].join('\n'),
    };
  return {
    to: about.to,
    subject: `${site.name}: ${about.isNew ? 'new support request' : 'new message on a support request'} — ${about.subject}`,
    text: [
      `${about.from} ${about.isNew ? 'opened a new support request' : 'wrote a new message on a support request'} to ${about.shopName}: "${about.subject}"`,
      '',
      quoted(about.text),
      '',
      'Sign in and open this link to answer:',
      link,
    ].join('\n'),
  };
}
