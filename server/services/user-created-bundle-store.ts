// Bundles a user composes from the shops' products (user_created_bundle, migration 0018): their own, or a
// front-end key's (by its name). Every item must be a product of an active bundle of the site.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { UserCreatedBundleGetResponse, UserCreatedBundleListRequest, UserCreatedBundleRecordRequest } from '../../src/generated/types/routes.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

export type Owner = { userId: string } | { keyName: string };
type Composed = UserCreatedBundleGetResponse['user_created_bundle'];

const SELECT = 'select user_created_bundle_client_id, bundle_name, feature_list, item_list, created_at, updated_at from user_created_bundle u';
const ownerWhere = (owner: Owner): [string, string] => ('userId' in owner ? ['u.owner_user_id = ?', owner.userId] : ['u.owner_key_name = ?', owner.keyName]);

function answer(r: Record<string, unknown>): Composed {
  const features = (typeof r.feature_list === 'string' ? JSON.parse(r.feature_list) : r.feature_list) as string[];
  return {
    user_created_bundle_client_id: r.user_created_bundle_client_id as string,
    bundle_name: r.bundle_name as string,
    ...(features.length ? { feature_list: features } : {}),
    item_list: (typeof r.item_list === 'string' ? JSON.parse(r.item_list) : r.item_list) as Composed['item_list'],
    created_at: isoOf(r.created_at)!,
    updated_at: isoOf(r.updated_at)!,
  };
}

export async function listComposed(db: Queryable, tenantId: string, owner: Owner, input: UserCreatedBundleListRequest) {
  const where = new Where().add('u.tenant_id = ?', tenantId).add(...ownerWhere(owner));
  if (input.search) where.add("u.bundle_name ilike ? escape '\\'", containsPattern(input.search));
  const order = orderBy(input.sort, '-created_at', { created_at: 'u.created_at', updated_at: 'u.updated_at', bundle_name: 'lower(u.bundle_name)' }, 'u.user_created_bundle_client_id');
  const { rows, ...paging } = await pageRows(db, { select: SELECT, where, order, paging: input });
  return { user_created_bundle_list: rows.map(answer), ...paging };
}

export async function getComposed(db: Queryable, tenantId: string, owner: Owner, id: string): Promise<Composed> {
  const [sql, value] = ownerWhere(owner);
  const [row] = await db.query(`${SELECT} where u.user_created_bundle_client_id = $1 and u.tenant_id = $2 and ${sql.replace('?', '$3')}`, [id, tenantId, value]);
  if (!row) throw notFound('bundle');
  return answer(row);
}

/** Creates (no id) or replaces the owner's composed bundle; answers its id. Items not on sale are refused, naming the first. */
export async function recordComposed(tx: Queryable, tenantId: string, owner: Owner, input: UserCreatedBundleRecordRequest): Promise<string> {
  const items = input.item_list.map((i) => ({ bundle_client_id: i.bundle_client_id, pro_client_id: i.pro_client_id, count: i.count ?? 1 }));
  const onSale = await tx.query<{ pro: string }>(
    `select p.pro_client_id as pro from bundle_product p join bundle b on b.bundle_client_id = p.bundle_client_id
      where b.tenant_id = $1 and b.bundle_status = 'active' and p.pro_status = 'active'
        and (p.pro_client_id, p.bundle_client_id) in (select (i->>'pro_client_id')::uuid, (i->>'bundle_client_id')::uuid from jsonb_array_elements($2::jsonb) i)`,
    [tenantId, JSON.stringify(items)],
  );
  const found = new Set(onSale.map((r) => r.pro));
  const missing = items.findIndex((i) => !found.has(i.pro_client_id));
  if (missing >= 0) throw new ApiError('invalid_input', { details: `item_list.${missing}: not a product of a bundle on sale` });
  const fields = [input.bundle_name, JSON.stringify(input.feature_list ?? []), JSON.stringify(items)];
  if (input.user_created_bundle_client_id) {
    const [sql, value] = ownerWhere(owner);
    const updated = await tx.query(
      `update user_created_bundle u set bundle_name = $4, feature_list = $5, item_list = $6, updated_at = now()
        where u.user_created_bundle_client_id = $1 and u.tenant_id = $2 and ${sql.replace('?', '$3')} returning 1`,
      [input.user_created_bundle_client_id, tenantId, value, ...fields],
    );
    if (!updated.length) throw notFound('bundle');
    return input.user_created_bundle_client_id;
  }
  const id = randomUUID();
  await tx.query(
    `insert into user_created_bundle (user_created_bundle_client_id, tenant_id, owner_user_id, owner_key_name, bundle_name, feature_list, item_list)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, tenantId, 'userId' in owner ? owner.userId : null, 'keyName' in owner ? owner.keyName : null, ...fields],
  );
  return id;
}
