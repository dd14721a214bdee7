// authority_management: the auths I hold (/user/authorization/list), assigning one I may assign to a user I
// find (/user/search → /authorization/assign/to/user, with can-assign, counts and dates), and the
// assignments I made, each cancellable after a confirmation (/authorization/list, /authorization/cancel).
// The server decides (spec section 6); the checks here only spare a round trip with the same messages.
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { authorizationAssignToUser, authorizationList, userAuthorizationList, userSearch } from '../generated/client';
import type { AuthType, UserAuthorization } from '../generated/types/entities';
import type { UserSearchResponse } from '../generated/types/routes';
import { GrantLimitFields, useCancelAuthorization, useDates, useHoldingState, useLimit } from './shared/authorization';
import { PagedTable, type TableColumn } from './shared/PagedTable';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import { useUsername } from './shared/hooks';
import { CheckboxField, focusFirstInvalid, Notice, SelectField, serverFieldErrors, TextField, useAuthCodeLabel, useErrorText } from '../app/ui';
import './account-strings';

type FoundUser = UserSearchResponse['user_list'][number];

export default function AuthorityManagement({ page }: PageProps) {
  const lang = useActiveLabel();
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <Holdings version={version} />
      <AssignSection version={version} onAssigned={changed} />
      <Assignments version={version} onCancelled={changed} />
    </article>
  );
}

async function loadHoldings(page: number) {
  const a = await userAuthorizationList({ page, page_size: PAGE_SIZE });
  return { rows: a.user_authorization_list, total: a.total };
}

/** The holdings I may assign, with at most 100 holdings in all. */
async function loadAssignable() {
  const a = await userAuthorizationList({ page: 1, page_size: 100 });
  const rows = a.user_authorization_list.filter((h) => h.can_assign_auth && !h.is_cancelled && h.is_valid_today !== false);
  return { rows, total: rows.length };
}

function Holdings({ version }: { version: number }) {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const stateOf = useHoldingState();
  const limit = useLimit();
  const datesOf = useDates();
  const list = usePagedList(loadHoldings, [version]);
  const columns: TableColumn<UserAuthorization>[] = [
    { header: t('authority.auth'), cell: (h) => authName(h.auth_name) },
    { header: t('authority.canAssign'), cell: (h) => (h.can_assign_auth ? t('common.yes') : t('common.no')) },
    { header: t('authority.assignmentsLeft'), cell: (h) => (h.can_assign_auth ? limit(h.auth_count_create) : '—') },
    { header: t('authority.usesLeft'), cell: (h) => (h.auth_type === 'counted' ? limit(h.auth_count) : t('authority.unlimited')) },
    { header: t('authority.dates'), cell: datesOf },
    { header: t('authority.assignedBy'), cell: (h) => h.assigned_by_username ?? '—' },
    { header: t('authority.stateLabel'), cell: stateOf },
  ];

  return (
    <PagedTable
      id="holdings-title"
      title={t('authority.holdings')}
      list={list}
      columns={columns}
      rowKey={(h) => h.user_auth_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('authority.holdingsPages')}
      empty={t('authority.noHoldings')}
    />
  );
}

interface AssignForm {
  user_auth_id: string;
  auth_type: AuthType;
  auth_count: string;
  can_assign_auth: boolean;
  auth_count_create: string;
  start_date: string;
  end_date: string;
}

const NO_HOLDINGS: UserAuthorization[] = [];

const EMPTY_FORM: AssignForm = { user_auth_id: '', auth_type: 'unlimited', auth_count: '', can_assign_auth: false, auth_count_create: '', start_date: '', end_date: '' };

