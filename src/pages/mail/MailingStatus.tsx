// A mailing as it goes out (mailing/get): a progress bar over its recipients, followed by itself while mails
// are waiting, and each recipient's status in words (sent, failed with the mail server's reason, skipped and
// why, not sent because the mailing was stopped). Below it on the page, the history of mailings (mailing/list).
import { useCallback, useEffect, useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { enumLabel, formatDate, Notice, useErrorText, useLoad } from '../../app/ui';
import { mailingRecipientStatus } from '../../generated/enums/mailingRecipientStatus';
import { mailingSkipReason } from '../../generated/enums/mailingSkipReason';
import { mailingGet, mailingList } from '../../generated/client';
import type { Mailing } from '../../generated/types/entities';
import type { MailingGetResponse } from '../../generated/types/routes';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { usePagedList } from '../shared/paged';
import { userName } from './RecipientChooser';

type Recipient = MailingGetResponse['recipient_list'][number];

/** How often a mailing with waiting recipients is read again. */
const FOLLOW_MS = 2000;

export function MailingStatus({ mailingId, onClose, onSettled }: { mailingId: string; onClose: () => void; /** Called once no recipient is waiting. */ onSettled?: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const id = useId().replace(/:/g, '');
  const load = useCallback(() => mailingGet({ mailing_id: mailingId }), [mailingId]);
  const { data, error, retry } = useLoad(load);
  const waiting = (data?.mailing.queued_count ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(retry, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [waiting, retry]);
  const settled = data !== null && !waiting;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);

  if (!data) return <section className="section">{error ? <Notice>{errorText(error)}</Notice> : <p role="status">{t('app.loading')}</p>}</section>;
  const m = data.mailing;
  const done = m.recipient_count - m.queued_count;
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mail.progressTitle', { subject: m.subject })}</h2>
      <label className="field__label" htmlFor={`${id}-progress`}>
        {t('mail.progressLabel')}
      </label>
      <progress id={`${id}-progress`} className="mail-progress" max={Math.max(m.recipient_count, 1)} value={done} />
      <p role="status">{t('mail.progress', { done, total: m.recipient_count })}</p>
      <p>{t('mail.result', { sent: m.sent_count, failed: m.failed_count, skipped: m.skipped_count })}</p>
      {waiting && <p className="field__hint">{t('mail.stillSending')}</p>}
      {error ? <Notice>{errorText(error)}</Notice> : null}
      <h3 id={`${id}-list`}>{t('mail.recipientList')}</h3>
      <ul className="mail-recipients" aria-labelledby={`${id}-list`}>
        {data.recipient_list.map((r) => (
          <li key={r.user_client_id} className={`mail-recipients__item mail-recipients__item--${r.recipient_status}`}>
            <span className="mail-recipients__name">{userName(r)}</span>
            {r.mail && <span className="mail-recipients__mail">{r.mail}</span>}
            <span className="mail-recipients__status">{enumLabel(mailingRecipientStatus, r.recipient_status, lang)}</span>
            <span className="mail-recipients__detail">{recipientDetail(r, lang, t)}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('mail.close')}
      </button>
    </section>
  );
}

function recipientDetail(r: Recipient, lang: 'tr' | 'en', t: TFunction): string {
  if (r.recipient_status === 'skipped' && r.skip_reason) return enumLabel(mailingSkipReason, r.skip_reason, lang);
  const parts = [r.attempts ? t('mail.attempts', { count: r.attempts }) : '', r.sent_at ? formatDate(r.sent_at, lang, true) : '', r.error ?? ''];
  return parts.filter(Boolean).join(' · ');
}

const HISTORY_PAGE = 10;

export function MailingHistory({ onOpen, changed }: { onOpen: (mailingId: string) => void; changed: number }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const load = useCallback((page: number) => mailingList({ page, page_size: HISTORY_PAGE }).then((a) => ({ rows: a.mailing_list, total: a.total })), []);
  const list = usePagedList<Mailing>(load, [changed]);
  const columns: TableColumn<Mailing>[] = [
    { header: t('mail.col.subject'), cell: (m) => m.subject },
    { header: t('mail.col.date'), cell: (m) => formatDate(m.created_at, lang, true) },
    { header: t('mail.col.sender'), cell: (m) => m.sender_username ?? (m.sender_key_name ? t('mail.byKey', { name: m.sender_key_name }) : ''), priority: 3 },
    { header: t('mail.col.recipients'), cell: (m) => m.recipient_count, priority: 3 },
    { header: t('mail.col.result'), cell: (m) => t('mail.result', { sent: m.sent_count, failed: m.failed_count, skipped: m.skipped_count }) },
    {
      header: t('mail.col.open'),
      priority: 1,
      cell: (m) => (
        <button type="button" className="button button--secondary button--small" aria-label={t('mail.open', { subject: m.subject })} onClick={() => onOpen(m.mailing_id)}>
          {t('mail.col.open')}
        </button>
      ),
    },
  ];
  return (
    <PagedTable
      id="mail-history-title"
      title={t('mail.history')}
      list={list}
      columns={columns}
      rowKey={(m) => m.mailing_id}
      pageSize={HISTORY_PAGE}
      pagesLabel={t('mail.historyPages')}
      empty={t('mail.noHistory')}
    />
  );
}
