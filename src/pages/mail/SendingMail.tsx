// sending_mail (admin): choose users, write a subject and rich-text content, see the mail as a Turkish and as
// an English reader gets it, send after a confirmation ("Send to 2 users?") — /v1/send_mail records it and
// starts its delivery in the background — then follow each recipient's status; earlier mailings below.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { ConfirmDialog, focusFirstInvalid, Notice, serverFieldErrors, TextField, useErrorText } from '../../app/ui';
import { sendMail } from '../../generated/client';
import { statusMessage } from '../../domain/status-messages';
import { HtmlEditor } from '../../../renderers/generic/record/HtmlEditor';
import { MailPreview } from './MailPreview';
import { MailingHistory, MailingStatus } from './MailingStatus';
import { RecipientChooser, type Candidate } from './RecipientChooser';
import './strings';
import './SendingMail.css';

type Field = 'user_client_id_list' | 'subject' | 'content';

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

export default function SendingMail({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState<Candidate[]>([]);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Kept as what happened, worded when shown: a change of language rewords it.
  const [result, setResult] = useState<{ queued: number } | { error: unknown } | null>(null);
  /** The mailing shown below the form: the one just sent (followed until it settles) or one opened from the history. */
  const [shownMailing, setShownMailing] = useState<{ id: string; sentHere: boolean } | null>(null);
  /** Bumped when a mailing sent here is recorded and again when it settles: the history reads its counts again. */
  const [historyVersion, setHistoryVersion] = useState(0);
  const refreshHistory = useCallback(() => setHistoryVersion((n) => n + 1), []);

  const check = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (!chosen.length) found.user_client_id_list = statusMessage('select_user', lang);
    if (!subject.trim()) found.subject = statusMessage('mail_subject_content', lang);
    if (!hasText(content)) found.content = statusMessage('mail_subject_content', lang);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (check()) setConfirming(true);
    else focusFirstInvalid(formRef.current);
  };

  const send = async () => {
    setBusy(true);
    try {
      const answer = await sendMail({ user_client_id_list: chosen.map((u) => u.user_client_id), subject: subject.trim(), content });
      setConfirming(false);
      setResult({ queued: answer.queued_count });
      setShownMailing({ id: answer.mailing.mailing_id, sentHere: true });
      refreshHistory();
      setChosen([]);
      setSubject('');
      setContent('');
      setErrors({});
    } catch (err) {
      setConfirming(false);
      setErrors(serverFieldErrors(err, lang));
      setResult({ error: err });
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page sending-mail" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {result && ('queued' in result ? <Notice kind="success">{t('mail.sent', { count: result.queued })}</Notice> : <Notice>{errorText(result.error)}</Notice>)}
      {/* The chooser's search stays outside the form: Enter there searches, it does not send. */}
      <RecipientChooser chosen={chosen} onChosen={setChosen} error={errors.user_client_id_list} />
      <form ref={formRef} className="form form--wide" noValidate onSubmit={onSubmit} aria-labelledby="mail-message-title">
        <section className="section" aria-labelledby="mail-message-title">
          <h2 id="mail-message-title">{t('mail.message')}</h2>
          <TextField label={t('mail.subject')} name="subject" required maxLength={200} value={subject} onValue={setSubject} error={errors.subject} />
          <HtmlEditor id="mail-content" label={t('mail.content')} lang={lang} value={content} onChange={setContent} error={errors.content} />
        </section>
        <MailPreview subject={subject} contentHtml={content} />
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.sending') : t('mail.send')}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog title={t('mail.confirmTitle', { count: chosen.length })} confirmLabel={t('mail.send')} onConfirm={send} onCancel={() => setConfirming(false)} busy={busy}>
          <p>{t('mail.confirmText')}</p>
        </ConfirmDialog>
      )}
      {shownMailing && (
        <MailingStatus
          key={shownMailing.id}
          mailingId={shownMailing.id}
          onClose={() => setShownMailing(null)}
          onSettled={shownMailing.sentHere ? refreshHistory : undefined}
        />
      )}
      <MailingHistory onOpen={(id) => setShownMailing({ id, sentHere: false })} changed={historyVersion} />
    </article>
  );
}
