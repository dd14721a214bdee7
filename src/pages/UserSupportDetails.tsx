// user_support_details (?client_id=…): one support request as its opener or its shop's staff read it
// (user/support/get): the conversation, a reply box (user/support/comment), closing after a confirmation
// (user/support/terminate). Opening it marks the viewer's side as having seen it (user/support/live_seen), and
// it is read again while the page is visible, so the other side's new messages appear and are marked seen.
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { userSupportComment, userSupportGet, userSupportLiveSeen, userSupportTerminate } from '../generated/client';
import type { SupportTicket } from '../generated/types/entities';
import { Notice, useErrorText } from '../app/ui';
import { usePagePath } from './shared/hooks';
import { LoadFailed, TicketView, isNotFound, useMyUserId, useTicket, type Side } from './support/shared';

export default function UserSupportDetails({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const sentTo = (useLocation().state as { sentTo?: string } | null)?.sentTo;
  const listPath = usePagePath('user_support_list');
  const { userId, error: idError } = useMyUserId();

  const load = useMemo(
    () =>
      userId && clientId
        ? async () => {
            const a = await userSupportGet({ user_client_id: userId, client_id: clientId });
            return { ticket: a.support_ticket, comments: a.support_comment_list };
          }
        : null,
    [userId, clientId],
  );
  const markSeen = useCallback(() => userSupportLiveSeen({ user_client_id: userId ?? '', client_id: clientId }), [userId, clientId]);
  const sideOf = useCallback((ticket: SupportTicket): Side => (ticket.user_client_id === userId ? 'user' : 'shop'), [userId]);
  const { data, setData, error, seenBefore, refresh } = useTicket(load, markSeen, sideOf);
  const side = data ? sideOf(data.ticket) : 'user';
  const view = data ? side : params.get('view') === 'shop' ? 'shop' : 'own';
  const back = listPath && `${listPath}?view=${view === 'shop' ? 'shop' : 'own'}`;

  const comment = async (text: string) => {
    const a = await userSupportComment({ user_client_id: userId ?? '', client_id: clientId, comment: text.trim() });
    setData((d) => (d ? { ...d, comments: [...d.comments, a.support_comment] } : d));
    void refresh();
    return a.support_comment;
  };
  const terminate = async () => {
    await userSupportTerminate({ user_client_id: userId ?? '', client_id: clientId });
    await refresh();
  };

  return (
    <article className="page" aria-labelledby="page-title">
      {back && (
        <Link className="support-back" to={back}>
          ← {t('support.details.back')}
        </Link>
      )}
      <h1 id="page-title">{data ? data.ticket.subject : page.caption[lang]}</h1>
      {sentTo && data && <Notice kind="success">{t('support.form.sentTo', { shop: sentTo })}</Notice>}
      {!clientId ? (
        <Notice kind="info">{t('support.details.missing')}</Notice>
      ) : idError ? (
        <Notice>{errorText(idError)}</Notice>
      ) : error && !data ? (
        isNotFound(error) ? <Notice>{t('support.details.notFound')}</Notice> : <LoadFailed error={error} onRetry={() => void refresh()} />
      ) : !data ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <TicketView
          ticket={data.ticket}
          comments={data.comments}
          side={side}
          myUserId={userId}
          seenBefore={seenBefore}
          onComment={comment}
          onTerminate={terminate}
          newRequestPath={listPath && `${listPath}?view=own&new=1`}
        />
      )}
    </article>
  );
}
