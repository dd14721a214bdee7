// Front-end keys in the database (frontend_key): the row as the contract's FrontendKey (never the key: only
// its sha256 hash is stored) and the writes of the key handlers. server/auth/caller.ts looks a presented key up.
import type { Queryable } from '../db/adapter.ts';
import type { FrontendKey, FrontendKeyScope } from '../../src/generated/types/entities.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import { isoOf, pageRows, Where } from './paging.ts';

interface KeyRow {
  frontend_key_id: string;
  name: string;
  scope_list: string[];
  created_by_username: string | null;
  created_at: unknown;
  revoked_at: unknown;
}

const SELECT = `select k.frontend_key_id, k.name, k.scope_list, u.username as created_by_username, k.created_at, k.revoked_at
                  from frontend_key k left join app_user u on u.user_id = k.created_by`;

const answer = (r: KeyRow): FrontendKey => ({
  frontend_key_id: r.frontend_key_id,
  name: r.name,
  scope_list: r.scope_list as FrontendKeyScope[],
  ...(r.created_by_username ? { created_by_username: r.created_by_username } : {}),
  created_at: isoOf(r.created_at)!,
  ...(r.revoked_at ? { revoked_at: isoOf(r.revoked_at) } : {}),
});

/** The site's key just written, by its id. */
export async function frontendKeyById(db: Queryable, tenantId: string, id: string): Promise<FrontendKey> {
  const [row] = await db.query<KeyRow & Record<string, unknown>>(`${SELECT} where k.frontend_key_id = $1 and k.tenant_id = $2`, [id, tenantId]);
  return answer(row);
}

/** Stores a new key (hashed) named `name` with its scopes; answers its id. */
export async function insertFrontendKey(db: Queryable, tenantId: string, key: string, name: string, scopes: readonly string[], createdBy: string): Promise<string> {
  const [row] = await db.query<{ frontend_key_id: string }>(
    'insert into frontend_key (key_hash, tenant_id, name, scope_list, created_by) values ($1, $2, $3, $4, $5) returning frontend_key_id',
    [hashSecret(key), tenantId, name, scopes, createdBy],
  );
  return row.frontend_key_id;
}

/** One page of the site's keys, newest first; revoked ones only with include_revoked. */
export async function listFrontendKeys(db: Queryable, tenantId: string, input: { include_revoked?: boolean; page?: number; page_size?: number }) {
  const where = new Where().add('k.tenant_id = ?', tenantId);
  if (!input.include_revoked) where.add('k.revoked_at is null');
  const { rows, ...paging } = await pageRows<KeyRow & Record<string, unknown>>(db, { select: SELECT, where, order: 'k.created_at desc, k.frontend_key_id', paging: input });
  return { rows: rows.map(answer), ...paging };
}

/** Revokes the site's key (a revoked one keeps its first revocation time); false when there is no such key. */
export async function revokeFrontendKey(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const updated = await db.query('update frontend_key set revoked_at = coalesce(revoked_at, now()) where frontend_key_id = $1 and tenant_id = $2 returning frontend_key_id', [
    id,
    tenantId,
  ]);
  return updated.length > 0;
}
