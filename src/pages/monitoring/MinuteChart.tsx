// The calls and their p95 per minute, drawn by uPlot (a small canvas chart library, loaded with this chunk
// only; the data-analysis pages can share it). Minutes without calls count 0 calls and leave a gap in the p95.
// The chart is an image to assistive technology, named by a sentence that says what it shows.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useActiveLabel } from '../../app/router/hooks';
import type { LanguageLabel } from '../../generated/types/entities';
import type { SystemSpeedReportResponse } from '../../generated/types/routes';
import { formatMs, formatTime } from './format';

type Series = SystemSpeedReportResponse['series'];
const MINUTE_S = 60;
const HEIGHT = 240;
const CALLS_COLOUR = '#2f6fde';
const P95_COLOUR = '#b3261e';

/**
 * The time axis's labels in the page's language (uPlot's own are English: "7:15am"): the clock, and the date
 * under the first label of each day when the period spans days.
 */
function timeLabels(lang: LanguageLabel, withDate: boolean) {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return {
    axis: (_u: uPlot, splits: number[]) =>
      splits.map((s, i) => {
        const date = new Date(s * 1000);
        const newDay = withDate && (i === 0 || new Date(splits[i - 1] * 1000).getDate() !== date.getDate());
        return newDay ? `${clock.format(date)}\n${day.format(date)}` : clock.format(date);
      }),
    legend: (_u: uPlot, s: number | null) => (s === null ? '--' : `${withDate ? `${day.format(new Date(s * 1000))} ` : ''}${clock.format(new Date(s * 1000))}`),
  };
}

/** Every minute from the first to the last with calls: [seconds, calls, p95 or null]. */
function minutesOf(series: Series): uPlot.AlignedData {
  if (!series.length) return [[], [], []];
  const byMinute = new Map(series.map((m) => [Date.parse(m.minute) / 1000, m]));
  const first = Date.parse(series[0].minute) / 1000;
  const last = Date.parse(series[series.length - 1].minute) / 1000;
  const xs: number[] = [];
  const calls: number[] = [];
  const p95: (number | null)[] = [];
  for (let s = first; s <= last; s += MINUTE_S) {
    const m = byMinute.get(s);
    xs.push(s);
    calls.push(m?.requests ?? 0);
    p95.push(m ? m.p95_ms : null);
  }
  return [xs, calls, p95];
}

/** The minutes of a period (since…until, ISO) and whether its times need their date. */
export default function MinuteChart({ series, since, until, withDate }: { series: Series; since: string; until: string; withDate: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const box = useRef<HTMLDivElement>(null);
  const data = useMemo(() => minutesOf(series), [series]);
  const peak = series.reduce<Series[number] | undefined>((top, m) => (!top || m.p95_ms > top.p95_ms ? m : top), undefined);
  const summary = peak
    ? t('monitoring.chartSummary', {
        calls: series.reduce((a, m) => a + m.requests, 0).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB'),
        count: data[0].length,
        p95: formatMs(peak.p95_ms, lang),
        time: formatTime(peak.minute, lang, withDate),
      })
    : t('monitoring.noCalls');

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const labels = timeLabels(lang, withDate);
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        // The whole period, whatever minutes had calls (one minute alone would otherwise span years).
        scales: { x: { time: true, range: (): uPlot.Range.MinMax => [Date.parse(since) / 1000, Date.parse(until) / 1000] }, calls: { range: (_u, _min, max) => [0, Math.max(1, max)] }, ms: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          { label: t('monitoring.time'), value: labels.legend },
          { label: t('monitoring.calls'), scale: 'calls', stroke: CALLS_COLOUR, width: 2, fill: `${CALLS_COLOUR}22` },
          { label: t('monitoring.p95Axis'), scale: 'ms', stroke: P95_COLOUR, width: 2, spanGaps: false },
        ],
        axes: [{ values: labels.axis }, { scale: 'calls', stroke: CALLS_COLOUR }, { scale: 'ms', side: 1, stroke: P95_COLOUR, grid: { show: false } }],
        legend: { show: true },
      },
      data,
      element,
    );
    // The chart follows its box's width (a phone turned, the menu opened).
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, since, until, withDate, lang, t]);

  return (
    <figure className="speed-chart">
      <div ref={box} className="speed-chart__canvas" role="img" aria-label={summary} />
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
