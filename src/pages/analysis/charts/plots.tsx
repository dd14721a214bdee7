// The analysis panels' plots (this chunk carries Observable Plot; ./Chart.tsx loads it on first use):
// histogram, box plots, bar charts and a scatter with its fit line, each captioned by a sentence in the
// reader's language and with its numbers written as that language writes them.
import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../app/router/hooks';
import type { LanguageLabel } from '../../../generated/types/entities';
import { formatCellNumber, formatCount, formatStat } from '../statistics/format';
import { formatNumber } from '../../../app/ui/format';
import { type Frame, PlotFigure } from '../../../app/ui/PlotFigure';
import type { PlotSpec } from './spec';

const HEIGHT = 260;
// Bars named in a caption before "and N more".
const CAPTION_BARS = 8;

type Of<K extends PlotSpec['kind']> = Extract<PlotSpec, { kind: K }>;

const numbers = (lang: LanguageLabel) => (d: number) => formatCellNumber(d, lang);

/** Ordinal tick labels turn when many would not fit side by side. */
const crowded = (labels: string[], width: number) => labels.reduce((sum, l) => sum + l.length * 7 + 8, 0) > width - 60;

function histogram(spec: Of<'histogram'>, lang: LanguageLabel, t: TFunction) {
  const draw = ({ width, theme }: Frame): Plot.PlotOptions => ({
    width,
    height: HEIGHT,
    x: { label: spec.variable, tickFormat: numbers(lang) },
    y: { label: t('charts.count'), grid: true, tickFormat: numbers(lang) },
    marks: [Plot.rectY(spec.bins, { x1: 'from', x2: 'to', y: 'count', fill: theme.accent, inset: 0.5 }), Plot.ruleY([0], { stroke: theme.text })],
  });
  const peak = spec.bins.reduce((top, b) => (b.count > top.count ? b : top), spec.bins[0]);
  const caption = t('charts.histogramCaption', {
    variable: spec.variable,
    n: formatCount(
      spec.bins.reduce((sum, b) => sum + b.count, 0),
      lang,
    ),
    bins: spec.bins.length,
    from: formatNumber(spec.bins[0].from, lang),
    to: formatNumber(spec.bins[spec.bins.length - 1].to, lang),
    peak: formatCount(peak.count, lang),
    peakFrom: formatNumber(peak.from, lang),
    peakTo: formatNumber(peak.to, lang),
  });
  return { draw, caption };
}

function boxes(spec: Of<'box'>, lang: LanguageLabel, t: TFunction) {
  const rows = spec.groups.map((g) => ({ label: g.label, ...g.box }));
  const outliers = spec.groups.flatMap((g) => g.box.outlier_list.map((value) => ({ label: g.label, value })));
  const labels = spec.groups.map((g) => g.label);
  const draw = ({ width, theme }: Frame): Plot.PlotOptions => {
    const turn = crowded(labels, width);
    // A box narrower than its band (one group would otherwise span the whole width); only its sides: an inset
    // on all four would also shorten the box from q1 to q3.
    const pad = Math.min(40, width / labels.length / 4);
    return {
      width,
      height: HEIGHT + (turn ? 40 : 0),
      marginBottom: turn ? 70 : 30,
      x: { domain: labels, label: null, tickRotate: turn ? -40 : 0 },
      y: { label: spec.variable, grid: true, tickFormat: numbers(lang) },
      marks: [
        Plot.ruleX(rows, { x: 'label', y1: 'lower_whisker', y2: 'upper_whisker', stroke: theme.text }),
        Plot.barY(rows, { x: 'label', y1: 'q1', y2: 'q3', fill: theme.accent, fillOpacity: 0.35, stroke: theme.accent, insetLeft: pad, insetRight: pad }),
        Plot.tickY(rows, { x: 'label', y: 'median', stroke: theme.text, strokeWidth: 2, inset: pad }),
        Plot.dot(outliers, { x: 'label', y: 'value', stroke: theme.accent, r: 3 }),
      ],
    };
  };
  const parts = spec.groups.map((g) =>
    t('charts.boxPart', {
      group: g.label,
      median: formatStat(g.box.median, lang),
      q1: formatStat(g.box.q1, lang),
      q3: formatStat(g.box.q3, lang),
      count: g.box.outlier_list.length,
    }),
  );
  const caption = t('charts.boxCaption', { variable: spec.variable, parts: parts.join('; ') });
  return { draw, caption };
}

