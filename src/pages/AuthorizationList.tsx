// authorization_list (admin): every holding of the site's authorizations with filters and server paging,
// a form to create an authorization (/authorization/new), and cancelling a holding after a confirmation.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { authorizationList, authorizationNew } from '../generated/client';
import type { AuthCode, AuthType } from '../generated/types/entities';
import type { AuthorizationListRequest, AuthorizationListResponse } from '../generated/types/routes';
import { AUTH_CODES } from '../domain/auth-codes';
import { GrantLimitFields, useCancelAuthorization, useDates, useHoldingState, useLimit } from './shared/authorization';
import { PagedTable, type TableColumn } from './shared/PagedTable';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import { useUsername } from './shared/hooks';
import { FilterActions } from './shared/FilterActions';
import { CheckboxField, focusFirstInvalid, Notice, SelectField, serverFieldErrors, TextField, useAuthCodeLabel, useErrorText } from '../app/ui';
import './account-strings';

type Sort = NonNullable<AuthorizationListRequest['sort']>;
type AuthorizationRow = AuthorizationListResponse['authorization_list'][number];
const SORTS: Sort[] = ['-start_date', 'start_date', 'end_date', '-end_date', 'auth_name', '-auth_name'];

interface Filters {
  auth_name: '' | AuthCode;
  username: string;
  search: string;
  start_date_from: string;
  start_date_to: string;
  include_cancelled: boolean;
  sort: Sort;
}

const NO_FILTERS: Filters = { auth_name: '', username: '', search: '', start_date_from: '', start_date_to: '', include_cancelled: false, sort: '-start_date' };

function requestOf(f: Filters): AuthorizationListRequest {
  return {
    ...(f.auth_name ? { auth_name: f.auth_name } : {}),
    ...(f.username.trim() ? { username: f.username.trim() } : {}),
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.start_date_from ? { start_date_from: f.start_date_from } : {}),
    ...(f.start_date_to ? { start_date_to: f.start_date_to } : {}),
    include_cancelled: f.include_cancelled,
    sort: f.sort,
  };
}

export default function AuthorizationList({ page }: PageProps) {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const lang = useActiveLabel();
  const me = useUsername();
  const stateOf = useHoldingState();
  const limit = useLimit();
  const datesOf = useDates();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const a = await authorizationList({ ...requestOf(filters), page: p, page_size: PAGE_SIZE });
        return { rows: a.authorization_list, total: a.total };
      },
      [filters],
    ),
  );
  const cancel = useCancelAuthorization(list.reload);
  const setDraftField = <K extends keyof Filters>(key: K) => (value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const authOptions = AUTH_CODES.map((c) => ({ value: c, label: authName(c) }));
  const columns: TableColumn<AuthorizationRow>[] = [
    { header: t('authority.auth'), cell: (r) => authName(r.auth_name) },
    { header: t('authorizationList.holder'), cell: (r) => r.username ?? '—' },
    { header: t('authority.assignedBy'), cell: (r) => r.assigned_by_username ?? r.created_by_username ?? '—', priority: 3 },
    { header: t('authority.usesLeft'), cell: (r) => (r.auth_type === 'counted' ? limit(r.auth_count) : t('authority.unlimited')) },
    { header: t('authority.assignmentsLeft'), cell: (r) => (r.can_assign_auth ? limit(r.auth_count_create) : '—'), priority: 3 },
    { header: t('authority.dates'), cell: datesOf },
    { header: t('authority.stateLabel'), cell: stateOf },
    {
      priority: 1,
      header: t('common.actions'),
      cell: (r) => !r.is_cancelled && r.user_auth_id && r.username !== me && cancel.button({ user_auth_id: r.user_auth_id, auth_name: r.auth_name, username: r.username }),
    },
  ];

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <NewAuthorization onCreated={list.reload} />

      <PagedTable
        id="list-title"
        title={t('authorizationList.listTitle')}
        list={list}
        columns={columns}
        rowKey={(r) => r.user_auth_id ?? r.auth_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('authorizationList.pages')}
        footer={cancel.dialog}
      >
        <search aria-label={t('common.filters')}>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters(draft);
            }}
          >
            <SelectField label={t('authority.auth')} name="auth_name" value={draft.auth_name} onValue={(v) => setDraftField('auth_name')(v as AuthCode | '')} placeholder={t('common.all')} options={authOptions} />
            <TextField label={t('authorizationList.holder')} name="username" autoComplete="off" value={draft.username} onValue={setDraftField('username')} />
            <TextField label={t('common.search')} name="search" type="search" autoComplete="off" value={draft.search} onValue={setDraftField('search')} hint={t('authorizationList.searchHint')} />
            <TextField label={t('authorizationList.startFrom')} name="start_date_from" type="date" value={draft.start_date_from} onValue={setDraftField('start_date_from')} />
            <TextField label={t('authorizationList.startTo')} name="start_date_to" type="date" value={draft.start_date_to} onValue={setDraftField('start_date_to')} />
            <SelectField
              label={t('common.sort')}
              name="sort"
              value={draft.sort}
              onValue={(v) => setDraftField('sort')(v as Sort)}
              options={SORTS.map((s) => ({ value: s, label: t(`authorizationList.sort.${s.replace('-', 'desc_')}`) }))}
            />
            <CheckboxField label={t('authority.includeCancelled')} name="include_cancelled" checked={draft.include_cancelled} onChecked={setDraftField('include_cancelled')} />
            <FilterActions
              onReset={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            />
          </form>
        </search>
        {cancel.outcome && <Notice kind={cancel.outcome.kind}>{cancel.outcome.text}</Notice>}
      </PagedTable>
    </article>
  );
}

