// Test helpers over the authorization model (server/db/migrations/0005): grant a user an auth code
// directly, as the seed does, without going through the routes.
import type { Queryable } from '../../../server/db/adapter.ts';
import { createAuthorization } from '../../../server/services/authorization-store.ts';

export interface GrantOptions {
  authType?: 'unlimited' | 'counted';
  authCount?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  canAssign?: boolean;
  assignCount?: number | null;
}

/** Gives the user their own authorization of `code` (created by nobody), held directly; answers the ids. */
export async function grantForTest(db: Queryable, tenantId: string, userId: string, code: string, options: GrantOptions = {}) {
  return createAuthorization(db, {
    tenantId,
    authName: code,
    authType: options.authType,
    authCount: options.authCount,
    startDate: options.startDate,
    endDate: options.endDate,
    createdBy: null,
    holder: { userId, canAssign: options.canAssign ?? false, assignCount: options.assignCount ?? null },
  });
}
