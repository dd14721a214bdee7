// user_support_list: the signed-in user's support requests (user/support/list), and for the staff of a shop a
// switch to the requests their shops received (scope shop, one shop or all); status and last activity, what
// each is about, how many messages are new; filters by status and text; a form to write a new request
// (support/shop/list for the shop choice; one of the buyer's orders or a bundle of the shop it is about:
// support/about.tsx; user/support/new), which opens the new request's page. The view is in the address
// (?view=shop&shop=…), so coming back from a request keeps it; ?order=<order_client_id> opens the form about
// that order (the orders page links here).
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { supportShopList, userSupportList, userSupportNew } from '../generated/client';
import { supportStatus } from '../generated/enums/supportStatus';
import type { Order, SupportStatus, SupportTicket } from '../generated/types/entities';
import type { UserSupportListRequest } from '../generated/types/routes';
import { Notice, SelectField, TextField, focusFirstInvalid, serverFieldErrors, useErrorText } from '../app/ui';
import { PagedTable, type TableColumn } from './shared/PagedTable';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import { usePagePath } from './shared/hooks';
import { FilterActions } from './shared/FilterActions';
import { EMPTY_DRAFT, LoadFailed, MessageFields, ShopField, StatusBadge, Time, checkDraft, openerName, useAboutText, useLoadedList, useMyUserId, type RequestDraft, type ShopChoice } from './support/shared';
import { AboutKindField, BundleField, OrderPicker, type AboutKind } from './support/about';

type View = 'own' | 'shop';
interface Filters {
  status: '' | Exclude<SupportStatus, 'pending'>;
  search: string;
}
const NO_FILTERS: Filters = { status: '', search: '' };

export default function UserSupportList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [params, setParams] = useSearchParams();
  const { userId, error: idError } = useMyUserId();
  const errorText = useErrorText();
  const loadShops = useCallback(async () => (await supportShopList({})).shop_list, []);
  const shops = useLoadedList(loadShops);
  const staffed = useMemo(() => shops.items?.filter((s) => s.is_staff) ?? [], [shops.items]);
  // A request about an order (?order=…, from the orders page) is written in the buyer's own view.
  const [aboutOrder] = useState(() => params.get('order') ?? undefined);
  const asked = aboutOrder ? 'own' : params.get('view');
  // The address says which requests (a link back from a request keeps them); without it, the staff of a shop
  // see their shops' requests first, everyone else their own. Chosen here, it shows at once.
  const [chosen, setChosen] = useState<{ view: View; shop: string } | null>(null);
  const view: View | null = chosen?.view ?? (asked === 'shop' || asked === 'own' ? asked : shops.items || shops.error ? (staffed.length ? 'shop' : 'own') : null);
  const shopFilter = view === 'shop' ? (chosen?.shop ?? params.get('shop') ?? '') : '';
  const [formOpen, setFormOpen] = useState(params.get('new') === '1' || aboutOrder !== undefined);

  const setView = (next: View, shop = '') => {
    setChosen({ view: next, shop });
    const p = new URLSearchParams({ view: next });
    if (next === 'shop' && shop) p.set('shop', shop);
    setParams(p, { replace: true });
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {view && <p className="support-intro">{view === 'shop' ? t('support.list.introShop') : t('support.list.intro')}</p>}

      <div className="support-toolbar">
        {staffed.length > 0 && view && (
          <fieldset className="choice-chips">
            <legend>{t('support.list.view')}</legend>
            {(['own', 'shop'] as const).map((v) => (
              <label key={v}>
                <input type="radio" name="support-view" value={v} checked={view === v} onChange={() => setView(v)} />
                {v === 'own' ? t('support.list.viewOwn') : t('support.list.viewShop')}
              </label>
            ))}
          </fieldset>
        )}
        {view === 'shop' && staffed.length > 1 && (
          <SelectField
            label={t('support.list.shop')}
            name="support-shop"
            value={shopFilter}
            onValue={(v) => setView('shop', v)}
            placeholder={t('support.list.allShops')}
            options={staffed.map((s) => ({ value: s.shop_client_id, label: s.shop_name }))}
          />
        )}
        {view === 'own' && (
          <button type="button" className="button" aria-expanded={formOpen} aria-controls="support-new" onClick={() => setFormOpen((o) => !o)}>
            {formOpen ? t('support.list.cancelNew') : t('support.list.newRequest')}
          </button>
        )}
      </div>

      {view === 'own' && formOpen && (
        <section id="support-new" className="section support-new-form" aria-labelledby="support-new-title">
          <h2 id="support-new-title">{t('support.form.title')}</h2>
          {shops.error ? (
            <LoadFailed error={shops.error} onRetry={shops.retry} />
          ) : !shops.items || !userId ? (
            <p role="status">{t('support.form.shopsLoading')}</p>
          ) : shops.items.length === 0 ? (
            <p>{t('support.form.noShops')}</p>
          ) : (
            <NewRequest userId={userId} shops={shops.items} aboutOrder={aboutOrder} />
          )}
        </section>
      )}

      {idError ? <Notice>{errorText(idError)}</Notice> : null}
      {userId && view ? (
        <TicketList key={`${view}:${shopFilter}`} userId={userId} view={view} shopId={shopFilter} showShop={view === 'own' || (staffed.length > 1 && !shopFilter)} />
      ) : (
        !idError && <p role="status">{t('app.loading')}</p>
      )}
    </article>
  );
}

