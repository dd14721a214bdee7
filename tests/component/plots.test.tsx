// The app's plots (Observable Plot through src/app/ui/PlotFigure): drawn in jsdom as SVG without the inline
// <style> the Content-Security-Policy would refuse, numbers and times written as the page's language writes
// them, and each figure captioned by a sentence saying what it shows.
import { screen, waitFor } from '@testing-library/react';
import PlotView from '../../src/pages/analysis/charts/plots';
import MinuteChart from '../../src/pages/monitoring/MinuteChart';
import '../../src/pages/analysis/statistics/strings';
import '../../src/pages/monitoring/strings';
import { renderPanel } from './support/analysis';

const ticks = (figure: HTMLElement) => [...figure.querySelectorAll('svg text')].map((t) => t.textContent);

describe('plots', () => {
  it('draws a histogram with Turkish decimal commas and a caption, and no inline style', async () => {
    const bins = [
      { from: 4.2, to: 4.8, count: 11 },
      { from: 4.8, to: 5.4, count: 36 },
      { from: 5.4, to: 6, count: 20 },
    ];
    const { container } = renderPanel(<PlotView spec={{ kind: 'histogram', variable: 'Sepal.Length', bins }} />, 'tr');
    expect(screen.getByText('Sepal.Length histogramı: 4,2 ile 6 arasında 3 aralıkta 67 değer; en çok değer (36) 4,8 ile 5,4 arasında.')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(1));
    expect(container.querySelector('svg style')).toBeNull();
    expect(ticks(container)).toContain('4,4');
    expect(container.querySelector('figure div')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws a scatter with its fit line, told in English', async () => {
    const { container } = renderPanel(
      <PlotView spec={{ kind: 'scatter', x: 'wt', y: 'mpg', points: [[2.62, 21], [3.215, 21.4], [5.424, 10.4]], slope: -5.344, intercept: 37.285 }} />,
      'en',
    );
    expect(screen.getByText('Scatter plot of mpg against wt, 3 points, with the fitted line mpg = 37.285 − 5.344 × wt.')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('svg circle')).toHaveLength(3));
    expect(container.querySelectorAll('svg path[d]').length).toBeGreaterThan(0);
  });

  it('draws a box per group from q1 to q3, with the outliers as points', async () => {
    const box = (median: number, outlier_list: number[]) => ({ lower_whisker: median - 0.8, q1: median - 0.3, median, q3: median + 0.3, upper_whisker: median + 0.8, outlier_list });
    const { container } = renderPanel(<PlotView spec={{ kind: 'box', variable: 'len', groups: [{ label: 'OJ', box: box(22.7, []) }, { label: 'VC', box: box(16.5, [33.9]) }] }} />, 'en');
    expect(screen.getByText('Box plot of len: OJ median 22.700, middle half 22.400 to 23.000, 0 outliers; VC median 16.500, middle half 16.200 to 16.800, 1 outlier.')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('svg rect')).toHaveLength(2));
    for (const rect of container.querySelectorAll('svg rect')) expect(Number(rect.getAttribute('height'))).toBeGreaterThan(5);
    expect(container.querySelectorAll('svg circle')).toHaveLength(1);
  });

  it('draws the speed-monitoring chart as calls over p95, with the clock in the page language', async () => {
    const series = [
      { minute: '2026-11-26T07:58:00Z', requests: 1200, p95_ms: 24 },
      { minute: '2026-11-26T08:00:00Z', requests: 40, p95_ms: 612.5 },
    ];
    const { container } = renderPanel(<MinuteChart series={series} since="2026-11-26T07:30:00Z" until="2026-11-26T08:30:00Z" withDate={false} />, 'tr');
    expect(screen.getByText(/^3 dakikada 1\.240 çağrı; en yüksek p95 613 ms/)).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(2));
    expect(container.querySelector('svg style')).toBeNull();
    expect(ticks(container).some((t) => /^\d\d:\d\d$/.test(t ?? ''))).toBe(true);
  });
});
