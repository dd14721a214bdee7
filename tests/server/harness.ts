// Server tests run against a real database: PGlite always, and PostgreSQL too when TEST_DATABASE_URL is set
// (CI sets it). `databaseKinds` names the databases a suite runs on.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { Db } from '../../server/db/adapter.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { newPostgresDatabase } from './support/snapshot.ts';
import { setTransport, type Transport } from '../../src/api/call.ts';
import { SNAPSHOT_PATH, TEST_SCRYPT } from './paths.ts';
import { setScryptCostForTests } from '../../server/auth/password.ts';

// A password hash at the production cost takes ~0.6 s; the server tests hash at a test cost
// (tests/server/password-cost.test.ts checks the production one and the upgrade of old hashes).
setScryptCostForTests(TEST_SCRYPT);

export type DbKind = 'pglite' | 'postgres';

/**
 * Whether what a suite checks can differ between PGlite and PostgreSQL: concurrency and locks (PGlite runs one
 * statement at a time), LISTEN/NOTIFY and several processes on one database, migrations, the adapters' types,
 * text search. Those suites run on PostgreSQL in every run; the others run there under `npm run test:full`.
 */
export type DatabaseDependence = 'depends-on-database' | 'same-on-every-database';

/** The databases a suite runs on: PGlite, and PostgreSQL as `dependence` and the run decide. */
export function databaseKinds(dependence: DatabaseDependence): DbKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  return dependence === 'depends-on-database' || process.env.SEMA_TEST_FULL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated and seeded database of the given kind (from this run's snapshot or template); closing it drops it. */
export function openTestDb(kind: DbKind): Promise<Db> {
  if (kind === 'pglite') return openPglite(undefined, new Blob([readFileSync(SNAPSHOT_PATH)]));
  return newPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('postgresTemplate'));
}

export interface CallerOptions {
  host?: string;
  authorization?: string;
  query?: Record<string, string | number>;
}

/** A transport that sends the generated client's calls through Fastify's inject (no sockets). */
export function injectTransport(app: FastifyInstance, options: CallerOptions = {}): Transport {
  return (async (route: { method: 'GET' | 'POST'; path: string }, input: unknown) => {
    const query: Record<string, string> = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
    if (route.method === 'GET') for (const [k, v] of Object.entries((input ?? {}) as object)) query[k] = String(v);
    const res = await app.inject({
      method: route.method,
      url: route.path,
      query,
      headers: { host: options.host ?? 'localhost', ...(options.authorization ? { authorization: options.authorization } : {}) },
      ...(route.method === 'POST' ? { payload: input as object } : {}),
    });
    return { ...(res.json() as object), http_status: res.statusCode };
  }) as Transport;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Makes the generated client call this app as the given caller. */
  as(options?: CallerOptions): void;
  close(): Promise<void>;
}

export async function startTestApp(kind: DbKind, options: Partial<AppOptions> = {}): Promise<TestApp> {
  const db = await openTestDb(kind);
  const app = await buildApp({ db, ...options });
  await app.ready();
  const testApp: TestApp = {
    app,
    db,
    as: (caller) => setTransport(injectTransport(app, caller)),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
  testApp.as();
  return testApp;
}

/**
 * A second API process over the same database (the same PGlite instance, or the same PostgreSQL), which shows
 * `seen` each statement it sends outside a transaction: what a test counts of that process's work.
 */
export async function secondProcess(db: Db, seen: (sql: string) => void): Promise<FastifyInstance> {
  const query = (sql: string, params?: unknown[]) => {
    seen(sql);
    return db.query(sql, params);
  };
  const app = await buildApp({ db: { ...db, query } as Db });
  await app.ready();
  return app;
}

/**
 * Signs a user of `domain` in by writing an access token straight into the database, as the login route
 * will. Gives the user the listed auth codes (creating the user when missing). Answers the bearer header.
 */
export async function signInForTest(
  db: Db,
  options: { domain?: string; username: string; authCodes?: string[]; expiresInSeconds?: number },
): Promise<string> {
  const { randomUUID } = await import('node:crypto');
  const { hashSecret, newSecret } = await import('../../server/auth/secret-hash.ts');
  const [tenant] = await db.query<{ tenant_id: string }>('select tenant_id from tenant where domain = $1', [options.domain ?? 'localhost']);
  let [user] = await db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and username = $2', [tenant.tenant_id, options.username]);
  if (!user) {
    user = { user_id: randomUUID() };
    await db.query('insert into app_user (user_id, tenant_id, username) values ($1, $2, $3)', [user.user_id, tenant.tenant_id, options.username]);
  }
  // Each code as the user's own authorization (server/db/migrations/0005), as the seed grants them.
  const { grantForTest } = await import('./support/authorizations.ts');
  for (const code of options.authCodes ?? []) await grantForTest(db, tenant.tenant_id, user.user_id, code);
  const token = newSecret();
  await db.query(
    `insert into session_token (token_hash, tenant_id, user_id, kind, family_id, expires_at)
     values ($1, $2, $3, 'access', $4, now() + make_interval(secs => $5))`,
    [hashSecret(token), tenant.tenant_id, user.user_id, randomUUID(), options.expiresInSeconds ?? 3600],
  );
  return `Bearer ${token}`;
}

/** Adds a front-end key to `domain`; answers the header value. */
export async function frontendKeyForTest(db: Db, domain = 'localhost'): Promise<string> {
  const { hashSecret, newSecret } = await import('../../server/auth/secret-hash.ts');
  const key = newSecret();
  await db.query("insert into frontend_key (key_hash, tenant_id, name) select $1, tenant_id, 'test' from tenant where domain = $2", [hashSecret(key), domain]);
  return `Fkey ${key}`;
}
