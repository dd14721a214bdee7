// Background processes (schemas/routes/process.json): the caller's own (a user's, or a front-end key's), or
// every process of the site for admin. A process the caller may not reach answers 10016, as one that does
// not exist, so ids cannot be probed.
import { optionalUser } from '../auth/caller.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { Queryable } from '../db/adapter.ts';
import { logLine } from '../jobs/log-messages.ts';
import { announceStop, appendLog, deleteLog, findProcess, listProcesses, processInfoOf, processLog, setStatus, type ProcessScope } from '../jobs/process-store.ts';
import type { HandlerSet } from './types.ts';

function scopeOf(ctx: RequestContext): ProcessScope {
  const tenantId = ctx.tenant.tenant_id;
  const me = optionalUser(ctx);
  if (me) return me.isAdmin ? { tenantId, all: true } : { tenantId, userId: me.userId };
  if (ctx.caller.kind === 'fkey') return { tenantId, frontendKeyName: ctx.caller.keyName };
  throw new ApiError('login_required');
}

/** Who did it, for the log line (in the process's language, written once). */
const whoOf = (ctx: RequestContext) => (ctx.caller.kind === 'user' ? ctx.caller.username : ctx.caller.kind === 'fkey' ? ctx.caller.keyName : '-');

/** The process locked for a change, or 10016. */
async function lockedProcess(tx: Queryable, ctx: RequestContext, processId: string) {
  const row = await findProcess(tx, scopeOf(ctx), processId, true);
  if (!row) throw notFound('process_info');
  ctx.audit.record_id = processId;
  return row;
}

export const processHandlers: HandlerSet = {
  process_info: async (input, ctx) => {
    const { rows, ...paging } = await listProcesses(ctx.db, scopeOf(ctx), input);
    return { process_info_list: rows.map((r) => processInfoOf(r)), ...paging };
  },

  process_info_log_active_process_id_details: async ({ process_id }, ctx) => {
    const row = await findProcess(ctx.db, scopeOf(ctx), process_id);
    if (!row) throw notFound('process_info');
    return { process_info: processInfoOf(row, await processLog(ctx.db, process_id)) };
  },

  process_info_delete_log: async ({ process_id }, ctx) =>
    ctx.transaction(async (tx) => {
      const row = await lockedProcess(tx, ctx, process_id);
      if (row.process_status === 'running') throw new ApiError('process_running');
      return { process_id, deleted_count: await deleteLog(tx, process_id) };
    }),

  process_stop: async ({ process_id }, ctx) =>
    ctx.transaction(async (tx) => {
      const row = await lockedProcess(tx, ctx, process_id);
      if (row.process_status === 'finished' || row.process_status === 'failed') throw new ApiError('process_already_ended');
      if (row.process_status !== 'stopped') {
        await setStatus(tx, process_id, ['waiting', 'running'], 'stopped');
        await appendLog(tx, process_id, 'warning', logLine('stopped', row.lang, { who: whoOf(ctx) }));
        // The worker running it (in any process) aborts it at once; its next progress() call would too.
        await announceStop(tx, process_id);
      }
      return { process_info: processInfoOf((await findProcess(tx, scopeOf(ctx), process_id)) ?? row) };
    }),

  process_start: async ({ process_id }, ctx) =>
    ctx.transaction(async (tx) => {
      const row = await lockedProcess(tx, ctx, process_id);
      if (row.process_status !== 'stopped' && row.process_status !== 'failed') throw new ApiError('process_not_resumable');
      // Its attempts start over: a resumed process gets the kind's retries again. The log continues.
      await setStatus(tx, process_id, ['stopped', 'failed'], 'waiting', { resetAttempts: true });
      await appendLog(tx, process_id, 'info', logLine('resumed', row.lang, { who: whoOf(ctx) }));
      await ctx.services.processQueue.send(tx, process_id);
      return { process_info: processInfoOf((await findProcess(tx, scopeOf(ctx), process_id)) ?? row) };
    }),
};
