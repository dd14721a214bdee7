// The rows of a project that match a filter, read a page at a time from the server (the dataset filter page's
// dataset/get, the data query page's data/query): the conditions (FilterBuilder) and the columns to answer are
// chosen in a form and take effect when applied; the matching rows show as a table with "N of M rows", pages, and
// an export to Excel (table/to/excel) of the page shown or of every matching row while they fit the Excel limit.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { ColumnChooser, formatNumber, Notice, Pagination, TableRegion, useErrorText } from '../../app/ui';
import { fileNameOf, saveDownloadFile } from '../../app/ui/download';
import { tableToExcel, wanalyzerDataQuery, wanalyzerProjectDatasetGet } from '../../generated/client';
import type { AnalysisColumn } from '../../generated/types/entities';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../generated/types/routes';
import { usePagedList } from '../shared/paged';
import { cellText, type CellValue } from './cells';
import { EMPTY_FILTER, type RowFilter } from './FilterBuilder';
import { FilterForm } from './FilterForm';

const ROWS_PAGE_SIZE = 20;
/** The largest page the list calls answer (common.json list_page_size): an export of every row reads pages this big. */
const EXPORT_PAGE_SIZE = 100;
/** table/to/excel takes at most 100,000 cells. */
const EXCEL_CELL_LIMIT = 100_000;

interface RowsRequest {
  column_id_list: string[];
  filter?: RowFilter;
  page: number;
  page_size: number;
}
type FetchRows = (request: RowsRequest) => Promise<{ row_list: CellValue[][]; total: number }>;

interface Applied {
  filter: RowFilter;
  columnIds: string[];
}

/** Which page: the dataset filter shows every row at once (dataset/get); a data query shows rows once it is run (data/query). */
export type RowsSource = 'dataset_filter' | 'data_query';

const FETCH: Record<RowsSource, (projectId: string, request: RowsRequest) => ReturnType<FetchRows>> = {
  dataset_filter: (project_id, request) => wanalyzerProjectDatasetGet({ project_id, ...request }),
  data_query: (project_id, { filter, ...rest }) => wanalyzerDataQuery({ project_id, query: filter ?? EMPTY_FILTER, ...rest }),
};

export function RowsExplorer({ project, source }: { project: WanalyzerProjectDetailsColumnsWaiGetResponse; source: RowsSource }) {
  const { t } = useTranslation();
  const showAtOnce = source === 'dataset_filter';
  const fetchRows: FetchRows = useCallback((request) => FETCH[source](project.project_id, request), [source, project.project_id]);
  // In the dataset's order: the rows' cells come in column_index order.
  const columns = [...(project.column_list ?? [])].sort((a, b) => a.column_index - b.column_index);
  const allIds = columns.map((c) => c.column_id);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(allIds));
  const [applied, setApplied] = useState<Applied | null>(showAtOnce ? { filter: EMPTY_FILTER, columnIds: allIds } : null);

  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <FilterForm
        projectId={project.project_id}
        columns={columns}
        title={t(showAtOnce ? 'analysis.rows.formTitle' : 'analysis.query.formTitle')}
        submitLabel={t(showAtOnce ? 'analysis.filter.apply' : 'analysis.query.run')}
        // Columns answered in the dataset's order, whatever order they were ticked in.
        onApply={(filter) => setApplied({ filter, columnIds: allIds.filter((id) => chosen.has(id)) })}
        onReset={() => {
          setChosen(new Set(allIds));
          setApplied(showAtOnce ? { filter: EMPTY_FILTER, columnIds: allIds } : null);
        }}
      >
        <div className="analysis-query__columns">
          <ColumnChooser
            columns={columns.map((c) => ({ key: c.column_id, label: c.column_name }))}
            chosen={chosen}
            gone={new Set()}
            onToggle={toggle}
            onKeep={toggle}
            onReset={() => setChosen(new Set(allIds))}
          />
        </div>
      </FilterForm>
      {applied && (
        <MatchingRows
          key={JSON.stringify(applied)}
          project={project}
          columns={applied.columnIds.map((id) => columns.find((c) => c.column_id === id)!)}
          applied={applied}
          fetchRows={fetchRows}
          title={t(showAtOnce ? 'analysis.rows.matching' : 'analysis.query.result')}
          exportName={t(showAtOnce ? 'analysis.rows.filterExport' : 'analysis.query.export')}
        />
      )}
    </>
  );
}

