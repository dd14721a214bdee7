// The column chooser: every column of the screen with a check box; a column that gave way to the width is
// unchecked and marked so, and checking it keeps it (another gives way instead).
import { useTranslation } from 'react-i18next';
import type { ListController } from './useListScreen';

export function ColumnChooser({ list, gone }: { list: ListController; gone: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const visible = new Set(list.visibleColumns.map((c) => c.field));
  const shownCount = [...visible].filter((f) => !gone.has(f)).length;
  return (
    <details className="screen__columns">
      <summary className="button button--secondary">
        {t('screen.columns')}
        {gone.size > 0 && <span className="screen__columns-gone"> {t('screen.columnsGoneCount', { count: gone.size })}</span>}
      </summary>
      <fieldset className="fieldset screen__columns-list">
        <legend>{t('screen.columnsLegend')}</legend>
        {list.columns.map((c) => {
          const gaveWay = gone.has(c.field);
          const checked = visible.has(c.field) && !gaveWay;
          return (
            <label key={c.field} className="screen__column-choice">
              <input
                type="checkbox"
                checked={checked}
                disabled={checked && shownCount === 1}
                onChange={() => (gaveWay ? list.keepColumn(c.field) : list.toggleColumn(c.field))}
              />{' '}
              {c.label}
              {gaveWay && <span className="screen__column-note"> ({t('screen.columnGone')})</span>}
            </label>
          );
        })}
        <button type="button" className="button button--secondary button--small" onClick={list.resetColumns}>
          {t('screen.columnsReset')}
        </button>
      </fieldset>
    </details>
  );
}
