// What a plot shows, as plain data: the panels describe their figures with these, and the chart chunk
// (./plots.tsx, with Observable Plot) draws them. Names and labels are already in the reader's language.
import type { StatsBox } from '../../../generated/types/entities';

export type PlotSpec =
  | { kind: 'histogram'; variable: string; bins: { from: number; to: number; count: number }[] }
  | { kind: 'box'; variable: string; groups: { label: string; box: StatsBox }[] }
  | {
      kind: 'bar';
      variable: string;
      /** What a bar's length is (counts, importance). */
      measure: string;
      /** A bar per label; with `series`, bars side by side per label (a cross table's columns). */
      bars: { label: string; series?: string; value: number }[];
      horizontal?: boolean;
    }
  | { kind: 'scatter'; x: string; y: string; points: number[][]; slope: number | null; intercept: number | null };
