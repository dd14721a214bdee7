// audit_log (admin): the site's audit trail (/audit/list): who called which route, on what, with which
// outcome and when; filters and server paging. Records never hold secrets (only the names of fields sent).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { auditList } from '../generated/client';
import type { AuditListRequest } from '../generated/types/routes';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import { CheckboxField, formatDate, Notice, Pagination, SelectField, TableRegion, TextField, useErrorText } from './shared/ui';
import './account-strings';

type Sort = NonNullable<AuditListRequest['sort']>;
const SORTS: Sort[] = ['-occurred_at', 'occurred_at', 'username', '-username', 'route_name', '-route_name', '-duration_ms', 'duration_ms'];

interface Filters {
  username: string;
  route_name: string;
  status_code: string;
  entity: string;
  search: string;
  occurred_date_from: string;
  occurred_date_to: string;
  only_failed: boolean;
  sort: Sort;
}

const NO_FILTERS: Filters = { username: '', route_name: '', status_code: '', entity: '', search: '', occurred_date_from: '', occurred_date_to: '', only_failed: false, sort: '-occurred_at' };

function requestOf(f: Filters): AuditListRequest {
  const text = (k: 'username' | 'route_name' | 'status_code' | 'entity' | 'search') => (f[k].trim() ? { [k]: f[k].trim() } : {});
  return {
    ...text('username'),
    ...text('route_name'),
    ...text('status_code'),
    ...text('entity'),
    ...text('search'),
    ...(f.occurred_date_from ? { occurred_date_from: f.occurred_date_from } : {}),
    ...(f.occurred_date_to ? { occurred_date_to: f.occurred_date_to } : {}),
    ...(f.only_failed ? { only_failed: true } : {}),
    sort: f.sort,
  };
}

const isOk = (code: string) => code.endsWith('000');

export default function AuditLog({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [error, setError] = useState<string | null>(null);
  const list = usePagedList(
    async (p) => {
      const a = await auditList({ ...requestOf(filters), page: p, page_size: PAGE_SIZE * 2 });
      return { rows: a.audit_record_list, total: a.total };
    },
    [filters],
  );
  const setField = <K extends keyof Filters>(key: K) => (value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    if (draft.status_code.trim() && !/^\d{5}$/.test(draft.status_code.trim())) {
      setError(t('audit.statusCodeFormat'));
      return;
    }
    if (draft.occurred_date_from && draft.occurred_date_to && draft.occurred_date_from > draft.occurred_date_to) {
      setError(t('authority.datesOrder'));
      return;
    }
    setError(null);
    setFilters(draft);
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <form
        className="filters"
        role="search"
        aria-label={t('common.filters')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <TextField label={t('audit.username')} name="username" autoComplete="off" value={draft.username} onValue={setField('username')} />
        <TextField label={t('audit.route')} name="route_name" autoComplete="off" value={draft.route_name} onValue={setField('route_name')} hint={t('audit.routeHint')} />
        <TextField label={t('audit.statusCode')} name="status_code" inputMode="numeric" maxLength={5} autoComplete="off" value={draft.status_code} onValue={setField('status_code')} />
        <TextField label={t('audit.entity')} name="entity" autoComplete="off" value={draft.entity} onValue={setField('entity')} />
        <TextField label={t('common.search')} name="search" type="search" autoComplete="off" value={draft.search} onValue={setField('search')} hint={t('audit.searchHint')} />
        <TextField label={t('audit.from')} name="occurred_date_from" type="date" value={draft.occurred_date_from} onValue={setField('occurred_date_from')} />
        <TextField label={t('audit.to')} name="occurred_date_to" type="date" value={draft.occurred_date_to} onValue={setField('occurred_date_to')} />
        <SelectField label={t('common.sort')} name="sort" value={draft.sort} onValue={(v) => setField('sort')(v as Sort)} options={SORTS.map((s) => ({ value: s, label: t(`audit.sort.${s.replace('-', 'desc_')}`) }))} />
        <CheckboxField label={t('audit.onlyFailed')} name="only_failed" checked={draft.only_failed} onChecked={setField('only_failed')} />
        <div className="form__actions">
          <button type="submit" className="button">
            {t('common.apply')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setError(null);
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            {t('common.reset')}
          </button>
        </div>
      </form>
      <Notice>{error}</Notice>
      {list.error ? <Notice>{errorText(list.error)}</Notice> : null}
      <p role="status">{list.loading ? t('app.loading') : t('common.found', { count: list.total })}</p>
      {list.rows.length > 0 && (
        <TableRegion label={page.caption[lang]}>
          <table className="table" aria-labelledby="page-title">
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.username')}</th>
                <th scope="col">{t('audit.route')}</th>
                <th scope="col">{t('audit.outcome')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.fields')}</th>
                <th scope="col">{t('audit.address')}</th>
                <th scope="col">{t('audit.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((r) => (
                <tr key={r.audit_id}>
                  <th scope="row">
                    <time dateTime={r.occurred_at}>{formatDate(r.occurred_at, lang, true)}</time>
                  </th>
                  <td>{r.username ?? t('audit.anonymous')}</td>
                  <td>
                    <code>{r.route_name}</code>
                  </td>
                  <td>
                    {r.status_code} {isOk(r.status_code) ? t('audit.ok') : t('audit.failed')}
                  </td>
                  <td>{r.entity ? `${r.entity}${r.record_id ? ` ${r.record_id}` : ''}` : '—'}</td>
                  <td>{r.changed_fields?.length ? r.changed_fields.join(', ') : '—'}</td>
                  <td>{r.ip_address ?? '—'}</td>
                  <td>{r.duration_ms !== undefined ? t('audit.ms', { ms: r.duration_ms }) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.total > PAGE_SIZE * 2 && <Pagination page={list.page} pageSize={PAGE_SIZE * 2} total={list.total} onPage={list.setPage} label={t('audit.pages')} />}
    </article>
  );
}
