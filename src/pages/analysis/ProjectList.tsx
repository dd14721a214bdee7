// The projects the visitor may open (/wanalyzer/project/list): a signed-in user's own and the public ones
// (scope), searched by name or description, sorted and paged on the server; each with its size, owner, a public
// badge and its last change, and a link to its home. With none, the way to Add Dataset.
import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { isLoggedIn, useAppStore } from '../../app/store';
import { formatDate, formatNumber, SelectField, TextField } from '../../app/ui';
import { wanalyzerProjectList } from '../../generated/client';
import type { WanalyzerProjectListRequest, WanalyzerProjectListResponse } from '../../generated/types/routes';
import { FilterActions } from '../shared/FilterActions';
import { usePagePath } from '../shared/hooks';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { withProject } from './project-links';

type Scope = NonNullable<WanalyzerProjectListRequest['scope']>;
type Sort = NonNullable<WanalyzerProjectListRequest['sort']>;
type ProjectItem = WanalyzerProjectListResponse['project_list'][number];
interface Filters {
  scope: Scope;
  search: string;
  sort: Sort;
}
const NO_FILTERS: Filters = { scope: 'all', search: '', sort: '-updated_at' };
const SCOPES: Scope[] = ['all', 'own', 'public'];
const SORTS: Sort[] = ['-updated_at', 'updated_at', 'project_name', '-project_name'];

export function ProjectList() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const signedIn = useAppStore((s) => isLoggedIn(s.session));
  const homePath = usePagePath('user_project') ?? '';
  const addPath = usePagePath('add_dataset');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(
    useCallback(
      (page: number) =>
        wanalyzerProjectList({
          // Signed out, only public projects are answered whatever is asked: the scope is not offered.
          ...(signedIn && filters.scope !== 'all' ? { scope: filters.scope } : {}),
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          sort: filters.sort,
          page,
          page_size: PAGE_SIZE,
        }).then((a) => ({ rows: a.project_list, total: a.total })),
      [filters, signedIn],
    ),
  );
  const filtered = filters.search.trim() !== '' || (signedIn && filters.scope !== 'all');

  const columns: TableColumn<ProjectItem>[] = [
    { header: t('analysis.list.name'), cell: (p) => <Link to={withProject(homePath, p.project_id)}>{p.project_name}</Link> },
    { header: t('analysis.list.description'), cell: (p) => p.details.description ?? '', priority: 3 },
    {
      header: t('analysis.list.size'),
      cell: (p) => t('analysis.list.sizeValue', { rows: formatNumber(p.details.row_count ?? 0, lang), columns: formatNumber(p.details.column_count ?? 0, lang) }),
    },
    { header: t('analysis.list.owner'), cell: (p) => (p.is_own ? t('analysis.list.you') : (p.owner_name ?? '')), priority: 3 },
    { header: t('analysis.list.visibility'), cell: (p) => (p.is_public ? <span className="analysis-badge">{t('analysis.public')}</span> : t('analysis.private')) },
    { header: t('analysis.list.updated'), cell: (p) => formatDate(p.updated_at, lang, true) },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };

  return (
    <PagedTable
      id="analysis-projects"
      title={t('analysis.list.title')}
      list={list}
      columns={columns}
      rowKey={(p) => p.project_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('analysis.list.pages')}
      empty={
        <div className="analysis-empty">
          <p>{filtered ? t('analysis.list.emptyFiltered') : t('analysis.list.emptyAll')}</p>
          {!filtered && addPath && (
            <p>
              <Link className="button" to={addPath}>
                {t('analysis.list.addFirst')}
              </Link>
            </p>
          )}
        </div>
      }
    >
      <form className="filters" noValidate onSubmit={submit} aria-label={t('analysis.list.filters')}>
        {signedIn && (
          <SelectField
            label={t('analysis.list.scope')}
            value={draft.scope}
            onValue={(v) => setDraft((d) => ({ ...d, scope: v as Scope }))}
            options={SCOPES.map((s) => ({ value: s, label: t(`analysis.list.scopes.${s}`) }))}
          />
        )}
        <TextField type="search" label={t('analysis.list.search')} value={draft.search} maxLength={200} onValue={(v) => setDraft((d) => ({ ...d, search: v }))} />
        <SelectField
          label={t('analysis.list.sort')}
          value={draft.sort}
          onValue={(v) => setDraft((d) => ({ ...d, sort: v as Sort }))}
          options={SORTS.map((s) => ({ value: s, label: t(`analysis.list.sorts.${s.replace('-', 'desc_')}`) }))}
        />
        <FilterActions
          canReset={JSON.stringify(draft) !== JSON.stringify(NO_FILTERS) || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS)}
          onReset={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
          }}
        />
      </form>
    </PagedTable>
  );
}