function bars(spec: Of<'bar'>, lang: LanguageLabel, t: TFunction) {
  const labels = [...new Set(spec.bars.map((b) => b.label))];
  const draw = ({ width, theme }: Frame): Plot.PlotOptions => {
    if (spec.horizontal) {
      const longest = Math.max(...labels.map((l) => l.length));
      return {
        width,
        height: Math.max(120, labels.length * 26 + 40),
        marginLeft: Math.min(width / 2, 12 + longest * 7),
        y: { domain: labels, label: null },
        x: { label: spec.measure, grid: true, tickFormat: numbers(lang) },
        marks: [Plot.barX(spec.bars, { y: 'label', x: 'value', fill: theme.accent }), Plot.ruleX([0], { stroke: theme.text })],
      };
    }
    const series = [...new Set(spec.bars.flatMap((b) => (b.series === undefined ? [] : [b.series])))];
    const ticks = series.length ? series : labels;
    const turn = crowded(series.length ? series.flatMap(() => labels).concat(ticks) : ticks, width);
    return {
      width,
      height: HEIGHT + (turn ? 40 : 0),
      marginBottom: turn ? 70 : 30,
      ...(series.length ? { fx: { domain: labels, label: null } } : {}),
      x: { domain: ticks, label: null, tickRotate: turn ? -40 : 0 },
      y: { label: spec.measure, grid: true, tickFormat: numbers(lang) },
      marks: [
        Plot.barY(spec.bars, series.length ? { fx: 'label', x: 'series', y: 'value', fill: theme.accent, inset: 1 } : { x: 'label', y: 'value', fill: theme.accent, inset: 1 }),
        Plot.ruleY([0], { stroke: theme.text }),
      ],
    };
  };
  const named = spec.bars.slice(0, CAPTION_BARS).map((b) => `${b.series === undefined ? b.label : `${b.label}, ${b.series}`}: ${formatNumber(b.value, lang)}`);
  const more = spec.bars.length - named.length;
  const caption = t('charts.barCaption', { variable: spec.variable, measure: spec.measure, bars: named.join('; ') }) + (more > 0 ? ` ${t('charts.moreBars', { count: more })}` : '');
  return { draw, caption };
}

function scatter(spec: Of<'scatter'>, lang: LanguageLabel, t: TFunction) {
  const xs = spec.points.map((p) => p[0]);
  const line =
    spec.slope !== null && spec.intercept !== null && xs.length
      ? [Math.min(...xs), Math.max(...xs)].map((x) => [x, (spec.intercept as number) + (spec.slope as number) * x])
      : [];
  const draw = ({ width, theme }: Frame): Plot.PlotOptions => ({
    width,
    height: HEIGHT + 40,
    x: { label: spec.x, tickFormat: numbers(lang) },
    y: { label: spec.y, grid: true, tickFormat: numbers(lang) },
    marks: [
      Plot.dot(spec.points, { x: (p: number[]) => p[0], y: (p: number[]) => p[1], stroke: theme.accent, r: 2.5 }),
      Plot.line(line, { x: (p: number[]) => p[0], y: (p: number[]) => p[1], stroke: theme.text, strokeWidth: 2 }),
    ],
  });
  const caption = line.length
    ? t('charts.scatterFitCaption', { x: spec.x, y: spec.y, count: spec.points.length, intercept: formatStat(spec.intercept, lang), sign: (spec.slope ?? 0) < 0 ? '−' : '+', slope: formatStat(Math.abs(spec.slope ?? 0), lang) })
    : t('charts.scatterCaption', { x: spec.x, y: spec.y, count: spec.points.length });
  return { draw, caption };
}

function figureOf(spec: PlotSpec, lang: LanguageLabel, t: TFunction) {
  switch (spec.kind) {
    case 'histogram':
      return histogram(spec, lang, t);
    case 'box':
      return boxes(spec, lang, t);
    case 'bar':
      return bars(spec, lang, t);
    case 'scatter':
      return scatter(spec, lang, t);
  }
}

export default function PlotView({ spec }: { spec: PlotSpec }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const { draw, caption } = figureOf(spec, lang, t);
  // Drawn again when the figure or the language changes, not on every render of the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `draw` is rebuilt from exactly these on each render
  const stableDraw = useCallback(draw, [spec, lang, t]);
  return <PlotFigure caption={caption} draw={stableDraw} />;
}
