// The list on a phone: one card per record (its name as the heading, the other columns as label and value,
// its actions at the foot) instead of a table that scrolls sideways.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ScreenAction } from '../../../src/domain/screen';
import type { Lang } from '../../../src/domain/language';
import { RowActions } from './RowActions';
import { CellText } from './ListTable';
import type { ListController, Row } from './useListScreen';

export function ListCards({ list, title, busyId, lang, onRun }: { list: ListController; title: string; busyId: string; lang: Lang; onRun: (action: ScreenAction, rows: Row[]) => void }) {
  const { t } = useTranslation();
  // A card shows what matters: the columns that would give way first on a narrow table stay in the table view.
  const [first, ...rest] = list.visibleColumns.filter((c, i) => i === 0 || c.priority < 3 || list.picked.has(c.field));
  return (
    <ul className="screen__cards" aria-label={title} aria-busy={list.loading || undefined} aria-describedby={busyId}>
      {list.rows.map((row) => {
        const name = list.cellText(row, first) || String(row[list.screen.key] ?? '');
        const link = list.recordLink(row);
        const depth = list.depthOf(row);
        return (
          <li key={list.idOf(row) || JSON.stringify(row)} className={`screen__card${depth ? ` screen__card--depth-${Math.min(depth, 4)}` : ''}`}>
            <div className="screen__card-head">
              {list.bulkActions.length > 0 && (
                <input type="checkbox" aria-label={t('screen.selectRow', { name })} checked={list.selected.has(list.idOf(row))} onChange={() => list.toggleRow(row)} />
              )}
              <h3 className="screen__card-title">{link ? <Link to={link}>{name}</Link> : name}</h3>
            </div>
            {rest.length > 0 && (
              <dl className="screen__card-fields">
                {rest.map((c) => {
                  const text = list.cellText(row, c);
                  return text ? (
                    <div key={c.field} className="screen__card-field">
                      <dt>{c.label}</dt>
                      <dd>
                        <CellText text={text} wrap />
                      </dd>
                    </div>
                  ) : null;
                })}
              </dl>
            )}
            {list.hasRowActions && (
              <div className="screen__card-actions">
                <RowActions
                  row={row}
                  name={name}
                  busy={list.running !== null}
                  lang={lang}
                  moves={list.canReorder ? { up: list.canMove(row, -1), down: list.canMove(row, 1) } : null}
                  onMove={list.move}
                  actionsFor={list.actionsFor}
                  onRun={onRun}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
