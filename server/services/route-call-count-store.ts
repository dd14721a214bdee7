// The shared side of the per-route rate limits (route_call_count, migration 0032): each process adds the calls it
// admitted since its last sync and reads back the totals of every process, for all its keys in one statement.
import type { Queryable } from '../db/adapter.ts';

export interface CallCount {
  tenantId: string;
  routeName: string;
  callerKey: string;
  /** The window's start, in ms since 1970. */
  windowStart: number;
  /** Calls admitted by this process since its last sync (0 = only read the total). */
  hits: number;
}

/** Adds each key's hits to its window and answers every key's total over all processes, in the order given. */
export async function addCallCounts(db: Queryable, counts: readonly CallCount[]): Promise<number[]> {
  if (!counts.length) return [];
  const rows = counts.map((c, i) => ({ i, tenant_id: c.tenantId, route_name: c.routeName, caller_key: c.callerKey, window_start: new Date(c.windowStart).toISOString(), hits: c.hits }));
  const totals = await db.query<{ i: number; hits: number }>(
    `with r as (select * from jsonb_to_recordset($1::jsonb) as r(i integer, tenant_id uuid, route_name text, caller_key text, window_start timestamptz, hits integer)),
          added as (
            insert into route_call_count as c (tenant_id, route_name, caller_key, window_start, hits)
            select tenant_id, route_name, caller_key, window_start, hits from r
            on conflict (tenant_id, route_name, caller_key, window_start) do update set hits = c.hits + excluded.hits
            returning tenant_id, route_name, caller_key, window_start, hits)
     select r.i, a.hits from r join added a using (tenant_id, route_name, caller_key, window_start)`,
    [JSON.stringify(rows)],
  );
  const answer = new Array<number>(counts.length).fill(0);
  for (const t of totals) answer[t.i] = t.hits;
  return answer;
}

/** Deletes the windows that ended before `before` (every site's). */
export async function dropEndedWindows(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from route_call_count where window_start < $1', [before.toISOString()]);
}
