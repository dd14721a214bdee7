// speed_monitoring (admin): the site's calls over the last hour or day (/v1/system/speed/report) — the slowest
// routes with their percentiles, calls, error and refusal rates, named by their catalogue summary in the page's
// language — and a chart of the calls and their p95 per minute (Observable Plot, in a chunk of its own: ./MinuteChart).
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice, SelectField, useErrorText, useLoad } from '../../app/ui';
import { systemSpeedReport } from '../../generated/client';
import type { SystemSpeedReportResponse } from '../../generated/types/routes';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { formatMs, formatPercent, formatTime } from './format';
import './strings';
import './monitoring.css';

const MinuteChart = lazy(() => import('./MinuteChart'));

type Period = 'hour' | 'day';
type Route = SystemSpeedReportResponse['route_list'][number];
const PERIODS: Period[] = ['hour', 'day'];

export default function SpeedMonitoring({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [period, setPeriod] = useState<Period>('hour');
  const [chartRoute, setChartRoute] = useState('');
  const report = useLoad(
    useCallback(
      (signal: AbortSignal) => systemSpeedReport({ window: period, ...(chartRoute ? { route_name: chartRoute } : {}) }, { signal }),
      [period, chartRoute],
    ),
  );
  const routes = report.data?.route_list ?? [];
  const series = report.data?.series ?? [];
  const columns: TableColumn<Route>[] = [
    {
      header: t('monitoring.route'),
      cell: (r) => (
        <span className="speed-route">
          <span>{r.summary[lang]}</span>
          <span className="speed-route__path">{r.path.replace(/^\/v1\//, '/')}</span>
        </span>
      ),
    },
    { header: t('monitoring.p95'), cell: (r) => formatMs(r.p95_ms, lang), priority: 1 },
    { header: t('monitoring.calls'), cell: (r) => r.requests.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB') },
    { header: t('monitoring.p50'), cell: (r) => formatMs(r.p50_ms, lang) },
    { header: t('monitoring.p99'), cell: (r) => formatMs(r.p99_ms, lang) },
    { header: t('monitoring.slowest'), cell: (r) => formatMs(r.max_ms, lang), priority: 3 },
    { header: t('monitoring.errorRate'), cell: (r) => formatPercent(r.error_rate, lang) },
    { header: t('monitoring.refusalRate'), cell: (r) => formatPercent(r.refusal_rate, lang), priority: 3 },
  ];
  const list = { rows: routes, total: routes.length, page: 1, setPage: () => undefined, loading: report.loading, error: report.error, reload: report.retry };
  const empty = !report.loading && !report.error && report.data && routes.length === 0;

  return (
    <article className="page speed-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <div className="speed-toolbar">
        <fieldset className="choice-chips">
          <legend>{t('monitoring.window')}</legend>
          {PERIODS.map((w) => (
            <label key={w}>
              <input type="radio" name="speed-window" value={w} checked={period === w} onChange={() => setPeriod(w)} />
              {w === 'hour' ? t('monitoring.lastHour') : t('monitoring.lastDay')}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button button--secondary" onClick={report.retry} disabled={report.loading}>
          {t('monitoring.refresh')}
        </button>
      </div>
      {report.data && (
        <p className="speed-period">
          {t('monitoring.since', { since: formatTime(report.data.since, lang, period === 'day'), until: formatTime(report.data.until, lang, period === 'day') })}
        </p>
      )}
      {report.loading && !report.data && <p role="status">{t('app.loading')}</p>}
      {report.error ? (
        <Notice>
          {errorText(report.error)}{' '}
          <button type="button" className="button button--small" onClick={report.retry}>
            {t('monitoring.retry')}
          </button>
        </Notice>
      ) : null}
      {empty && <p role="status">{t('monitoring.noCalls')}</p>}

      {report.data && (routes.length > 0 || chartRoute) && (
        <section className="section" aria-labelledby="speed-chart-title">
          <h2 id="speed-chart-title">{t('monitoring.chartTitle')}</h2>
          <SelectField
            label={t('monitoring.chartRoute')}
            name="speed-chart-route"
            value={chartRoute}
            onValue={setChartRoute}
            placeholder={t('monitoring.allRoutes')}
            options={routes.map((r) => ({ value: r.route_name, label: r.summary[lang] })).sort((a, b) => a.label.localeCompare(b.label, lang))}
          />
          <Suspense fallback={<p role="status">{t('monitoring.chartLoading')}</p>}>
            <MinuteChart series={series} since={report.data.since} until={report.data.until} withDate={period === 'day'} />
          </Suspense>
        </section>
      )}

      {routes.length > 0 && (
        <PagedTable
          id="speed-routes-title"
          title={t('monitoring.slowestTitle')}
          list={list}
          columns={columns}
          rowKey={(r) => r.route_name}
          pageSize={Math.max(1, routes.length)}
          pagesLabel={t('monitoring.slowestTitle')}
          empty={t('monitoring.noCalls')}
        />
      )}
    </article>
  );
}
