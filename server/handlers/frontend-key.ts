// Front-end keys (fkey): an admin makes, lists and revokes the per-site secrets that front ends send as
// `Authorization: Fkey <key>` (server/auth/caller.ts). The key is answered once; only its hash is kept.
import type { Queryable } from '../db/adapter.ts';
import { notFound } from '../http/api-error.ts';
import type { FrontendKey } from '../../src/generated/types/entities.ts';
import { hashSecret } from '../auth/secret-hash.ts';
import { newKey } from '../auth/access-keys.ts';
import { isoOf, pageRows, Where } from '../services/paging.ts';
import { requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

interface KeyRow {
  frontend_key_id: string;
  name: string;
  created_by_username: string | null;
  created_at: unknown;
  revoked_at: unknown;
}

const SELECT = `select k.frontend_key_id, k.name, u.username as created_by_username, k.created_at, k.revoked_at
                  from frontend_key k left join app_user u on u.user_id = k.created_by`;

const answer = (r: KeyRow): FrontendKey => ({
  frontend_key_id: r.frontend_key_id,
  name: r.name,
  ...(r.created_by_username ? { created_by_username: r.created_by_username } : {}),
  created_at: isoOf(r.created_at)!,
  ...(r.revoked_at ? { revoked_at: isoOf(r.revoked_at) } : {}),
});

async function keyById(db: Queryable, tenantId: string, id: string): Promise<KeyRow | undefined> {
  return (await db.query<KeyRow & Record<string, unknown>>(`${SELECT} where k.frontend_key_id = $1 and k.tenant_id = $2`, [id, tenantId]))[0];
}

export const frontendKeyHandlers: HandlerSet = {
  frontend_key_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const key = newKey();
    const [row] = await ctx.db.query<{ frontend_key_id: string }>(
      'insert into frontend_key (key_hash, tenant_id, name, created_by) values ($1, $2, $3, $4) returning frontend_key_id',
      [hashSecret(key), ctx.tenant.tenant_id, input.name, me.userId],
    );
    return { frontend_key: answer((await keyById(ctx.db, ctx.tenant.tenant_id, row.frontend_key_id))!), new_frontend_key: key };
  },

  frontend_key_list: async (input, ctx) => {
    const where = new Where().add('k.tenant_id = ?', ctx.tenant.tenant_id);
    if (!input.include_revoked) where.add('k.revoked_at is null');
    const { rows, ...paging } = await pageRows<KeyRow & Record<string, unknown>>(ctx.db, { select: SELECT, where, order: 'k.created_at desc, k.frontend_key_id', paging: input });
    return { frontend_key_list: rows.map(answer), ...paging };
  },

  frontend_key_revoke: async (input, ctx) => {
    const updated = await ctx.db.query(
      'update frontend_key set revoked_at = coalesce(revoked_at, now()) where frontend_key_id = $1 and tenant_id = $2 returning frontend_key_id',
      [input.frontend_key_id, ctx.tenant.tenant_id],
    );
    if (!updated.length) throw notFound('frontend_key');
    return { frontend_key: answer((await keyById(ctx.db, ctx.tenant.tenant_id, input.frontend_key_id))!) };
  },
};
