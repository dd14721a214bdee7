// A plot of the analysis panels. Observable Plot is its own chunk (./plots.tsx), fetched the first time a
// panel has something to draw: the pages that draw nothing never carry it.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotSpec } from './spec';
import '../statistics/strings';

const PlotView = lazy(() => import('./plots'));

export function Chart({ spec }: { spec: PlotSpec }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p role="status">{t('charts.loading')}</p>}>
      <PlotView spec={spec} />
    </Suspense>
  );
}
