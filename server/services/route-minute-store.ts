// The per-minute speed counts of each site's routes (route_minute, migration 0032): what every process adds
// (one upsert per flush, whatever the number of rows), the roll-away of old minutes, and the sums the
// speed-monitoring report reads.
import type { Queryable } from '../db/adapter.ts';

/** One site's calls of one route within one minute, as one process counted them. */
export interface MinuteCounts {
  tenantId: string;
  routeName: string;
  /** The minute's start, in ms since 1970. */
  minute: number;
  requests: number;
  refused: number;
  failed: number;
  sumMs: number;
  maxMs: number;
  buckets: number[];
}

/** Adds the counts to their minutes (several processes add to one minute; the buckets add element by element). */
export async function addMinuteCounts(db: Queryable, counts: readonly MinuteCounts[]): Promise<void> {
  if (!counts.length) return;
  const rows = counts.map((c) => ({
    tenant_id: c.tenantId,
    minute: new Date(c.minute).toISOString(),
    route_name: c.routeName,
    requests: c.requests,
    refused: c.refused,
    failed: c.failed,
    duration_sum_ms: c.sumMs,
    duration_max_ms: c.maxMs,
    buckets: c.buckets,
  }));
  await db.query(
    `insert into route_minute as m (tenant_id, minute, route_name, requests, refused, failed, duration_sum_ms, duration_max_ms, buckets)
     select tenant_id, minute, route_name, requests, refused, failed, duration_sum_ms, duration_max_ms, buckets
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, minute timestamptz, route_name text, requests integer, refused integer,
            failed integer, duration_sum_ms double precision, duration_max_ms double precision, buckets integer[])
     on conflict (tenant_id, minute, route_name) do update set
       requests = m.requests + excluded.requests,
       refused = m.refused + excluded.refused,
       failed = m.failed + excluded.failed,
       duration_sum_ms = m.duration_sum_ms + excluded.duration_sum_ms,
       duration_max_ms = greatest(m.duration_max_ms, excluded.duration_max_ms),
       buckets = (select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
                    from unnest(m.buckets, excluded.buckets) with ordinality as u(a, b, i))`,
    [JSON.stringify(rows)],
  );
}

/** Deletes the minutes older than `days` days (every site's). */
export async function rollAwayMinutes(db: Queryable, days: number): Promise<void> {
  await db.query('delete from route_minute where minute < now() - make_interval(days => $1)', [days]);
}

export interface RouteTotals {
  route_name: string;
  requests: number;
  refused: number;
  failed: number;
  sum_ms: number;
  max_ms: number;
  buckets: number[];
}

/** Each route's sums over the site's minutes since `since` (bucket i of the array = bucket i of the histogram). */
export async function routeTotalsSince(db: Queryable, tenantId: string, since: Date): Promise<RouteTotals[]> {
  const [totals, buckets] = await Promise.all([
    db.query<Omit<RouteTotals, 'buckets'>>(
      `select route_name, sum(requests)::integer as requests, sum(refused)::integer as refused, sum(failed)::integer as failed,
              sum(duration_sum_ms)::double precision as sum_ms, max(duration_max_ms)::double precision as max_ms
         from route_minute where tenant_id = $1 and minute >= $2 group by route_name`,
      [tenantId, since.toISOString()],
    ),
    db.query<{ route_name: string; i: number; calls: number }>(
      `select m.route_name, u.i::integer as i, sum(u.b)::integer as calls
         from route_minute m, unnest(m.buckets) with ordinality as u(b, i)
        where m.tenant_id = $1 and m.minute >= $2 group by m.route_name, u.i`,
      [tenantId, since.toISOString()],
    ),
  ]);
  const byRoute = new Map(totals.map((t) => [t.route_name, { ...t, buckets: [] as number[] }]));
  for (const b of buckets) {
    const route = byRoute.get(b.route_name);
    if (route) route.buckets[b.i - 1] = b.calls;
  }
  return [...byRoute.values()];
}

export interface MinuteTotals {
  minute: Date;
  max_ms: number;
  buckets: number[];
}

/** The site's calls per minute since `since` (of one route, or of all), oldest first. */
export async function minuteTotalsSince(db: Queryable, tenantId: string, since: Date, routeName?: string): Promise<MinuteTotals[]> {
  const params = [tenantId, since.toISOString(), ...(routeName ? [routeName] : [])];
  const route = routeName ? 'and m.route_name = $3' : '';
  const [maxima, buckets] = await Promise.all([
    db.query<{ minute: string; max_ms: number }>(
      `select m.minute, max(m.duration_max_ms)::double precision as max_ms from route_minute m
        where m.tenant_id = $1 and m.minute >= $2 ${route} group by m.minute`,
      params,
    ),
    db.query<{ minute: string; i: number; calls: number }>(
      `select m.minute, u.i::integer as i, sum(u.b)::integer as calls
         from route_minute m, unnest(m.buckets) with ordinality as u(b, i)
        where m.tenant_id = $1 and m.minute >= $2 ${route} group by m.minute, u.i`,
      params,
    ),
  ]);
  const byMinute = new Map(maxima.map((m) => [new Date(m.minute).getTime(), { minute: new Date(m.minute), max_ms: m.max_ms, buckets: [] as number[] }]));
  for (const b of buckets) {
    const minute = byMinute.get(new Date(b.minute).getTime());
    if (minute) minute.buckets[b.i - 1] = b.calls;
  }
  return [...byMinute.values()].sort((a, b) => a.minute.getTime() - b.minute.getTime());
}
