// Stored statistics results as jamovi and JASP lay them out: per analysis a heading, its tables and, beside
// them on a wide screen (under them on a phone), its plots.
import { useTranslation } from 'react-i18next';
import { enumLabel, formatDate } from '../../../app/ui';
import { analyzeType } from '../../../generated/enums/analyzeType';
import { Chart } from '../charts/Chart';
import { ResultTable } from './ResultTable';
import { resultView, type StoredResult, type Wording } from './tables';

export function Results({ results, wording }: { results: readonly StoredResult[]; wording: Wording }) {
  return (
    <>
      {results.map((stored) => (
        <ResultBlock key={stored.result_id} stored={stored} wording={wording} />
      ))}
    </>
  );
}

/** "Descriptive statistics: a, b" — what was asked, for headings and the earlier results. */
export function resultName(stored: StoredResult, w: Wording): string {
  const roles = [
    ...stored.column_list.map((id) => w.columnName(id)),
    ...(stored.group_column_id ? [w.t('statistics.byGroup', { column: w.columnName(stored.group_column_id) })] : []),
    ...(stored.dependent_column_id ? [w.t('statistics.forOutcome', { column: w.columnName(stored.dependent_column_id) })] : []),
  ];
  return `${enumLabel(analyzeType, stored.analyze_type, w.lang)}: ${roles.join(', ')}`;
}

function ResultBlock({ stored, wording }: { stored: StoredResult; wording: Wording }) {
  const { t } = useTranslation();
  const { tables, plots } = resultView(stored, wording);
  const headingId = `result-${stored.result_id}`;
  return (
    <article className="stat-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{resultName(stored, wording)}</h3>
      <p className="stat-result__when">{t('statistics.askedAt', { when: formatDate(stored.created_at, wording.lang, true) })}</p>
      <div className={plots.length ? 'stat-result__body stat-result__body--plots' : 'stat-result__body'}>
        <div className="stat-result__tables">
          {tables.map((table) => (
            <ResultTable key={table.key} table={table} />
          ))}
        </div>
        {plots.length > 0 && (
          <div className="stat-result__plots">
            {plots.map((spec, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored result's figures never move
              <Chart key={i} spec={spec} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