function TicketList({ userId, view, shopId, showShop }: { userId: string; view: View; shopId: string; showShop: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const detailsPath = usePagePath('user_support_details');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const request: UserSupportListRequest = {
          user_client_id: userId,
          scope: view,
          ...(shopId ? { shop_client_id: shopId } : {}),
          ...(filters.status ? { support_status: filters.status } : {}),
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          page: p,
          page_size: PAGE_SIZE,
        };
        const a = await userSupportList(request);
        return { rows: a.support_ticket_list, total: a.total };
      },
      [userId, view, shopId, filters],
    ),
    // The server words names in the reader's language (bundles): a new language reads the list again.
    [lang],
  );
  const filtered = filters.status !== '' || filters.search.trim() !== '';
  const linkTo = (ticket: SupportTicket) => `${detailsPath}?${new URLSearchParams({ client_id: ticket.client_id, view })}`;
  const aboutText = useAboutText();

  const columns: TableColumn<SupportTicket>[] = [
    {
      header: t('support.list.subject'),
      cell: (r) => (
        <span className="support-subject">
          {detailsPath ? <Link to={linkTo(r)}>{r.subject}</Link> : r.subject}
          {(r.unseen_count ?? 0) > 0 && <span className="support-unseen">{t('support.list.unseen', { count: r.unseen_count })}</span>}
          {aboutText(r) && <span className="support-subject__about">{aboutText(r)}</span>}
        </span>
      ),
    },
    ...(view === 'shop' ? [{ header: t('support.list.from'), cell: (r: SupportTicket) => openerName(r) }] : []),
    ...(showShop ? [{ header: t('support.list.shop'), cell: (r: SupportTicket) => r.shop_name, priority: view === 'shop' ? (3 as const) : (2 as const) }] : []),
    { header: t('support.status.label'), cell: (r) => <StatusBadge status={r.support_status ?? 'open'} /> },
    { header: t('support.list.lastActivity'), cell: (r) => <Time value={r.updated_at} /> },
  ];

  const empty = filtered ? t('support.list.emptyFiltered') : view === 'shop' ? t('support.list.emptyShop') : t('support.list.emptyOwn');

  return (
    <PagedTable
      id="support-list-title"
      title={view === 'shop' ? t('support.list.titleShop') : t('support.list.titleOwn')}
      list={list}
      columns={columns}
      rowKey={(r) => r.client_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('support.list.pages')}
      empty={empty}
    >
      {/* Filters are for a list that has something to filter. */}
      {(filtered || list.total > 0) && (
        <search aria-label={t('common.filters')}>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters(draft);
            }}
          >
            <SelectField
              label={t('support.status.label')}
              name="support_status"
              value={draft.status}
              onValue={(v) => setDraft((d) => ({ ...d, status: v as Filters['status'] }))}
              placeholder={t('support.list.statusAll')}
              options={(['open', 'terminated'] as const).map((s) => ({ value: s, label: supportStatus.labels[supportStatus.values.indexOf(s)][lang] }))}
            />
            <TextField
              label={t('support.list.search')}
              name="search"
              type="search"
              autoComplete="off"
              maxLength={100}
              value={draft.search}
              onValue={(v) => setDraft((d) => ({ ...d, search: v }))}
              hint={t('support.list.searchHint')}
            />
            <FilterActions
              canReset={filtered}
              onReset={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            />
          </form>
        </search>
      )}
      {list.loading && <p role="status">{t('app.loading')}</p>}
      {list.error ? (
        <button type="button" className="button button--small button--secondary" onClick={list.reload}>
          {t('support.list.retry')}
        </button>
      ) : null}
    </PagedTable>
  );
}

