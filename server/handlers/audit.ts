// The audit log (/v1/audit/list, admin): the records server/http/audit.ts writes for every write call,
// of the caller's tenant only, filtered, newest first by default, paginated on the server
// (server/services/audit-store.ts).
import { listAuditRecords } from '../services/audit-store.ts';
import type { HandlerSet } from './types.ts';

export const auditHandlers: HandlerSet = {
  audit_list: async (input, ctx) => {
    const { rows, ...paging } = await listAuditRecords(ctx.db, ctx.tenant.tenant_id, input);
    return { audit_record_list: rows, ...paging };
  },
};
