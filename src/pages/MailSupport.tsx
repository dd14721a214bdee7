// mail_support (/support-request, /destek-talebi; no login): the page a support mail's link opens for a
// visitor without an account. With the link's client_id, mail and token it confirms a request still waiting
// (mail/support/record), shows it (mail/support/get), marks it seen (mail/support/live_seen), takes replies
// (mail/support/comment) and closes it after a confirmation (mail/support/terminate), and lists the address's
// other requests (mail/support/list). Without a link it is the visitor's new-request form (mail/support/new);
// a signed-in user is sent to their own list instead.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { isLoggedIn, useAppStore } from '../app/store';
import { mailSupportComment, mailSupportGet, mailSupportList, mailSupportLiveSeen, mailSupportNew, mailSupportRecord, mailSupportTerminate, supportShopList } from '../generated/client';
import type { SupportTicket } from '../generated/types/entities';
import { supportTicketRules } from '../generated/field-rules';
import { Notice, TextField, focusFirstInvalid, serverFieldErrors, useErrorText, useFocusOnMount } from '../app/ui';
import { checkMail } from './shared/validation';
import { SUPPORT_PENDING_DAYS } from '../domain/support';
import { usePagePath } from './shared/hooks';
import { EMPTY_DRAFT, LoadFailed, RequestFields, StatusBadge, Time, TicketView, checkDraft, isNotFound, useLoadedList, useTicket, type RequestDraft } from './support/shared';
import { BundleField } from './support/about';

interface Credential {
  client_id: string;
  mail: string;
  mail_support_token: string;
}

export default function MailSupport({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const mail = params.get('mail') ?? '';
  const token = params.get('token') ?? '';
  const loggedIn = useAppStore((s) => isLoggedIn(s.session));
  const listPath = usePagePath('user_support_list');
  const listCaption = useAppStore((s) => s.configuration.menuData.find((p) => p.route_name === 'user_support_list')?.caption[lang]);
  const hasLink = Boolean(clientId && mail && token);
  const partLink = !hasLink && Boolean(clientId || mail || token);

  if (hasLink) return <VisitorTicket key={`${clientId}|${mail}|${token}`} credential={{ client_id: clientId, mail, mail_support_token: token }} caption={page.caption[lang]} />;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {partLink && <Notice>{t('support.mail.linkIncomplete')}</Notice>}
      {loggedIn && listPath ? (
        <p>
          {t('support.mail.signedIn')} <Link to={listPath}>{listCaption ?? listPath}</Link>
        </p>
      ) : (
        <VisitorRequest />
      )}
    </article>
  );
}

/** A request the visitor reaches with their link. */
function VisitorTicket({ credential, caption }: { credential: Credential; caption: string }) {
  const { t } = useTranslation();
  const newPath = usePagePath('mail_support');
  const [confirmedTo, setConfirmedTo] = useState<string | null>(null);
  const load = useMemo(
    () => async () => {
      let a = await mailSupportGet(credential);
      if (a.support_ticket.support_status === 'pending') {
        // The confirmation link: the request reaches the shop now (again is harmless).
        await mailSupportRecord(credential);
        setConfirmedTo(a.support_ticket.shop_name ?? '');
        a = await mailSupportGet(credential);
      }
      return { ticket: a.support_ticket, comments: a.support_comment_list };
    },
    [credential],
  );
  const markSeen = useCallback(() => mailSupportLiveSeen(credential), [credential]);
  const sideOf = useCallback(() => 'user' as const, []);
  const { data, setData, error, seenBefore, refresh } = useTicket(load, markSeen, sideOf);

  const comment = async (text: string) => {
    const a = await mailSupportComment({ ...credential, comment: text.trim() });
    setData((d) => (d ? { ...d, comments: [...d.comments, a.support_comment] } : d));
    void refresh();
    return a.support_comment;
  };
  const terminate = async () => {
    await mailSupportTerminate(credential);
    await refresh();
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{data ? data.ticket.subject : caption}</h1>
      {confirmedTo !== null && <Notice kind="success">{t('support.mail.confirmed', { shop: confirmedTo })}</Notice>}
      {error && !data ? (
        <>
          {isNotFound(error) ? <Notice>{t('support.mail.notFound', { days: SUPPORT_PENDING_DAYS })}</Notice> : <LoadFailed error={error} onRetry={() => void refresh()} />}
          <section className="section support-new-form" aria-labelledby="support-new-title">
            <h2 id="support-new-title">{t('support.mail.writeNew')}</h2>
            <VisitorRequest />
          </section>
        </>
      ) : !data ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <>
          <TicketView ticket={data.ticket} comments={data.comments} side="user" seenBefore={seenBefore} onComment={comment} onTerminate={terminate} newRequestPath={newPath} />
          <OtherRequests credential={credential} />
        </>
      )}
    </article>
  );
}

