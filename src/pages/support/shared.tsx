// What the support pages share: a ticket's status badge, the conversation (the opening message and the
// comments, who wrote each, which are new and which the other side has seen), the reply form, closing with a
// confirmation, the loading of a ticket that refreshes itself while the page is visible and marks what the
// viewer has seen, and the new-request fields. The user pages and the visitor's page differ only in the calls.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { supportStatus } from '../../generated/enums/supportStatus';
import { userUserController } from '../../generated/client';
import type { SupportComment, SupportStatus, SupportTicket } from '../../generated/types/entities';
import { supportTicketRules } from '../../generated/field-rules';
import { useActiveLabel } from '../../app/router/hooks';
import { useAppStore } from '../../app/store';
import { ConfirmDialog, Notice, SelectField, TextAreaField, TextField, formatDate, focusFirstInvalid, serverFieldErrors, useErrorText, useRepeatableEffect } from '../../app/ui';
import { ApiError } from '../../api/errors';
import './strings';
import './support.css';

export type Side = 'user' | 'shop';

/** How often an open ticket is read again while its page is visible. */
export const REFRESH_MS = 30_000;

/** The status in the reader's language, as a badge. */
export function StatusBadge({ status }: { status: SupportStatus }) {
  const lang = useActiveLabel();
  const label = supportStatus.labels[supportStatus.values.indexOf(status)][lang];
  return <span className={`support-status support-status--${status}`}>{label}</span>;
}

/** The signed-in user's id (the session has it after the start-up check; asked for once when it does not). */
export function useMyUserId(): { userId: string | undefined; error: unknown } {
  const stored = useAppStore((s) => s.session.user?.user_client_id);
  const [asked, setAsked] = useState<{ userId?: string; error?: unknown }>({});
  useEffect(() => {
    if (stored) return;
    let live = true;
    userUserController({}).then(
      (a) => live && setAsked({ userId: a.user.user_client_id }),
      (error: unknown) => live && setAsked({ error }),
    );
    return () => {
      live = false;
    };
  }, [stored]);
  return { userId: stored ?? asked.userId, error: stored ? null : asked.error };
}

/** True when a call was refused because the record is not the caller's or does not exist (10016). */
export const isNotFound = (e: unknown): boolean => e instanceof ApiError && e.status_code === '10016';

export interface Loaded {
  ticket: SupportTicket;
  comments: SupportComment[];
}

/**
 * A ticket as its viewer's side (`sideOf`) reads it, read again every REFRESH_MS while the page is visible and when it becomes
 * visible; whenever the other side wrote something unseen, `markSeen` is called (live_seen). `seenBefore` is
 * the viewer's seen mark when the page opened: the other side's messages after it are new on this visit.
 */