interface NewForm {
  auth_name: '' | AuthCode;
  auth_type: AuthType;
  auth_count: string;
  can_assign_auth: boolean;
  auth_count_create: string;
  start_date: string;
  end_date: string;
}

const EMPTY_NEW: NewForm = { auth_name: '', auth_type: 'unlimited', auth_count: '', can_assign_auth: true, auth_count_create: '', start_date: '', end_date: '' };

function NewAuthorization({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const authName = useAuthCodeLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<NewForm>(EMPTY_NEW);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const set = <K extends keyof NewForm>(key: K) => (value: NewForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const next: Record<string, string> = {};
    const count = form.auth_count === '' ? undefined : Number(form.auth_count);
    const countCreate = form.auth_count_create === '' ? undefined : Number(form.auth_count_create);
    if (!form.auth_name) next.auth_name = t('validation.fillAllInputs');
    if (form.auth_type === 'counted' && (count === undefined || !Number.isInteger(count) || count < 1)) next.auth_count = t('authority.countInvalid');
    if (countCreate !== undefined && (!Number.isInteger(countCreate) || countCreate < 0)) next.auth_count_create = t('authority.countInvalid');
    if (form.start_date && form.end_date && form.start_date > form.end_date) next.end_date = t('authority.datesOrder');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await authorizationNew({
        auth_name: form.auth_name as AuthCode,
        auth_type: form.auth_type,
        ...(form.auth_type === 'counted' ? { auth_count: count } : {}),
        can_assign_auth: form.can_assign_auth,
        ...(form.can_assign_auth && countCreate !== undefined ? { auth_count_create: countCreate } : {}),
        ...(form.start_date ? { start_date: form.start_date } : {}),
        ...(form.end_date ? { end_date: form.end_date } : {}),
      });
      setResult({ kind: 'success', text: t('authorizationList.created', { auth: authName(answer.authorization.auth_name) }) });
      setForm(EMPTY_NEW);
      onCreated();
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      setErrors(serverFieldErrors(err, lang));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="new-title">
      <h2 id="new-title">{t('authorizationList.newTitle')}</h2>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      <form ref={formRef} className="form form--wide" noValidate onSubmit={onSubmit} aria-labelledby="new-title">
        <div className="form__row">
          <SelectField
            label={t('authority.auth')}
            name="new_auth_name"
            required
            value={form.auth_name}
            onValue={(v) => set('auth_name')(v as AuthCode | '')}
            placeholder={t('common.choose')}
            options={AUTH_CODES.map((c) => ({ value: c, label: authName(c) }))}
            error={errors.auth_name}
          />
          <SelectField
            label={t('authority.authType')}
            name="new_auth_type"
            value={form.auth_type}
            onValue={(v) => set('auth_type')(v as AuthType)}
            options={(['unlimited', 'counted'] as const).map((v) => ({ value: v, label: t(`authType.${v}`) }))}
          />
          {form.auth_type === 'counted' && (
            <TextField label={t('authority.authCount')} name="new_auth_count" type="number" inputMode="numeric" min={1} required value={form.auth_count} onValue={set('auth_count')} error={errors.auth_count} />
          )}
        </div>
        <CheckboxField label={t('authorizationList.canAssign')} name="new_can_assign_auth" checked={form.can_assign_auth} onChecked={set('can_assign_auth')} />
        <GrantLimitFields values={form} errors={errors} onValue={set} namePrefix="new_" />
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.saving') : t('authorizationList.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
