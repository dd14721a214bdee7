// The calls and their p95 per minute, drawn by Observable Plot (the app's one chart library, loaded with this
// chunk only): the calls as bars over the p95 as a line, two plots sharing the time axis, each on its own scale.
// Minutes without calls count 0 calls and leave a gap in the p95. The figure is named by a sentence that says
// what it shows; times are written by Intl in the page's language (Plot's own are English).
import * as Plot from '@observablehq/plot';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { type Frame, PlotFigure } from '../../app/ui/PlotFigure';
import type { LanguageLabel } from '../../generated/types/entities';
import type { SystemSpeedReportResponse } from '../../generated/types/routes';
import { formatMs, formatTime } from './format';

type Series = SystemSpeedReportResponse['series'];
const MINUTE_MS = 60_000;
const HEIGHT = 150;

interface Minute {
  at: Date;
  calls: number;
  /** null: no calls that minute (a gap in the line). */
  p95: number | null;
}

/** Every minute from the first to the last with calls. */
function minutesOf(series: Series): Minute[] {
  if (!series.length) return [];
  const byMinute = new Map(series.map((m) => [Date.parse(m.minute), m]));
  const minutes: Minute[] = [];
  for (let at = Date.parse(series[0].minute); at <= Date.parse(series[series.length - 1].minute); at += MINUTE_MS) {
    const m = byMinute.get(at);
    minutes.push({ at: new Date(at), calls: m?.requests ?? 0, p95: m ? m.p95_ms : null });
  }
  return minutes;
}

/** The time axis's labels: the clock, with the day where the period spans days. */
function timeLabel(lang: LanguageLabel, withDate: boolean) {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (d: Date) => (withDate ? `${clock.format(d)}\n${day.format(d)}` : clock.format(d));
}

/** The minutes of a period (since…until, ISO) and whether its times need their date. */
export default function MinuteChart({ series, since, until, withDate }: { series: Series; since: string; until: string; withDate: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const minutes = useMemo(() => minutesOf(series), [series]);
  const peak = series.reduce<Series[number] | undefined>((top, m) => (!top || m.p95_ms > top.p95_ms ? m : top), undefined);
  const summary = peak
    ? t('monitoring.chartSummary', {
        calls: series.reduce((a, m) => a + m.requests, 0).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB'),
        count: minutes.length,
        p95: formatMs(peak.p95_ms, lang),
        time: formatTime(peak.minute, lang, withDate),
      })
    : t('monitoring.noCalls');

  const draw = useCallback(
    ({ width, theme }: Frame): Plot.PlotOptions[] => {
      const number = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB');
      // The whole period, whatever minutes had calls (one minute alone would otherwise span nothing).
      const x = { type: 'time' as const, domain: [new Date(since), new Date(until)], tickFormat: timeLabel(lang, withDate), label: null, ticks: Math.max(2, Math.floor(width / 110)) };
      const y = (label: string) => ({ label, grid: true, nice: true, zero: true, tickFormat: (v: number) => number.format(v) });
      return [
        {
          width,
          height: HEIGHT,
          marginLeft: 50,
          x: { ...x, axis: null },
          y: y(t('monitoring.calls')),
          marks: [Plot.rectY(minutes, { x1: 'at', x2: (m: Minute) => new Date(m.at.getTime() + MINUTE_MS), y: 'calls', fill: theme.accent, inset: 0 }), Plot.ruleY([0], { stroke: theme.text })],
        },
        {
          width,
          height: HEIGHT + (withDate ? 40 : 25),
          marginLeft: 50,
          marginBottom: withDate ? 40 : 25,
          x,
          y: y(t('monitoring.p95Axis')),
          marks: [Plot.line(minutes, { x: 'at', y: 'p95', stroke: theme.text, strokeWidth: 2 }), Plot.dot(minutes, { x: 'at', y: 'p95', fill: theme.text, r: minutes.length > 60 ? 0 : 2 })],
        },
      ];
    },
    [minutes, since, until, withDate, lang, t],
  );

  return <PlotFigure caption={summary} draw={draw} className="speed-chart" />;
}