export function useTicket(load: (() => Promise<Loaded>) | null, markSeen: () => Promise<unknown>, sideOf: (ticket: SupportTicket) => Side) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [seenBefore, setSeenBefore] = useState<string | null | undefined>(undefined);
  const markRef = useRef(markSeen);
  useEffect(() => {
    markRef.current = markSeen;
  });

  const refresh = useCallback(async () => {
    if (!load) return;
    try {
      const loaded = await load();
      setData(loaded);
      setError(null);
      const mark = sideOf(loaded.ticket) === 'user' ? loaded.ticket.user_seen_at : loaded.ticket.shop_seen_at;
      setSeenBefore((before) => (before === undefined ? (mark ?? null) : before));
      if ((loaded.ticket.unseen_count ?? 0) > 0) {
        // Seen now: the list shows it read, and the other side sees "seen". A failure only leaves it unseen.
        await markRef.current().catch(() => undefined);
      }
    } catch (e) {
      setError(e);
    }
  }, [load, sideOf]);

  // The server words names in the reader's language (bundles): a new language reads the ticket again.
  const lang = useActiveLabel();
  const [readIn, setReadIn] = useState(lang);
  useEffect(() => {
    if (readIn === lang) return;
    setReadIn(lang);
    void refresh();
  }, [lang, readIn, refresh]);

  useEffect(() => {
    if (!load) return;
    void refresh();
    const again = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = window.setInterval(again, REFRESH_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [load, refresh]);

  return { data, setData, error, seenBefore: seenBefore ?? null, refresh };
}

/** A time in the reader's language, machine-readable too. */
export function Time({ value }: { value: string | undefined }) {
  const lang = useActiveLabel();
  if (!value) return null;
  return <time dateTime={value}>{formatDate(value, lang, true)}</time>;
}

/** What a ticket is about, in the reader's language (an order by its date and bundles, a bundle by name); '' for nothing. */
export function useAboutText(): (ticket: SupportTicket) => string {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return (ticket) => {
    const order = ticket.order_date
      ? ticket.order_bundle_name_list?.length
        ? t('support.details.aboutOrderBundles', { date: formatDate(ticket.order_date, lang, true), bundles: ticket.order_bundle_name_list.join(', ') })
        : t('support.details.aboutOrder', { date: formatDate(ticket.order_date, lang, true) })
      : null;
    const bundle = ticket.bundle_name ? t('support.details.aboutBundle', { name: ticket.bundle_name }) : null;
    return [order, bundle].filter(Boolean).join(' · ');
  };
}

/** How the opener is named: their username, or the name and address they wrote. */
export const openerName = (ticket: SupportTicket): string => ticket.username ?? (ticket.fullname ? `${ticket.fullname} (${ticket.mail})` : (ticket.mail ?? ''));

interface Message {
  key: string;
  byShop: boolean;
  author: string;
  /** The author is the viewer (or, for the shop, a colleague: the same side). */
  mine: boolean;
  text: string;
  createdAt: string;
}

/** The facts above the conversation: shop or opener, dates, what it is about, who closed it. */
function TicketFacts({ ticket, side, myUserId, newRequestPath }: { ticket: SupportTicket; side: Side; myUserId?: string; newRequestPath?: string | null }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const closedByMe = ticket.terminated_by_shop ? side === 'shop' : side === 'user';
  const closer = ticket.terminated_by_shop ? ticket.shop_name : openerName(ticket);
  const about = useAboutText()(ticket);
  return (
    <>
      <dl className="facts support-facts" aria-label={t('support.details.facts')}>
        <div className="facts__row">
          <dt>{t('support.status.label')}</dt>
          <dd>
            <StatusBadge status={ticket.support_status ?? 'open'} />
          </dd>
        </div>
        <div className="facts__row">
          <dt>{side === 'user' ? t('support.details.shop') : t('support.details.from')}</dt>
          <dd>{side === 'user' ? ticket.shop_name : `${openerName(ticket)}${myUserId && ticket.user_client_id === myUserId ? ` (${t('support.details.you')})` : ''}`}</dd>
        </div>
        {side === 'shop' && (
          <div className="facts__row">
            <dt>{t('support.details.shop')}</dt>
            <dd>{ticket.shop_name}</dd>
          </div>
        )}
        <div className="facts__row">
          <dt>{t('support.details.opened')}</dt>
          <dd>
            <Time value={ticket.created_at} />
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('support.details.lastActivity')}</dt>
          <dd>
            <Time value={ticket.updated_at} />
          </dd>
        </div>
        {about && (
          <div className="facts__row">
            <dt>{t('support.details.about')}</dt>
            <dd>{about}</dd>
          </div>
        )}
      </dl>
      {ticket.support_status === 'terminated' && ticket.terminated_at && (
        <Notice kind="info">
          {closedByMe
            ? t('support.details.closedYou', { date: formatDate(ticket.terminated_at, lang, true) })
            : t('support.details.closedOther', { who: closer, date: formatDate(ticket.terminated_at, lang, true) })}{' '}
          {t('support.details.closedNote')}
          {side === 'user' && newRequestPath ? (
            <>
              {' '}
              <Link to={newRequestPath}>{t('support.details.newRequest')}</Link>
            </>
          ) : null}
        </Notice>
      )}
      {ticket.support_status === 'pending' && <Notice kind="info">{t('support.details.pending')}</Notice>}
    </>
  );
}

/** The opening message and the comments, oldest first, as one conversation. */
function messagesOf(ticket: SupportTicket, comments: SupportComment[], side: Side, myUserId: string | undefined, you: string): Message[] {
  const opener: Message = {
    key: 'opening',
    byShop: false,
    author: side === 'user' ? you : openerName(ticket),
    mine: side === 'user',
    text: ticket.message,
    createdAt: ticket.created_at ?? '',
  };
  return [
    opener,
    ...comments.map((c) => {
      const mine = c.by_shop ? side === 'shop' : side === 'user';
      const author = c.by_shop ? (side === 'shop' && myUserId && c.user_client_id === myUserId ? you : (c.username ?? ticket.shop_name ?? '')) : side === 'user' ? you : openerName(ticket);
      return { key: c.comment_client_id, byShop: c.by_shop === true, author, mine, text: c.comment, createdAt: c.created_at ?? '' };
    }),
  ];
}

