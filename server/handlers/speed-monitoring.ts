// The speed-monitoring report (/v1/system/speed/report, admin): the caller's site's calls over the last hour or
// day, each route with its percentiles (estimated from the summed latency buckets of every process,
// ../monitoring/latency-histogram.ts), slowest p95 first, and the calls and p95 per minute for the chart.
import { routeTable } from '../../src/generated/route-table.ts';
import { minuteTotalsSince, routeTotalsSince } from '../services/route-minute-store.ts';
import { percentileMs } from '../monitoring/latency-histogram.ts';
import type { HandlerSet } from './types.ts';

const WINDOW_MS = { hour: 3_600_000, day: 86_400_000 } as const;
const ROUTES = new Map(routeTable.map((r) => [r.name as string, r]));
/** Figures in milliseconds to a tenth: finer is noise. */
const tenth = (ms: number) => Math.round(ms * 10) / 10;
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);

export const speedMonitoringHandlers: HandlerSet = {
  system_speed_report: async ({ window, route_name }, ctx) => {
    // This process's counts so far go first, so the report includes the calls just made here.
    await ctx.services.metrics.flush();
    const until = new Date();
    const since = new Date(until.getTime() - WINDOW_MS[window]);
    since.setUTCSeconds(0, 0);
    const [routes, minutes] = await Promise.all([
      routeTotalsSince(ctx.db, ctx.tenant.tenant_id, since),
      minuteTotalsSince(ctx.db, ctx.tenant.tenant_id, since, route_name),
    ]);
    const route_list = routes.flatMap((t) => {
      const route = ROUTES.get(t.route_name);
      if (!route) return [];
      const buckets = Array.from(t.buckets, (b) => b ?? 0);
      return [
        {
          route_name: route.name,
          method: route.method,
          path: route.path,
          summary: route.summary,
          requests: t.requests,
          refused: t.refused,
          failed: t.failed,
          error_rate: rate(t.failed, t.requests),
          refusal_rate: rate(t.refused, t.requests),
          p50_ms: tenth(percentileMs(buckets, 0.5, t.max_ms)),
          p95_ms: tenth(percentileMs(buckets, 0.95, t.max_ms)),
          p99_ms: tenth(percentileMs(buckets, 0.99, t.max_ms)),
          mean_ms: tenth(t.requests ? t.sum_ms / t.requests : 0),
          max_ms: tenth(t.max_ms),
        },
      ];
    });
    route_list.sort((a, b) => b.p95_ms - a.p95_ms || b.requests - a.requests || a.route_name.localeCompare(b.route_name));
    const series = minutes.map((m) => {
      const buckets = Array.from(m.buckets, (b) => b ?? 0);
      return { minute: m.minute.toISOString(), requests: buckets.reduce((a, b) => a + b, 0), p95_ms: tenth(percentileMs(buckets, 0.95, m.max_ms)) };
    });
    return { since: since.toISOString(), until: until.toISOString(), route_list, series };
  },
};
