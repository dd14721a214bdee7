// Who is calling in a server test: users of a tenant, signed in by writing a token (harness signInForTest),
// and a small snapshot of the database to prove that a refused call changed nothing.
import type { Db, Queryable } from '../../../server/db/adapter.ts';
import { signInForTest, type TestApp } from '../harness.ts';

export async function tenantIdOf(db: Queryable, domain = 'localhost'): Promise<string> {
  return (await db.query<{ tenant_id: string }>('select tenant_id from tenant where domain = $1', [domain]))[0].tenant_id;
}

export async function userIdOf(db: Queryable, username: string, domain = 'localhost'): Promise<string> {
  const rows = await db.query<{ user_id: string }>(
    'select u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and lower(u.username) = lower($2)',
    [domain, username],
  );
  if (!rows.length) throw new Error(`no user ${username} on ${domain}`);
  return rows[0].user_id;
}

export interface Actor {
  username: string;
  domain: string;
  userId: string;
  authorization: string;
  /** Makes the generated client call as this actor (on its own site unless another host is named). */
  use(options?: { host?: string; lang?: 0 | 1 }): void;
}

/** Signs a user in (creating them with no auth codes when missing, or with `authCodes`). */
export async function actor(t: TestApp, username: string, options: { domain?: string; authCodes?: string[] } = {}): Promise<Actor> {
  const domain = options.domain ?? 'localhost';
  const authorization = await signInForTest(t.db, { domain, username, authCodes: options.authCodes });
  const userId = await userIdOf(t.db, username, domain);
  return {
    username,
    domain,
    userId,
    authorization,
    use: (o = {}) => t.as({ host: o.host ?? domain, authorization, query: { __lang__v: o.lang ?? 1 } }),
  };
}

/** Columns that legitimately move on a refused call: the caller's own session idle clock. */
const VOLATILE: Record<string, string[]> = { session_token: ['last_used_at'] };

/**
 * Tables that count every call, refused or not: the audit trail, and the speed counts (per minute and for the
 * rate limits) each process writes in the background.
 */
const CALL_COUNTS = ['audit_record', 'route_minute', 'route_call_count'];

/**
 * A fingerprint of every table but those counting calls: each table's row count and an md5 of its rows (minus
 * VOLATILE columns). Two equal snapshots mean nothing was written.
 */
export async function snapshot(db: Db | Queryable): Promise<Record<string, string>> {
  // From the catalog, not information_schema, whose views took ~130 ms of each fingerprint on PGlite.
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and not (c.relname = any($1))
      order by c.relname, a.attnum`,
    [CALL_COUNTS],
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) if (!VOLATILE[c.table_name]?.includes(c.column_name)) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const parts = [...byTable.entries()].map(
    ([table, cols]) =>
      `select '${table}' as t, count(*)::text || ':' || coalesce(md5(string_agg(row(${cols.map((c) => `"${c}"`).join(', ')})::text, '|' order by row(${cols
        .map((c) => `"${c}"`)
        .join(', ')})::text)), '') as v from "${table}"`,
  );
  const rows = await db.query<{ t: string; v: string }>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

export async function auditCount(db: Queryable, routeName: string, statusCode?: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from audit_record where route_name = $1 and ($2::text is null or status_code = $2)',
    [routeName, statusCode ?? null],
  );
  return rows[0].n;
}