export interface TicketViewProps {
  ticket: SupportTicket;
  comments: SupportComment[];
  side: Side;
  myUserId?: string;
  /** The viewer's seen mark when the page opened (null: never seen). */
  seenBefore: string | null;
  /** Writes a comment (the page's route); answers it, or throws the refusal. */
  onComment: (text: string) => Promise<SupportComment>;
  /** Terminates the ticket (the page's route), or throws the refusal. */
  onTerminate: () => Promise<void>;
  /** Where a new request is written (offered under a closed one). */
  newRequestPath?: string | null;
}

/** A ticket: its facts, the conversation, the reply form and closing it. */
export function TicketView({ ticket, comments, side, myUserId, seenBefore, onComment, onTerminate, newRequestPath }: TicketViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<unknown>(null);
  const [closed, setClosed] = useState(false);
  const you = t('support.details.you');
  const messages = messagesOf(ticket, comments, side, myUserId, you);
  const otherSeen = side === 'user' ? ticket.shop_seen_at : ticket.user_seen_at;
  const open = ticket.support_status === 'open';

  const close = async () => {
    setClosing(true);
    setCloseError(null);
    try {
      await onTerminate();
      setClosed(true);
      setConfirming(false);
    } catch (e) {
      setCloseError(e);
      setConfirming(false);
    } finally {
      setClosing(false);
    }
  };

  return (
    <>
      <TicketFacts ticket={ticket} side={side} myUserId={myUserId} newRequestPath={newRequestPath} />
      {closed && <Notice kind="success">{t('support.details.closedNotice')}</Notice>}
      {closeError ? <Notice>{errorText(closeError)}</Notice> : null}
      {open && (
        <div className="support-actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {t('support.details.close')}
          </button>
        </div>
      )}
      <section className="support-conversation" aria-labelledby="support-conversation-title">
        <h2 id="support-conversation-title">{t('support.details.conversation')}</h2>
        <ol className="support-messages">
          {messages.map((m) => {
            const isNew = !m.mine && seenBefore !== undefined && (seenBefore === null || m.createdAt > seenBefore);
            return (
              <li key={m.key} className={`support-message ${m.mine ? 'support-message--mine' : ''} ${m.byShop ? 'support-message--shop' : ''}`}>
                <article>
                  <header className="support-message__header">
                    <span className="support-message__author">{m.author}</span>
                    {m.byShop && <span className="support-message__shop">{ticket.shop_name}</span>}
                    {isNew && <span className="support-new">{t('support.details.newBadge')}</span>}
                    <span className="support-message__time">
                      <Time value={m.createdAt} />
                    </span>
                  </header>
                  <p className="support-message__text">{m.text}</p>
                  {m.mine && (
                    <p className="support-message__seen">{otherSeen && otherSeen >= m.createdAt ? t('support.details.seen') : t('support.details.notSeen')}</p>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      </section>
      {open && <ReplyForm onComment={onComment} />}
      {confirming && (
        <ConfirmDialog title={t('support.details.confirmTitle')} confirmLabel={t('support.details.close')} onConfirm={() => void close()} onCancel={() => setConfirming(false)} busy={closing}>
          <p>{side === 'user' ? t('support.details.confirmUser') : t('support.details.confirmShop')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The reply box: plain text, sent with the page's route; the refusal is shown at the box. */
function ReplyForm({ onComment }: { onComment: (text: string) => Promise<SupportComment> }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    if (!text.trim()) {
      setError(t('support.details.commentRequired'));
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    setServerError(null);
    setBusy(true);
    try {
      await onComment(text);
      setText('');
      setSent(true);
    } catch (err) {
      setServerError(err);
      const field = serverFieldErrors(err, lang).comment;
      if (field) setError(field);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form form--wide support-reply" noValidate onSubmit={submit} aria-labelledby="support-reply-title">
      <h2 id="support-reply-title" className="visually-hidden">
        {t('support.details.reply')}
      </h2>
      {serverError ? <Notice>{errorText(serverError)}</Notice> : null}
      <TextAreaField
        label={t('support.details.reply')}
        name="comment"
        rows={4}
        maxLength={supportTicketRules.message.maxLength}
        required
        value={text}
        onValue={(v) => {
          setText(v);
          setSent(false);
        }}
        error={error}
        hint={t('support.details.replyHint')}
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.sending') : t('support.details.send')}
        </button>
        <span role="status" className="support-reply__status">
          {sent ? t('support.details.sent') : ''}
        </span>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------------
// A new request's fields (the signed-in form and the visitor's)

export interface ShopChoice {
  shop_client_id: string;
  shop_name: string;
  is_staff?: boolean;
}

export interface RequestDraft {
  shop: string;
  subject: string;
  message: string;
}

export const EMPTY_DRAFT: RequestDraft = { shop: '', subject: '', message: '' };

/** The form's own checks: i18n keys of the messages by field. */
export function checkDraft(d: RequestDraft): Partial<Record<keyof RequestDraft, string>> {
  return {
    ...(d.shop ? {} : { shop: 'support.form.shopRequired' }),
    ...(d.subject.trim() ? {} : { subject: 'support.form.subjectRequired' }),
    ...(d.message.trim() ? {} : { message: 'support.form.messageRequired' }),
  };
}

/** The shop of a new request: named when there is only one, else chosen. */
export function ShopField({ value, onValue, shops, error }: { value: string; onValue: (shopId: string) => void; shops: ShopChoice[]; error?: string }) {
  const { t } = useTranslation();
  return shops.length === 1 ? (
    <div className="field">
      <span className="field__label">{t('support.form.shop')}</span>
      <span className="support-only-shop">{shops[0].shop_name}</span>
    </div>
  ) : (
    <SelectField
      label={t('support.form.shop')}
      name="shop_client_id"
      required
      value={value}
      onValue={onValue}
      placeholder={t('common.choose')}
      options={shops.map((s) => ({ value: s.shop_client_id, label: s.shop_name }))}
      error={error}
    />
  );
}

/** The subject and message of a new request. */
export function MessageFields({ draft, onDraft, errors }: { draft: RequestDraft; onDraft: (d: RequestDraft) => void; errors: Partial<Record<keyof RequestDraft, string>> }) {
  const { t } = useTranslation();
  const set = (key: keyof RequestDraft) => (value: string) => onDraft({ ...draft, [key]: value });
  return (
    <>
      <TextField label={t('support.form.subject')} name="subject" required maxLength={supportTicketRules.subject.maxLength} value={draft.subject} onValue={set('subject')} error={errors.subject} />
      <TextAreaField
        label={t('support.form.message')}
        name="message"
        rows={6}
        required
        maxLength={supportTicketRules.message.maxLength}
        value={draft.message}
        onValue={set('message')}
        error={errors.message}
        hint={t('support.form.messageHint')}
      />
    </>
  );
}

/** Shop, subject and message of a new request, and what it is about (`about`) between the shop and the subject. */
export function RequestFields({
  draft,
  onDraft,
  shops,
  errors,
  about,
}: {
  draft: RequestDraft;
  onDraft: (d: RequestDraft) => void;
  shops: ShopChoice[];
  errors: Partial<Record<keyof RequestDraft, string>>;
  about?: ReactNode;
}) {
  return (
    <>
      <ShopField value={draft.shop} onValue={(shop) => onDraft({ ...draft, shop })} shops={shops} error={errors.shop} />
      {about}
      <MessageFields draft={draft} onDraft={onDraft} errors={errors} />
    </>
  );
}

/**
 * A list for a form's choices (the shops a ticket can go to, a shop's bundles), loaded when `load` changes and
 * again on retry; `items` is null until the list of this very `load` has come.
 */
export function useLoadedList<T>(load: () => Promise<T[]>) {
  const [state, setState] = useState<{ load: () => Promise<T[]>; items: T[] | null; error: unknown } | null>(null);
  const retry = useRepeatableEffect(
    useCallback(() => {
      let live = true;
      load().then(
        (items) => live && setState({ load, items, error: null }),
        (error: unknown) => live && setState({ load, items: null, error }),
      );
      return () => {
        live = false;
      };
    }, [load]),
  );
  const current = state?.load === load ? state : null;
  return { items: current?.items ?? null, error: current?.error ?? null, retry };
}

/** Whether trying again may help: the network or our side failed, not a refusal of the request itself. */
const mayRetry = (e: unknown): boolean => !(e instanceof ApiError) || ['10012', '10013'].includes(e.status_code);

/** A short notice, with a retry button when trying again may help (a list or a ticket that could not be loaded). */
export function LoadFailed({ error, onRetry, children }: { error: unknown; onRetry?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Notice>
      {children ?? errorText(error)}{' '}
      {onRetry && mayRetry(error) && (
        <button type="button" className="button button--small button--secondary" onClick={onRetry}>
          {t('support.list.retry')}
        </button>
      )}
    </Notice>
  );
}
