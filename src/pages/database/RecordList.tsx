// A layer's records as a table: search over the values or the filter of QueryBuilder, paged on the server; a
// row's name opens the record's form.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { Notice, Pagination, TableRegion, TextField, useErrorText, useLoad } from '../../app/ui';
import { layerRecordName } from '../../domain/layer-record';
import { dbDataGet, dbLayerQuery } from '../../generated/client';
import type { DataLayer, LayerRecord } from '../../generated/types/entities';
import { QueryBuilder, type Query } from './QueryBuilder';
import { valueText } from './values';

const PAGE_SIZE = 20;
/** The columns beside the name: the first parameters (the form shows them all). */
const SHOWN_PARAMETERS = 4;

export function RecordList({ layer, reloads, onOpen }: { layer: DataLayer; reloads: number; onOpen: (record: LayerRecord) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<Query | null>(null);
  const load = useCallback(() => {
    const input = { layer_code: layer.layer_code, page, page_size: PAGE_SIZE, ...(search ? { search } : {}) };
    return query ? dbLayerQuery({ ...input, ...query }) : dbDataGet(input);
  }, [layer.layer_code, page, search, query]);
  const list = useLoad(load);
  // After a save or a delete elsewhere on the page: the same page of the same query, read again.
  const { retry } = list;
  useEffect(() => {
    if (reloads) retry();
  }, [reloads, retry]);
  const columns = layer.parameter_list.filter((p) => p.id !== layer.label_parameter).slice(0, SHOWN_PARAMETERS - 1);
  const label = layer.parameter_list.find((p) => p.id === layer.label_parameter);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch(typed.trim());
  };

  return (
    <section className="section" aria-labelledby="records-title">
      <h2 id="records-title">{t('database.list')}</h2>
      <form className="form database__search" aria-label={t('database.search')} noValidate onSubmit={onSearch}>
        <TextField label={t('database.search')} type="search" name="search" value={typed} onValue={setTyped} maxLength={100} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {t('database.searchButton')}
          </button>
        </div>
      </form>
      <details className="database__filter">
        <summary>{t('database.query')}</summary>
        <QueryBuilder
          layer={layer}
          onApply={(q) => {
            setPage(1);
            setQuery(q);
          }}
        />
      </details>
      {list.error !== null && <Notice>{errorText(list.error)}</Notice>}
      {list.loading && !list.data && <p role="status">{t('app.loading')}</p>}
      {list.data && (
        <>
          <p role="status">{t('common.found', { count: list.data.total })}</p>
          {list.data.record_list.length === 0 ? (
            <p>{t('database.noRecords')}</p>
          ) : (
            <TableRegion label={t('database.recordsTable', { layer: layer.layer_name[lang] })}>
              <table className="table database__table">
                <thead>
                  <tr>
                    <th scope="col">{label?.label[lang]}</th>
                    {columns.map((p) => (
                      <th key={p.id} scope="col">
                        {p.label[lang]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.data.record_list.map((r) => (
                    <tr key={r.record_id}>
                      <td>
                        <button type="button" className="database__open" onClick={() => onOpen(r)}>
                          {layerRecordName(layer, r.record as never, lang) || t('database.unnamed')}
                        </button>
                      </td>
                      {columns.map((p) => (
                        <td key={p.id}>{valueText(p, (r.record as Record<string, unknown>)[p.id], lang, t)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <Pagination page={list.data.page} pageSize={list.data.page_size} total={list.data.total} onPage={setPage} label={t('database.pages')} />
        </>
      )}
    </section>
  );
}
