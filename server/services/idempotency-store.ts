// Answers kept under a caller's idempotency key (idempotent_call, migration 0016), after Stripe's
// idempotency keys: the first call with a key does the work and keeps its answer in the same transaction; the
// same call again gets that answer and does nothing; the same key with another request is refused (12020).
// A second call that comes while the first is under way waits for it (the key's row is being inserted). A
// refused call keeps nothing, so it may be sent again with the same key.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError } from '../http/api-error.ts';

export interface IdempotentCall {
  tenantId: string;
  userId: string;
  route: string;
  key: string;
  request: unknown;
}

/** Keys are kept this long; older ones are forgotten when the next keyed call comes. */
const KEPT_FOR = '1 day';

const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/**
 * Runs `work` once per key in the caller's transaction: answers the kept answer when the key was used for the
 * same request, else the work's (kept with the key).
 */
export async function once<T extends object>(tx: Queryable, call: IdempotentCall, work: () => Promise<T>): Promise<T> {
  const hash = hashOf(call.request);
  await tx.query(`delete from idempotent_call where tenant_id = $1 and user_id = $2 and created_at < now() - interval '${KEPT_FOR}'`, [call.tenantId, call.userId]);
  const claimed = await tx.query(
    `insert into idempotent_call (tenant_id, user_id, route_name, idempotency_key, request_hash) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning 1`,
    [call.tenantId, call.userId, call.route, call.key, hash],
  );
  if (!claimed.length) {
    const [kept] = await tx.query<{ request_hash: string; answer: T | null }>(
      'select request_hash, answer from idempotent_call where tenant_id = $1 and user_id = $2 and route_name = $3 and idempotency_key = $4',
      [call.tenantId, call.userId, call.route, call.key],
    );
    if (!kept || kept.request_hash !== hash || !kept.answer) throw new ApiError('idempotency_key_reused');
    return kept.answer;
  }
  const answer = await work();
  await tx.query('update idempotent_call set answer = $5 where tenant_id = $1 and user_id = $2 and route_name = $3 and idempotency_key = $4', [
    call.tenantId,
    call.userId,
    call.route,
    call.key,
    JSON.stringify(answer),
  ]);
  return answer;
}
