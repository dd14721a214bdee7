// The list as a table (wide screens): plain text cells, long values cut to one line with the whole value on
// hover and focus, columns giving way by priority so the table never scrolls sideways, the row's actions in
// the last column.
import { memo, type MouseEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ScreenAction } from '../../../src/domain/screen';
import type { Lang } from '../../../src/domain/language';
import { TableRegion } from '../../../src/app/ui';
import { RowActions } from './RowActions';
import type { Column, ListController, Row } from './useListScreen';

/** Values longer than this are cut to one line (unless the column wraps) and can be read whole on focus. */
const LONG_TEXT = 40;

interface ListTableProps {
  list: ListController;
  /** The columns that fit (useColumnFit), measured in `region`. */
  columns: Column[];
  region: RefObject<HTMLElement | null>;
  title: string;
  busyId: string;
  lang: Lang;
  onRun: (action: ScreenAction, rows: Row[]) => void;
}

export function ListTable({ list, columns: shown, region, title, busyId, lang, onRun }: ListTableProps) {
  const { t } = useTranslation();
  return (
    <TableRegion label={title} ref={region}>
      <table className="table screen__table" aria-label={title} aria-busy={list.loading || undefined} aria-describedby={busyId}>
        <thead>
          <tr>
            {list.bulkActions.length > 0 && (
              <th scope="col" className="screen__select">
                <input type="checkbox" aria-label={t('screen.selectAll')} checked={list.pageSelected} onChange={list.togglePage} />
              </th>
            )}
            {shown.map((c) => (
              <HeaderCell key={c.field} column={c} sort={list.query.sort} onSort={list.toggleSort} />
            ))}
            {list.hasRowActions && (
              <th scope="col" className="screen__actions">
                {t('common.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <ListRow
              key={list.idOf(row) || JSON.stringify(row)}
              row={row}
              keyField={list.screen.key}
              columns={shown}
              selectable={list.bulkActions.length > 0}
              selected={list.selected.has(list.idOf(row))}
              busy={list.running !== null}
              lang={lang}
              depth={list.depthOf(row)}
              moves={list.canReorder ? { up: list.canMove(row, -1), down: list.canMove(row, 1) } : null}
              onMove={list.move}
              recordLink={list.recordLink}
              cellText={list.cellText}
              actionsFor={list.hasRowActions ? list.actionsFor : null}
              toggleRow={list.toggleRow}
              onRun={onRun}
            />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function HeaderCell({ column, sort, onSort }: { column: Column; sort: string; onSort: (key: string) => void }) {
  if (!column.sort) return <th scope="col">{column.label}</th>;
  const direction = sort === column.sort ? 'ascending' : sort === `-${column.sort}` ? 'descending' : undefined;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <button type="button" className="screen__sort" onClick={() => onSort(column.sort!)}>
        {column.label}
        <span aria-hidden="true" className="screen__sort-mark">
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
        </span>
      </button>
    </th>
  );
}

/** A cell's text; a long one is cut to one line, titled with the whole value and focusable to read it whole. */
export function CellText({ text, wrap }: { text: string; wrap: boolean }) {
  if (wrap || text.length <= LONG_TEXT) return <>{text}</>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is what shows a cut text whole (.screen__cut:focus-visible), the keyboard's way to what the title shows a mouse
    <span className="screen__cut" title={text} tabIndex={0}>
      {text}
    </span>
  );
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="menu"]';

interface RowProps {
  row: Row;
  keyField: string;
  columns: Column[];
  selectable: boolean;
  selected: boolean;
  busy: boolean;
  lang: Lang;
  /** Depth in tree order (0: top level). */
  depth: number;
  moves: { up: boolean; down: boolean } | null;
  onMove: ListController['move'];
  recordLink: ListController['recordLink'];
  cellText: ListController['cellText'];
  /** Null when no row offers anything: no actions cell. */
  actionsFor: ListController['actionsFor'] | null;
  toggleRow: ListController['toggleRow'];
  onRun: (action: ScreenAction, rows: Row[]) => void;
}

/** One row; re-rendered only when its own props change (stable callbacks from the controller). */
const ListRow = memo(function ListRow({ row, keyField, columns, selectable, selected, busy, lang, depth, moves, onMove, recordLink, cellText, actionsFor, toggleRow, onRun }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = recordLink(row);
  const [first, ...rest] = columns;
  const name = cellText(row, first) || String(row[keyField] ?? '');
  const onClick = (e: MouseEvent<HTMLTableRowElement>) => {
    if (!link || (e.target as HTMLElement).closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    navigate(link);
  };
  return (
    <tr className={`screen__row${selected ? ' screen__row--selected' : ''}${link ? ' screen__row--link' : ''}${depth ? ` screen__row--depth-${Math.min(depth, 4)}` : ''}`} onClick={onClick}>
      {selectable && (
        <td className="screen__select">
          <input type="checkbox" aria-label={t('screen.selectRow', { name })} checked={selected} onChange={() => toggleRow(row)} />
        </td>
      )}
      <th scope="row" className={depth ? 'screen__tree-cell' : undefined}>
        {link ? <Link to={link}>{name}</Link> : name}
      </th>
      {rest.map((c) => (
        <td key={c.field} className={c.wrap ? 'screen__cell--wrap' : undefined}>
          <CellText text={cellText(row, c)} wrap={c.wrap} />
        </td>
      ))}
      {actionsFor && (
        <td className="screen__actions">
          <RowActions row={row} name={name} busy={busy} lang={lang} moves={moves} onMove={onMove} actionsFor={actionsFor} onRun={onRun} />
        </td>
      )}
    </tr>
  );
});