function AssignSection({ version, onAssigned }: { version: number; onAssigned: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const authName = useAuthCodeLabel();
  const errorText = useErrorText();
  const me = useUsername();
  const formRef = useRef<HTMLFormElement>(null);
  // Read again after each change (an assignment uses up a count).
  const holdings = usePagedList(loadAssignable, [version]);
  const assignable = holdings.error ? NO_HOLDINGS : holdings.rows;
  const [form, setForm] = useState<AssignForm>(EMPTY_FORM);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [searchNote, setSearchNote] = useState<string | null>(null);
  const [chosen, setChosen] = useState<FoundUser | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const holding = useMemo(() => assignable.find((h) => h.user_auth_id === form.user_auth_id) ?? null, [assignable, form.user_auth_id]);
  const set = <K extends keyof AssignForm>(key: K) => (value: AssignForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const search = async () => {
    const text = query.trim();
    if (text.length < 2) {
      setErrors((e) => ({ ...e, search: t('authority.searchTooShort') }));
      return;
    }
    setErrors((e) => ({ ...e, search: undefined }));
    try {
      const answer = await userSearch({ search: text, page: 1, page_size: 20 });
      const users = answer.user_list.filter((u) => u.username !== me);
      setFound(users);
      setSearchNote(users.length ? t('authority.searchFound', { count: users.length }) : t('authority.searchNone'));
    } catch (e) {
      setFound(null);
      setSearchNote(errorText(e));
    }
  };

  if (assignable.length === 0) {
    return (
      <section className="section" aria-labelledby="assign-title">
        <h2 id="assign-title">{t('authority.assignTitle')}</h2>
        <p>{t('authority.nothingToAssign')}</p>
      </section>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const next: Record<string, string> = {};
    if (!holding) next.user_auth_id = t('validation.fillAllInputs');
    if (!chosen) next.search = t('validation.selectUser');
    const count = form.auth_count === '' ? undefined : Number(form.auth_count);
    const countCreate = form.auth_count_create === '' ? undefined : Number(form.auth_count_create);
    if (form.auth_type === 'counted' && (count === undefined || !Number.isInteger(count) || count < 1)) next.auth_count = t('authority.countInvalid');
    else if (holding && form.auth_type === 'counted' && holding.auth_type === 'counted' && holding.auth_count !== undefined && count! > holding.auth_count)
      next.auth_count = t('validation.authorizationAmount');
    if (form.can_assign_auth && countCreate !== undefined && (!Number.isInteger(countCreate) || countCreate < 0)) next.auth_count_create = t('authority.countInvalid');
    else if (holding && holding.auth_count_create !== undefined && 1 + (form.can_assign_auth ? (countCreate ?? 0) : 0) > holding.auth_count_create)
      next.auth_count_create = t('validation.authorizationAmount');
    if (form.start_date && form.end_date && form.start_date > form.end_date) next.end_date = t('authority.datesOrder');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await authorizationAssignToUser({
        auth_id: holding!.auth_id,
        assigning_username: chosen!.username,
        auth_type: form.auth_type,
        ...(form.auth_type === 'counted' ? { auth_count: count } : {}),
        can_assign_auth: form.can_assign_auth,
        ...(form.can_assign_auth && countCreate !== undefined ? { auth_count_create: countCreate } : {}),
        ...(form.start_date ? { start_date: form.start_date } : {}),
        ...(form.end_date ? { end_date: form.end_date } : {}),
      });
      const given = answer.user_authorization;
      setResult({ kind: 'success', text: t('authority.assigned', { auth: authName(given.auth_name), username: given.username }) });
      setForm(EMPTY_FORM);
      setChosen(null);
      setFound(null);
      setQuery('');
      setSearchNote(null);
      onAssigned();
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      setErrors(serverFieldErrors(err, lang));
    } finally {
      setBusy(false);
    }
  };

  const onlyCounted = holding?.auth_type === 'counted';

  return (
    <section className="section" aria-labelledby="assign-title">
      <h2 id="assign-title">{t('authority.assignTitle')}</h2>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      <form ref={formRef} className="form form--wide" noValidate onSubmit={onSubmit} aria-labelledby="assign-title">
        <SelectField
          label={t('authority.auth')}
          name="user_auth_id"
          required
          value={form.user_auth_id}
          onValue={(v) => {
            const h = assignable.find((x) => x.user_auth_id === v);
            setForm((f) => ({ ...f, user_auth_id: v, auth_type: h?.auth_type === 'counted' ? 'counted' : f.auth_type, start_date: '', end_date: '' }));
          }}
          placeholder={t('common.choose')}
          options={assignable.map((h) => ({ value: h.user_auth_id, label: authName(h.auth_name) }))}
          error={errors.user_auth_id}
        />
        <fieldset className="fieldset form">
          <legend className="field__label">{t('authority.toUser')}</legend>
          <div className="form__row">
            <TextField
              label={t('authority.searchUser')}
              name="user_search"
              type="search"
              autoComplete="off"
              value={query}
              onValue={setQuery}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
              error={errors.search}
              hint={t('authority.searchHint')}
            />
            <div className="form__actions">
              <button type="button" className="button button--secondary" onClick={() => void search()}>
                {t('common.search')}
              </button>
            </div>
          </div>
          {searchNote && <p role="status">{searchNote}</p>}
          {found && found.length > 0 && (
            <ul className="search-results" aria-label={t('authority.searchResults')}>
              {found.map((u) => (
                <li key={u.user_client_id}>
                  <button type="button" className="button button--secondary" aria-pressed={chosen?.username === u.username} onClick={() => setChosen(u)}>
                    {u.username} ({u.firstname} {u.lastname})
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosen && <p role="status">{t('authority.chosen', { username: chosen.username })}</p>}
        </fieldset>
        <div className="form__row">
          <SelectField
            label={t('authority.authType')}
            name="auth_type"
            value={form.auth_type}
            onValue={(v) => set('auth_type')(v as AuthType)}
            options={(onlyCounted ? (['counted'] as const) : (['unlimited', 'counted'] as const)).map((v) => ({ value: v, label: t(`authType.${v}`) }))}
          />
          {form.auth_type === 'counted' && (
            <TextField
              label={t('authority.authCount')}
              name="auth_count"
              type="number"
              inputMode="numeric"
              min={1}
              max={holding?.auth_count}
              required
              value={form.auth_count}
              onValue={set('auth_count')}
              error={errors.auth_count}
              hint={holding?.auth_type === 'counted' ? t('authority.usesAvailable', { count: holding.auth_count ?? 0 }) : undefined}
            />
          )}
        </div>
        <CheckboxField label={t('authority.canAssignOnward')} name="can_assign_auth" checked={form.can_assign_auth} onChecked={set('can_assign_auth')} error={errors.can_assign_auth} />
        {!form.can_assign_auth && errors.auth_count_create && <Notice>{errors.auth_count_create}</Notice>}
        <GrantLimitFields values={form} errors={errors} onValue={set} bounds={holding ?? undefined} datesHint={t('authority.datesHint')} />
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.saving') : t('authority.assign')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Assignments({ version, onCancelled }: { version: number; onCancelled: () => void }) {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const stateOf = useHoldingState();
  const limit = useLimit();
  const datesOf = useDates();
  const [withCancelled, setWithCancelled] = useState(false);
  const list = usePagedList(
    useCallback(
      async (page: number) => {
        // My own holdings are in the table above: the server leaves them out, so the count and pages match the rows.
        const a = await authorizationList({ page, page_size: PAGE_SIZE, include_cancelled: withCancelled, given_by_me: true });
        return { rows: a.authorization_list, total: a.total };
      },
      [withCancelled],
    ),
    [version],
  );
  const cancel = useCancelAuthorization(() => {
    list.reload();
    onCancelled();
  });
  const columns: TableColumn<(typeof list.rows)[number]>[] = [
    { header: t('authority.holder'), cell: (r) => r.username },
    { header: t('authority.auth'), cell: (r) => authName(r.auth_name) },
    { header: t('authority.usesLeft'), cell: (r) => (r.auth_type === 'counted' ? limit(r.auth_count) : t('authority.unlimited')) },
    { header: t('authority.assignmentsLeft'), cell: (r) => (r.can_assign_auth ? limit(r.auth_count_create) : '—') },
    { header: t('authority.dates'), cell: datesOf },
    { header: t('authority.stateLabel'), cell: stateOf },
    { header: t('common.actions'), priority: 1, cell: (r) => !r.is_cancelled && cancel.button({ user_auth_id: r.user_auth_id!, auth_name: r.auth_name, username: r.username }) },
  ];

  return (
    <PagedTable
      id="assignments-title"
      title={t('authority.assignments')}
      list={list}
      columns={columns}
      rowKey={(r) => r.user_auth_id!}
      pageSize={PAGE_SIZE}
      pagesLabel={t('authority.assignmentsPages')}
      empty={t('authority.noAssignments')}
      footer={cancel.dialog}
    >
      {cancel.outcome && <Notice kind={cancel.outcome.kind}>{cancel.outcome.text}</Notice>}
      <CheckboxField label={t('authority.includeCancelled')} name="include_cancelled" checked={withCancelled} onChecked={setWithCancelled} />
    </PagedTable>
  );
}
