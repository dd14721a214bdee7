// patient_search: the site's patients found by part of the name or file number, the exact national id or the
// birth date (patient/search, paged and sorted on the server); each opens its follow-up; "New patient" for
// those who register patients.
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { formatDate, SelectField, TextField } from '../../app/ui';
import { patientSearch } from '../../generated/client';
import type { Patient } from '../../generated/types/entities';
import type { PatientSearchRequest } from '../../generated/types/routes';
import { FilterActions } from '../shared/FilterActions';
import { useAllowedPagePath } from '../shared/hooks';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { genderLabel, patientName, usePatientPagePath } from './shared';

type Sort = NonNullable<PatientSearchRequest['sort']>;
const SORTS: Sort[] = ['name', '-name', 'patient_no', '-patient_no', 'date_of_birth', '-date_of_birth', 'created_at', '-created_at'];
interface Filters {
  search: string;
  identity_number: string;
  date_of_birth: string;
  sort: Sort;
}
const NO_FILTERS: Filters = { search: '', identity_number: '', date_of_birth: '', sort: 'name' };

export default function PatientSearch({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const newPath = useAllowedPagePath('patient_new');
  const followup = usePatientPagePath('patient_followup');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const request: PatientSearchRequest = {
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(filters.identity_number.trim() ? { identity_number: filters.identity_number.trim() } : {}),
          ...(filters.date_of_birth ? { date_of_birth: filters.date_of_birth } : {}),
          sort: filters.sort,
          page: p,
          page_size: PAGE_SIZE,
        };
        const a = await patientSearch(request);
        return { rows: a.patient_list, total: a.total };
      },
      [filters],
    ),
  );
  const set = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const columns: TableColumn<Patient>[] = [
    { header: t('patient.name'), cell: (p) => (followup ? <Link to={followup(p.patient_id)}>{patientName(p)}</Link> : patientName(p)) },
    { header: t('patient.fileNumber'), cell: (p) => p.patient_no ?? '' },
    { header: t('patient.dateOfBirth'), cell: (p) => formatDate(p.date_of_birth, lang) },
    { header: t('patient.gender'), cell: (p) => genderLabel(p.gender, lang), priority: 3 },
    { header: t('patient.identityNumber'), cell: (p) => p.identity_number_masked ?? '', priority: 3 },
  ];

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {newPath && (
        <p>
          <Link className="button" to={newPath}>
            {t('patient.newPatient')}
          </Link>
        </p>
      )}
      <PagedTable
        id="patient-results-title"
        title={t('patient.results')}
        list={list}
        columns={columns}
        rowKey={(p) => p.patient_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('patient.resultPages')}
      >
        <search aria-label={t('common.filters')}>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters(draft);
            }}
          >
            <TextField label={t('patient.searchText')} name="search" type="search" autoComplete="off" maxLength={100} value={draft.search} onValue={set('search')} />
            <TextField
              label={t('patient.identityNumber')}
              name="identity_number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              value={draft.identity_number}
              onValue={set('identity_number')}
              hint={t('patient.identityExact')}
            />
            <TextField label={t('patient.dateOfBirth')} name="date_of_birth" type="date" value={draft.date_of_birth} onValue={set('date_of_birth')} />
            <SelectField
              label={t('common.sort')}
              name="sort"
              value={draft.sort}
              onValue={set('sort')}
              options={SORTS.map((s) => ({ value: s, label: t(`patient.sort.${s.replace('-', 'desc_')}`) }))}
            />
            <FilterActions
              canReset={JSON.stringify(draft) !== JSON.stringify(NO_FILTERS)}
              onReset={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            />
          </form>
        </search>
      </PagedTable>
    </article>
  );
}
