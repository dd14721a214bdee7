// The hand-written list sections' scaffolding (the authorization pages): a titled section with what goes
// above the table (filters, notices), the error notice, the loading/found status or the empty text, a
// keyboard-scrollable table region whose table is named by the section's heading, and the pager. Generic
// screens have their own (renderers/generic/list); this is for lists that stay hand-written.
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { usePagedList } from './paged';
import { Notice, Pagination, TableRegion, useChosenColumns, useErrorText } from '../../app/ui';
import { useAppStore } from '../../app/store';

export interface TableColumn<Row> {
  header: string;
  /** The cell's content; the first column's cell is the row's header. */
  cell: (row: Row) => ReactNode;
  /** Which columns give way on a narrow screen: 3 first, then 2 (the default); 1 never (actions, the first column). */
  priority?: 1 | 2 | 3;
}

const headerOf = (c: { header: string }) => c.header;
type PagedList<Row> = ReturnType<typeof usePagedList<Row>>;

export interface PagedTableProps<Row> {
  /** The section heading's id: it names the table. */
  id: string;
  title: string;
  list: PagedList<Row>;
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string;
  pageSize: number;
  /** The pager's name. */
  pagesLabel: string;
  /** Shown when the list loaded without rows (a text, or a block of its own); without it the status line counts the records found. */
  empty?: ReactNode;
  /** Above the table, under the heading (filters, notices). */
  children?: ReactNode;
  /** Under the pager (a confirmation dialog). */
  footer?: ReactNode;
  /** How a failed read is shown (a retry); without it, the reason in a notice. */
  failed?: (error: unknown) => ReactNode;
}

export function PagedTable<Row>({ id, title, list, columns, rowKey, pageSize, pagesLabel, empty, children, footer, failed }: PagedTableProps<Row>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const phone = useAppStore((s) => s.layout.device.isMobile);
  const region = useRef<HTMLElement>(null);
  const prioritized = columns.map((c, i) => ({ ...c, priority: i === 0 ? (1 as const) : (c.priority ?? 2) }));
  const { shown, chooser } = useChosenColumns(region, prioritized, headerOf, headerOf, list.rows);
  const [first, ...rest] = shown;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {list.error ? (failed ? failed(list.error) : <Notice>{errorText(list.error)}</Notice>) : null}
      {empty === undefined ? (
        <p role="status">{list.loading ? t('app.loading') : t('common.found', { count: list.total })}</p>
      ) : (
        !list.loading && !list.error && list.rows.length === 0 && (typeof empty === 'string' ? <p>{empty}</p> : empty)
      )}
      {list.rows.length > 0 && phone && (
        // A phone gets one card per row, every column in it.
        <ul className="paged-cards" aria-labelledby={id}>
          {list.rows.map((row) => (
            <li key={rowKey(row)} className="paged-cards__card">
              <h3 className="paged-cards__title">{columns[0].cell(row)}</h3>
              <dl className="paged-cards__fields">
                {columns.slice(1).map((c) => (
                  <div key={c.header} className="paged-cards__field">
                    <dt>{c.header}</dt>
                    <dd>{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {list.rows.length > 0 && !phone && (
        <div className="table-tools">{chooser}</div>
      )}
      {list.rows.length > 0 && !phone && (
        <TableRegion label={title} ref={region}>
          <table className="table" aria-labelledby={id}>
            <thead>
              <tr>
                {shown.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={rowKey(row)}>
                  <th scope="row">{first.cell(row)}</th>
                  {rest.map((c) => (
                    <td key={c.header}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.total > pageSize && <Pagination page={list.page} pageSize={pageSize} total={list.total} onPage={list.setPage} label={pagesLabel} />}
      {footer}
    </section>
  );
}
