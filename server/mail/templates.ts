// The mails the account calls send, in the recipient's language (active_lang: 0 Turkish, 1 English).
import type { OutgoingMail } from './mailer.ts';

export type MailLang = 0 | 1;

export interface SiteInfo {
  /** The site's name (the configuration's application_name). */
  name: string;
  /** Where links start: http://localhost:8080 */
  origin: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function registrationMail(site: SiteInfo, lang: MailLang, to: { mail: string; firstname: string; userId: string }, code: string): OutgoingMail {
  const link = `${site.origin}${lang === 0 ? '/kayit/onay' : '/register/approve'}?${query({ user_id: to.userId, code })}`;
  if (lang === 0)
    return {
      to: to.mail,
      subject: `${site.name}: e-posta adresinizi onaylayın`,
      text: [
        `Merhaba ${to.firstname},`,
        '',
        `${site.name} kaydınız için onay kodunuz: ${code}`,
        '',
        'Kod 24 saat geçerlidir. Onay sayfasına yazın ya da bu bağlantıyı açın:',
        link,
        '',
        'Kayıt olmadıysanız bu e-postayı dikkate almayın.',
      ].join('\n'),
    };
  return {
    to: to.mail,
    subject: `${site.name}: approve your e-mail address`,
    text: [
      `Hello ${to.firstname},`,
      '',
      `Your approval code for ${site.name}: ${code}`,
      '',
      'The code is valid for 24 hours. Write it on the approval page, or open this link:',
      link,
      '',
      'If you did not register, please ignore this mail.',
    ].join('\n'),
  };
}

const resetPage = (site: SiteInfo, lang: MailLang) => `${site.origin}${lang === 0 ? '/giris/sifre-sifirlama' : '/login/password-reset'}`;

function resetLink(site: SiteInfo, lang: MailLang, userId: string, code: string): string {
  return `${resetPage(site, lang)}?${query({ user_id: userId, code })}`;
}

export function passwordResetMail(site: SiteInfo, lang: MailLang, to: { mail: string; username: string; userId: string }, code: string): OutgoingMail {
  const link = resetLink(site, lang, to.userId, code);
  if (lang === 0)
    return {
      to: to.mail,
      subject: `${site.name}: parola sıfırlama`,
      text: [
        `Merhaba ${to.username},`,
        '',
        `Parolanızı sıfırlama kodunuz: ${code}`,
        '',
        'Kod 1 saat geçerlidir. Yeni parolanızı belirlemek için bu bağlantıyı açın:',
        link,
        '',
        'Parola sıfırlamayı siz istemediyseniz bu e-postayı dikkate almayın; parolanız değişmez.',
      ].join('\n'),
    };
  return {
    to: to.mail,
    subject: `${site.name}: password reset`,
    text: [
      `Hello ${to.username},`,
      '',
      `Your password reset code: ${code}`,
      '',
      'The code is valid for 1 hour. Open this link to choose a new password:',
      link,
      '',
      'If you did not ask for a password reset, please ignore this mail; your password stays as it is.',
    ].join('\n'),
  };
}

/** To a person an authorized person registered; with a code when they must choose their first password. */
export function accountCreatedMail(
  site: SiteInfo,
  lang: MailLang,
  to: { mail: string; firstname: string; username: string; userId: string },
  by: string,
  code?: string,
): OutgoingMail {
  const link = code ? resetLink(site, lang, to.userId, code) : `${site.origin}/login`;
  if (lang === 0)
    return {
      to: to.mail,
      subject: `${site.name}: hesabınız açıldı`,
      text: [
        `Merhaba ${to.firstname},`,
        '',
        `${by} sizin için ${site.name} sitesinde bir hesap açtı. Kullanıcı adınız: ${to.username}`,
        '',
        ...(code
          ? [`Parolanızı belirleme kodunuz: ${code}`, 'Kod 24 saat geçerlidir. Parolanızı belirlemek için bu bağlantıyı açın:', link]
          : ['Parolanızı sizi kaydeden kişiden öğrenebilir ya da giriş sayfasındaki parola sıfırlamayı kullanabilirsiniz:', link]),
      ].join('\n'),
    };
  return {
    to: to.mail,
    subject: `${site.name}: your account is ready`,
    text: [
      `Hello ${to.firstname},`,
      '',
      `${by} opened an account for you on ${site.name}. Your username: ${to.username}`,
      '',
      ...(code
        ? [`Your code to choose a password: ${code}`, 'The code is valid for 24 hours. Open this link to choose your password:', link]
        : ['Ask the person who registered you for your password, or use the password reset on the login page:', link]),
    ].join('\n'),
  };
}

/** To an account's owner when failed logins from many addresses reached its ceiling (server/auth/login-guard.ts). */
export function loginGuessedMail(
  site: SiteInfo,
  lang: MailLang,
  to: { mail: string; username: string },
  seen: { attempts: number; addresses: number; lockMinutes: number },
): OutgoingMail {
  const link = resetPage(site, lang);
  if (lang === 0)
    return {
      to: to.mail,
      subject: `${site.name}: hesabınızın parolası tahmin edilmeye çalışılıyor`,
      text: [
        `Merhaba ${to.username},`,
        '',
        `${site.name} hesabınıza (${to.username}) son bir saatte ${seen.attempts} kez yanlış parolayla giriş denendi; denemeler ${seen.addresses} farklı adresten geldi.`,
        'Parolanız ele geçmedi: bu denemelerin hiçbiri giriş yapamadı.',
        '',
        `Önlem olarak ${seen.lockMinutes} dakika boyunca hesabınıza yalnızca daha önce giriş yaptığınız adreslerden girilebilir.`,
        'Giriş yapamıyorsanız parolanızı sıfırlayın; sıfırlama hesabınızı her yerden yeniden açar:',
        link,
        '',
        'Bu denemeleri siz yaptıysanız bu e-postayı dikkate almayın.',
      ].join('\n'),
    };
  return {
    to: to.mail,
    subject: `${site.name}: someone is trying to guess your password`,
    text: [
      `Hello ${to.username},`,
      '',
      `In the last hour there were ${seen.attempts} failed login attempts with a wrong password to your ${site.name} account (${to.username}), from ${seen.addresses} different addresses.`,
      'Your password was not given out: none of these attempts got in.',
      '',
      `As a precaution, for ${seen.lockMinutes} minutes your account can be logged in to only from addresses you have logged in from before.`,
      'If you cannot log in, reset your password; a reset opens your account from anywhere again:',
      link,
      '',
      'If these attempts were your own, please ignore this mail.',
    ].join('\n'),
  };
}
