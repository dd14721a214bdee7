// user_externalapplication_list (admin, external_application_add): the site's external applications with a
// search, a registration filter and server paging; each opens in the record page, as does "New".
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { userExternalapplicationList } from '../generated/client';
import type { Flag } from '../generated/types/entities';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import { usePagePath } from './shared/hooks';
import { Notice, Pagination, SelectField, TableRegion, TextField, useErrorText } from './shared/ui';
import './account-strings';

export default function UserExternalapplicationList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const recordPath = usePagePath('user_externalapplication_record');
  const [search, setSearch] = useState('');
  const [registration, setRegistration] = useState<'' | '0' | '1'>('');
  const [filters, setFilters] = useState({ search: '', registration: '' as '' | '0' | '1' });
  const list = usePagedList(
    async (p) => {
      const a = await userExternalapplicationList({
        ...(filters.search ? { search: filters.search } : {}),
        ...(filters.registration ? { register_in_this_application_status: Number(filters.registration) as Flag } : {}),
        page: p,
        page_size: PAGE_SIZE,
      });
      return { rows: a.external_application_list, total: a.total };
    },
    [filters],
  );

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {recordPath && (
        <p>
          <Link className="button" to={recordPath}>
            {t('extApp.new')}
          </Link>
        </p>
      )}
      <form
        className="filters"
        role="search"
        aria-label={t('common.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ search: search.trim(), registration });
        }}
      >
        <TextField label={t('common.search')} name="search" type="search" autoComplete="off" maxLength={100} value={search} onValue={setSearch} hint={t('extApp.searchHint')} />
        <SelectField
          label={t('extApp.registration')}
          name="register_in_this_application_status"
          value={registration}
          onValue={(v) => setRegistration(v as '' | '0' | '1')}
          placeholder={t('common.all')}
          options={[
            { value: '1', label: t('extApp.registrationOn') },
            { value: '0', label: t('extApp.registrationOff') },
          ]}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            {t('common.apply')}
          </button>
        </div>
      </form>
      {list.error ? <Notice>{errorText(list.error)}</Notice> : null}
      <p role="status">{list.loading ? t('app.loading') : t('common.found', { count: list.total })}</p>
      {list.rows.length > 0 && (
        <TableRegion label={page.caption[lang]}>
          <table className="table" aria-labelledby="page-title">
            <thead>
              <tr>
                <th scope="col">{t('extApp.name')}</th>
                <th scope="col">{t('extApp.url')}</th>
                <th scope="col">{t('extApp.registration')}</th>
                <th scope="col">{t('extApp.listed')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((a) => (
                <tr key={a.externalapplication_client_id}>
                  <th scope="row">{a.externalapplication_name}</th>
                  <td>
                    {a.externalapplication_url}
                    {a.externalapplication_route ?? ''}
                  </td>
                  <td>{a.register_in_this_application_status === 1 ? t('common.yes') : t('common.no')}</td>
                  <td>{a.external_application_for_register ? t('common.yes') : t('common.no')}</td>
                  <td>
                    {recordPath && (
                      <Link
                        to={`${recordPath}?${new URLSearchParams({ id: a.externalapplication_client_id })}`}
                        aria-label={t('extApp.editNamed', { name: a.externalapplication_name })}
                      >
                        {t('common.edit')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.total > PAGE_SIZE && <Pagination page={list.page} pageSize={PAGE_SIZE} total={list.total} onPage={list.setPage} label={t('extApp.pages')} />}
    </article>
  );
}
