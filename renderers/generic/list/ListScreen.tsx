// The list view of a generic screen: a thin view over useListScreen. One server page is rendered at a time
// (plain text cells, no form library), so 10,000 matching records cost what 20 do. Wide screens get a table
// whose low-priority columns give way instead of scrolling sideways; phones get one card per record and the
// filters folded behind one button.
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { useAppStore } from '../../../src/app/store';
import { labelOf, type ResolvedScreen, type ScreenAction } from '../../../src/domain/screen';
import { ColumnChooser, ConfirmDialog, Notice, Pagination, SelectField, useColumnFit, useErrorText } from '../../../src/app/ui';
import { ListCards } from './ListCards';
import { ListFilters } from './ListFilters';
import { ListTable } from './ListTable';
import { useListScreen, type ListController, type Row } from './useListScreen';
import '../generic.css';
import '../strings';

export interface ListScreenProps {
  screen: ResolvedScreen;
  params: Record<string, string | undefined>;
  /** The page's heading, which also names the table. */
  title: string;
  /** More toolbar items from the page showing the list (a server export), given the list's query and count. */
  tools?: (list: Pick<ListController, 'query' | 'total' | 'loaded'>) => ReactNode;
}

const fieldOf = (c: { field: string }) => c.field;

export default function ListScreen({ screen, params, title, tools }: ListScreenProps) {
  const list = useListScreen(screen, params);
  const { t } = useTranslation();
  const errorText = useErrorText();
  const phone = useAppStore((s) => s.layout.device.isMobile);
  const [pending, setPending] = useState<{ action: ScreenAction; rows: Row[] } | null>(null);
  const { runAction } = list;
  const ask = useCallback(
    (action: ScreenAction, rows: Row[]) => {
      if (action.confirm) setPending({ action, rows });
      else void runAction(action, rows);
    },
    [runAction],
  );
  const lang = useActiveLabel();
  const busyId = useId();
  const filtersId = useId();
  const region = useRef<HTMLElement>(null);
  const { shown, gone } = useColumnFit(region, list.visibleColumns, fieldOf, list.rows, list.picked);
  const hasFilters = Boolean(list.screen.list?.search) || list.filterSchemas.length > 0;
  // Open on wide screens; on a phone folded until asked for (a list opened with filters shows them).
  const [filtersOpen, setFiltersOpen] = useState(() => !phone || list.filtered);
  const activeFilters = Object.keys(list.query.filters).length + (list.query.search ? 1 : 0);

  return (
    <div className="screen screen--list">
      <div className="screen__toolbar">
        {list.newLink && (
          <Link className="button" to={list.newLink}>
            {t('screen.new')}
          </Link>
        )}
        {hasFilters && (
          <button type="button" className="button button--secondary" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
            {activeFilters ? t('screen.filtersActive', { count: activeFilters }) : t('common.filters')}
          </button>
        )}
        {list.exports.includes('csv') && (
          <button type="button" className="button button--secondary" disabled={list.exporting !== null || list.total === 0} onClick={() => void list.exportAs('csv')}>
            {list.exporting === 'csv' ? t('screen.exporting') : t('screen.exportCsv')}
          </button>
        )}
        {list.exports.includes('excel') && (
          <button type="button" className="button button--secondary" disabled={list.exporting !== null || list.total === 0} onClick={() => void list.exportAs('excel')}>
            {list.exporting === 'excel' ? t('screen.exporting') : t('screen.exportExcel')}
          </button>
        )}
        {tools?.(list)}
        {!phone && (
          <ColumnChooser
            columns={list.columns.map((c) => ({ key: c.field, label: c.label }))}
            chosen={new Set(list.visibleColumns.map((c) => c.field))}
            gone={gone}
            onToggle={list.toggleColumn}
            onKeep={list.keepColumn}
            onReset={list.resetColumns}
          />
        )}
      </div>
      {hasFilters && <ListFilters list={list} id={filtersId} hidden={!filtersOpen} />}
      {list.outcome && <Notice kind={list.outcome.kind}>{list.outcome.text}</Notice>}
      {list.error ? (
        <Notice>
          <span>{errorText(list.error)}</span>{' '}
          <button type="button" className="button button--secondary button--small" onClick={list.reload}>
            {t('screen.retry')}
          </button>
        </Notice>
      ) : null}
      <p role="status" id={busyId} className="screen__status">
        {list.loading ? t('app.loading') : list.loaded ? t('common.found', { count: list.total }) : ''}
      </p>
      {list.selected.size > 0 && <BulkBar list={list} onRun={ask} />}
      {list.loaded && list.total === 0 && !list.loading && !list.error ? (
        <div className="screen__empty">
          <p>{list.filtered ? t('screen.emptyFiltered') : t('screen.empty')}</p>
          {list.filtered && (
            <button type="button" className="button button--secondary" onClick={list.clearFilters}>
              {t('common.reset')}
            </button>
          )}
        </div>
      ) : null}
      {list.rows.length > 0 &&
        (phone ? (
          <ListCards list={list} title={title} busyId={busyId} lang={lang} onRun={ask} />
        ) : (
          <ListTable list={list} columns={shown} region={region} title={title} busyId={busyId} lang={lang} onRun={ask} />
        ))}
      {list.paged && list.total > 0 && (
        <div className="screen__paging">
          {list.pageCount > 1 && <Pagination page={list.query.page} pageSize={list.query.pageSize} total={list.total} onPage={list.setPage} label={t('screen.pages', { title })} />}
          <SelectField
            label={t('screen.pageSize')}
            name="page_size"
            value={String(list.query.pageSize)}
            onValue={(v) => list.setPageSize(Number(v))}
            options={list.pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </div>
      )}
      {pending && (
        <ConfirmDialog
          title={labelOf(pending.action.label, lang)}
          confirmLabel={labelOf(pending.action.label, lang)}
          busy={list.running !== null}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { action, rows } = pending;
            setPending(null);
            void list.runAction(action, rows);
          }}
        >
          <p>{list.actionText(pending.action.confirm, pending.rows.length === 1 ? pending.rows[0] : undefined)}</p>
          {pending.rows.length > 1 && <p>{t('screen.selected', { count: pending.rows.length })}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}

function BulkBar({ list, onRun }: { list: ListController; onRun: (action: ScreenAction, rows: Row[]) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const rows = [...list.selected.values()];
  return (
    <section className="screen__bulk" aria-label={t('screen.bulk')}>
      <span>{t('screen.selected', { count: rows.length })}</span>
      {list.bulkActions.map((a) => {
        const applicable = rows.filter((r) => Object.entries(a.when ?? {}).every(([f, vs]) => vs.includes(r[f] as never)));
        return (
          <button key={a.id} type="button" className="button button--secondary button--small" disabled={applicable.length === 0 || list.running !== null} onClick={() => onRun(a, applicable)}>
            {labelOf(a.label, lang)} ({applicable.length})
          </button>
        );
      })}
      <button type="button" className="button button--secondary button--small" onClick={list.clearSelection}>
        {t('screen.clearSelection')}
      </button>
    </section>
  );
}