interface NewDraft extends RequestDraft {
  about: AboutKind;
  order: Order | null;
  bundle: string;
}

/** The form's own checks: i18n keys of the messages by field (the shop comes with an order). */
function checkNew(d: NewDraft): Partial<Record<keyof NewDraft, string>> {
  const { shop, ...texts } = checkDraft(d);
  return {
    ...(d.about === 'order' ? (d.order ? {} : { order: 'support.form.orderRequired' }) : shop ? { shop } : {}),
    ...(d.about === 'bundle' && d.shop && !d.bundle ? { bundle: 'support.form.bundleRequired' } : {}),
    ...texts,
  };
}

/**
 * The new-request form: what it is about (one of the buyer's orders, a bundle of a shop, or something else),
 * the shop, subject and message; a sent request opens its page. `aboutOrder` (from the address) starts it
 * about that order.
 */
function NewRequest({ userId, shops, aboutOrder }: { userId: string; shops: ShopChoice[]; aboutOrder?: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const detailsPath = usePagePath('user_support_details');
  const formRef = useRef<HTMLFormElement>(null);
  const onlyShop = shops.length === 1 ? shops[0].shop_client_id : '';
  const [draft, setDraft] = useState<NewDraft>({ ...EMPTY_DRAFT, shop: onlyShop, about: aboutOrder ? 'order' : 'none', order: null, bundle: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewDraft, string>>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const byOrder = draft.about === 'order';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkNew(draft);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServerError(null);
    const shopId = byOrder && draft.order ? draft.order.shop_client_id! : draft.shop;
    try {
      const created = await userSupportNew({
        user_client_id: userId,
        shop_client_id: shopId,
        subject: draft.subject.trim(),
        message: draft.message.trim(),
        ...(byOrder && draft.order ? { order_client_id: draft.order.order_client_id } : {}),
        ...(draft.about === 'bundle' && draft.bundle ? { bundle_client_id: draft.bundle } : {}),
      });
      const shopName = (byOrder ? draft.order?.shop_name : shops.find((s) => s.shop_client_id === shopId)?.shop_name) ?? '';
      navigate(`${detailsPath}?${new URLSearchParams({ client_id: created.client_id })}`, { state: { sentTo: shopName } });
    } catch (err) {
      setServerError(err);
      const fields = serverFieldErrors(err, lang);
      setErrors({ subject: fields.subject, message: fields.message, shop: fields.shop_client_id, order: fields.order_client_id, bundle: fields.bundle_client_id });
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form form--wide" noValidate onSubmit={submit} aria-labelledby="support-new-title">
      <p>{t('support.form.intro')}</p>
      {serverError ? <Notice>{errorText(serverError)}</Notice> : null}
      <AboutKindField value={draft.about} onValue={(about) => setDraft((d) => ({ ...d, about }))} />
      {byOrder ? (
        <OrderPicker userId={userId} chosen={draft.order} onChoose={(order) => setDraft((d) => ({ ...d, order }))} error={errors.order} preselect={draft.order ? undefined : aboutOrder} />
      ) : (
        <ShopField value={draft.shop} onValue={(shop) => setDraft((d) => ({ ...d, shop, bundle: '' }))} shops={shops} error={errors.shop} />
      )}
      {draft.about === 'bundle' && <BundleField shopId={draft.shop} value={draft.bundle} onValue={(bundle) => setDraft((d) => ({ ...d, bundle }))} error={errors.bundle} />}
      <MessageFields draft={draft} onDraft={(d) => setDraft((old) => ({ ...old, ...d }))} errors={errors} />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.sending') : t('support.form.submit')}
        </button>
      </div>
    </form>
  );
}