/** The address's other requests, each opened with the same link's token. */
function OtherRequests({ credential }: { credential: Credential }) {
  const { t } = useTranslation();
  const path = usePagePath('mail_support');
  const [others, setOthers] = useState<SupportTicket[]>([]);
  useEffect(() => {
    let live = true;
    mailSupportList({ mail: credential.mail, mail_support_token: credential.mail_support_token, page_size: 50 }).then(
      (a) => live && setOthers(a.support_ticket_list.filter((x) => x.client_id !== credential.client_id)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [credential]);
  if (!others.length || !path) return null;
  const linkOf = (x: SupportTicket) => `${path}?${new URLSearchParams({ client_id: x.client_id, mail: credential.mail, token: credential.mail_support_token })}`;
  return (
    <section className="section" aria-labelledby="support-others-title">
      <h2 id="support-others-title">{t('support.mail.others')}</h2>
      <ul className="support-others">
        {others.map((x) => (
          <li key={x.client_id}>
            <span className="support-subject">
              <Link to={linkOf(x)}>{x.subject}</Link>
              <StatusBadge status={x.support_status ?? 'open'} />
              {(x.unseen_count ?? 0) > 0 && <span className="support-unseen">{t('support.list.unseen', { count: x.unseen_count })}</span>}
            </span>{' '}
            <span className="support-others__time">
              {x.shop_name} · <Time value={x.updated_at} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface VisitorDraft extends RequestDraft {
  fullname: string;
  mail: string;
  /** The bundle the request is about, if any ('' for none). */
  bundle: string;
}

/** The new-request form of a visitor without an account: the request waits until the mailed link is opened. */
function VisitorRequest() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const langValue = useAppStore((s) => s.language.active.value);
  const errorText = useErrorText();
  const loadShops = useCallback(async () => (await supportShopList({})).shop_list, []);
  const shops = useLoadedList(loadShops);
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<VisitorDraft>({ ...EMPTY_DRAFT, fullname: '', mail: '', bundle: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof VisitorDraft, string>>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ mail: string; shop: string } | null>(null);
  const shopId = draft.shop || (shops.items?.length === 1 ? shops.items[0].shop_client_id : '');

  if (sent) return <Sent mail={sent.mail} shop={sent.shop} onAnother={() => setSent(null)} />;
  if (shops.error) return <LoadFailed error={shops.error} onRetry={shops.retry} />;
  if (!shops.items) return <p role="status">{t('support.form.shopsLoading')}</p>;
  if (!shops.items.length) return <p>{t('support.form.noShops')}</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mailCheck = checkMail(draft.mail);
    const found: Partial<Record<keyof VisitorDraft, string>> = {
      ...(draft.fullname.trim() ? {} : { fullname: 'support.form.nameRequired' }),
      ...(mailCheck ? { mail: mailCheck } : {}),
      ...checkDraft({ ...draft, shop: shopId }),
    };
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await mailSupportNew({
        mail: draft.mail.trim(),
        fullname: draft.fullname.trim(),
        shop_client_id: shopId,
        ...(draft.bundle ? { bundle_client_id: draft.bundle } : {}),
        subject: draft.subject.trim(),
        message: draft.message.trim(),
        active_lang: langValue,
      });
      setSent({ mail: draft.mail.trim(), shop: shops.items?.find((s) => s.shop_client_id === shopId)?.shop_name ?? '' });
      setDraft({ ...EMPTY_DRAFT, fullname: draft.fullname, mail: draft.mail, bundle: '' });
    } catch (err) {
      setServerError(err);
      const fields = serverFieldErrors(err, lang);
      setErrors({ mail: fields.mail, fullname: fields.fullname, subject: fields.subject, message: fields.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form form--wide support-form" noValidate onSubmit={submit} aria-label={t('support.form.title')}>
      <p className="support-form__intro">
        {t('support.mail.intro')} {t('support.mail.required')}
      </p>
      {serverError ? <Notice>{errorText(serverError)}</Notice> : null}
      <div className="form__row">
        <TextField
          label={t('support.mail.name')}
          name="fullname"
          autoComplete="name"
          required
          maxLength={supportTicketRules.fullname.maxLength}
          value={draft.fullname}
          onValue={(v) => setDraft((d) => ({ ...d, fullname: v }))}
          error={errors.fullname}
        />
        <TextField
          label={t('support.mail.mail')}
          name="mail"
          type="email"
          autoComplete="email"
          required
          maxLength={supportTicketRules.mail.maxLength}
          value={draft.mail}
          onValue={(v) => setDraft((d) => ({ ...d, mail: v }))}
          error={errors.mail}
          hint={t('support.mail.mailHint')}
        />
      </div>
      <RequestFields
        draft={{ ...draft, shop: shopId }}
        // Another shop's bundles are not this one's: a change of shop forgets the bundle.
        onDraft={(d) => setDraft((old) => ({ ...old, ...d, bundle: d.shop === shopId ? old.bundle : '' }))}
        shops={shops.items}
        errors={errors}
        about={<BundleField shopId={shopId} value={draft.bundle} onValue={(bundle) => setDraft((d) => ({ ...d, bundle }))} optional />}
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.sending') : t('support.form.submit')}
        </button>
      </div>
    </form>
  );
}

function Sent({ mail, shop, onAnother }: { mail: string; shop: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="support-sent-title">
      <h2 id="support-sent-title" ref={heading} tabIndex={-1}>
        {t('support.mail.sentTitle')}
      </h2>
      <Notice kind="success">{t('support.mail.sentText', { mail, shop, days: SUPPORT_PENDING_DAYS })}</Notice>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('support.mail.another')}
      </button>
    </section>
  );
}
