// A model's held-out test results: a classifier's accuracy and macro F1, its per-class precision, recall and
// F1, and its confusion matrix with cells shaded by their share of the observed class (the count is written in
// every cell: the shade only helps the eye); a regression's RMSE, MAE and R²; and which inputs count most.
// The per-class table downloads as Excel like the statistics tables.
import { useId } from 'react';
import { TableRegion } from '../../../app/ui';
import type { MachineLearningModel } from '../../../generated/types/entities';
import { Chart } from '../charts/Chart';
import { formatCount, formatShare, formatStat } from '../statistics/format';
import { ResultTable } from '../statistics/ResultTable';
import type { StatTable, Wording } from '../statistics/tables';

type Metrics = NonNullable<MachineLearningModel['metrics']>;

/** A classifier reports classes (or an accuracy); a regression its errors. */
export const isClassifier = (m: Metrics) => Boolean(m.class_list?.length) || m.accuracy !== undefined;

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="facts ml-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConfusionMatrix({ metrics, wording }: { metrics: Metrics; wording: Wording }) {
  const { t } = wording;
  const id = useId();
  const classes = metrics.class_list ?? [];
  const matrix = metrics.confusion_matrix ?? [];
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>{t('machineLearning.confusionTitle')}</h4>
      <p className="field__hint">{t('machineLearning.confusionHint')}</p>
      <TableRegion label={t('machineLearning.confusionTitle')}>
        <table className="table ml-confusion" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('machineLearning.observedPredicted')}</th>
              {classes.map((c) => (
                <th key={String(c)} scope="col">
                  {wording.valueText(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, i) => {
              const observed = row.reduce((a, b) => a + b, 0);
              return (
                <tr key={String(classes[i])}>
                  <th scope="row">{wording.valueText(classes[i])}</th>
                  {row.map((n, j) => {
                    const share = observed ? n / observed : 0;
                    return (
                      // The shade is set through the style object (CSSOM), which the CSP admits.
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: the matrix's columns are its classes, in a fixed order
                        key={j}
                        className={share > 0.55 ? 'ml-confusion__cell ml-confusion__cell--dark' : 'ml-confusion__cell'}
                        style={{ backgroundColor: `color-mix(in srgb, var(--sema-accent) ${Math.round(share * 100)}%, transparent)` }}
                      >
                        {formatCount(n, wording.lang)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

/** The per-class table, as the statistics tables are drawn (and downloaded as Excel). */
function classTable(metrics: Metrics, wording: Wording): StatTable {
  const { t, lang } = wording;
  const stat = (value: number | null) => ({ text: formatStat(value, lang), value });
  return {
    key: 'per-class',
    title: t('machineLearning.perClassTitle'),
    columns: [t('machineLearning.class'), t('machineLearning.precision'), t('machineLearning.recall'), t('machineLearning.f1'), t('machineLearning.support')],
    rows: (metrics.class_metric_list ?? []).map((c) => [
      { text: wording.valueText(c.value), value: c.value },
      stat(c.precision),
      stat(c.recall),
      stat(c.f1),
      { text: formatCount(c.support, lang), value: c.support },
    ]),
  };
}

export function ModelResults({ metrics, wording }: { metrics: Metrics; wording: Wording }) {
  const { t, lang } = wording;
  const rows: [string, string][] = [
    [t('machineLearning.trainCount'), formatCount(metrics.train_count, lang)],
    [t('machineLearning.testCount'), formatCount(metrics.test_count, lang)],
  ];
  const classifier = isClassifier(metrics);
  const facts: [string, string][] = classifier
    ? [[t('machineLearning.accuracy'), formatShare(metrics.accuracy, lang)], [t('machineLearning.macroF1'), formatStat(metrics.macro_f1, lang)], ...rows]
    : [[t('machineLearning.rmse'), formatStat(metrics.rmse, lang)], [t('machineLearning.mae'), formatStat(metrics.mae, lang)], [t('machineLearning.r2'), formatStat(metrics.r2, lang)], ...rows];
  const importance = metrics.feature_importance_list ?? [];
  return (
    <div className="ml-results">
      <Facts facts={facts} />
      {classifier && metrics.class_metric_list?.length ? <ResultTable table={classTable(metrics, wording)} /> : null}
      {classifier && metrics.confusion_matrix?.length ? <ConfusionMatrix metrics={metrics} wording={wording} /> : null}
      {importance.length > 0 && (
        <Chart
          spec={{
            kind: 'bar',
            horizontal: true,
            variable: t('machineLearning.importanceTitle'),
            measure: t('machineLearning.importance'),
            bars: importance.map((f) => ({ label: f.column, value: f.importance })),
          }}
        />
      )}
    </div>
  );
}
