// The mail as a Turkish and as an English reader receives it (src/domain/mail-wrapper.ts, the words the
// server writes around the content): subject, greeting, the admin's content and the footer with the site's name.
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { wrapMail, type MailLanguage } from '../../domain/mail-wrapper';

const LANGS: { value: MailLanguage; label: 'tr' | 'en' }[] = [
  { value: 0, label: 'tr' },
  { value: 1, label: 'en' },
];

export function MailPreview({ subject, contentHtml }: { subject: string; contentHtml: string }) {
  const { t } = useTranslation();
  const siteName = useAppStore((s) => s.configuration.settings?.application_name) || window.location.hostname;
  const empty = !subject.trim() && !contentHtml.replace(/<[^>]*>/g, '').trim();
  return (
    <section className="section" aria-labelledby="mail-preview-title">
      <h2 id="mail-preview-title">{t('mail.preview')}</h2>
      <p className="field__hint">{t('mail.previewHint')}</p>
      {empty ? (
        <p>{t('mail.previewEmpty')}</p>
      ) : (
        <div className="mail-preview">
          {LANGS.map(({ value, label }) => {
            const mail = wrapMail(value, { siteName, readerName: t(`mail.sampleName.${value}`), subject: subject.trim(), contentHtml });
            return (
              <figure key={value} className="mail-preview__mail" aria-labelledby={`mail-preview-for-${value}`}>
                <figcaption id={`mail-preview-for-${value}`} className="mail-preview__for">
                  {t(`mail.previewFor.${value}`)}
                </figcaption>
                <div lang={label}>
                  <p className="mail-preview__subject">{t('mail.previewSubject', { lng: label, subject: mail.subject })}</p>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the content is the rich-text editor's output, which holds only what the server's allow-list keeps (renderers/generic/record/rich-text-schema.ts); the wrapper escapes the names it adds */}
                  <div className="rich-text mail-preview__body" dangerouslySetInnerHTML={{ __html: mail.html }} />
                </div>
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