interface MatchingRowsProps {
  project: WanalyzerProjectDetailsColumnsWaiGetResponse;
  columns: AnalysisColumn[];
  applied: Applied;
  fetchRows: FetchRows;
  title: string;
  exportName: string;
}

function MatchingRows({ project, columns, applied, fetchRows, title, exportName }: MatchingRowsProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const request = useCallback(
    (page: number, page_size: number) =>
      fetchRows({ column_id_list: applied.columnIds, ...(applied.filter.condition_list.length ? { filter: applied.filter } : {}), page, page_size }),
    [fetchRows, applied],
  );
  const list = usePagedList(useCallback((page: number) => request(page, ROWS_PAGE_SIZE).then((a) => ({ rows: a.row_list, total: a.total })), [request]));
  const [exporting, setExporting] = useState<{ done: number; of: number } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const allRows = project.details.row_count;
  const fitsExcel = list.total * columns.length <= EXCEL_CELL_LIMIT;

  const exportRows = async (which: 'page' | 'all') => {
    setExportError(null);
    try {
      let rows = list.rows;
      if (which === 'all') {
        rows = [];
        setExporting({ done: 0, of: list.total });
        for (let page = 1; rows.length < list.total; page++) {
          const answer = await request(page, EXPORT_PAGE_SIZE);
          if (!answer.row_list.length) break;
          rows = rows.concat(answer.row_list);
          setExporting({ done: rows.length, of: list.total });
        }
      }
      const { file } = await tableToExcel({
        file_name: fileNameOf(`${project.project_name} ${exportName}`),
        sheet_name: exportName.slice(0, 31),
        column_list: columns.map((c) => ({ key: c.column_id, label: c.column_name })),
        row_list: rows,
      });
      saveDownloadFile(file);
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(null);
    }
  };

  return (
    <section className="section analysis-rows" aria-labelledby="analysis-rows">
      <h2 id="analysis-rows">{title}</h2>
      {list.error !== null && <Notice>{errorText(list.error)}</Notice>}
      <p role="status">
        {list.loading
          ? t('app.loading')
          : allRows === undefined
            ? t('analysis.rows.found', { count: list.total, shown: formatNumber(list.total, lang) })
            : t('analysis.rows.countOf', { count: allRows, shown: formatNumber(list.total, lang), all: formatNumber(allRows, lang) })}
      </p>
      {list.rows.length > 0 && (
        <>
          <div className="form__actions analysis-rows__export">
            <button type="button" className="button button--secondary" disabled={exporting !== null} onClick={() => void exportRows('page')}>
              {t('analysis.rows.exportPage')}
            </button>
            <button type="button" className="button button--secondary" disabled={exporting !== null || !fitsExcel} aria-describedby={fitsExcel ? undefined : 'analysis-rows-limit'} onClick={() => void exportRows('all')}>
              {t('analysis.rows.exportAll', { count: list.total, shown: formatNumber(list.total, lang) })}
            </button>
          </div>
          {!fitsExcel && (
            <p id="analysis-rows-limit" className="field__hint">
              {t('analysis.rows.tooManyCells', { limit: formatNumber(EXCEL_CELL_LIMIT, lang) })}
            </p>
          )}
          {exporting && <p role="status">{t('analysis.rows.exporting', { done: formatNumber(exporting.done, lang), of: formatNumber(exporting.of, lang) })}</p>}
          {exportError !== null && <Notice>{errorText(exportError)}</Notice>}
          <TableRegion label={title}>
            <table className="table analysis-rows__table" aria-labelledby="analysis-rows">
              <thead>
                <tr>
                  <th scope="col">{t('analysis.rows.number')}</th>
                  {columns.map((c) => (
                    <th key={c.column_id} scope="col">
                      {c.column_name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row, i) => {
                  const n = (list.page - 1) * ROWS_PAGE_SIZE + i + 1;
                  return (
                    <tr key={n}>
                      <th scope="row">{formatNumber(n, lang)}</th>
                      {columns.map((c, j) => (
                        <td key={c.column_id} className={c.column_type === 'numeric' ? 'analysis-rows__number' : undefined}>
                          {cellText(c, row[j], lang, t)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
      {list.total > ROWS_PAGE_SIZE && <Pagination page={list.page} pageSize={ROWS_PAGE_SIZE} total={list.total} onPage={list.setPage} label={t('analysis.rows.pages')} />}
    </section>
  );
}
