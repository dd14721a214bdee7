// Decision-support packages of the rule engine (schemas/routes/rule.json); the rules of who may do what
// and the versioning live in server/services/decision-packages.ts. Writes run in one transaction each (a save
// over a draft: one statement) and name the package in their audit record.
import {
  createPackage,
  getPackage,
  listPackages,
  packageWithDocument,
  publishPackage,
  runPackage,
  savePackage,
  sharePackage,
  unsharePackage,
} from '../services/decision-packages.ts';
import { requireUser } from '../auth/caller.ts';
import { ownAuditRecord } from '../http/audit.ts';
import type { HandlerSet } from './types.ts';

export const ruleHandlers: HandlerSet = {
  rule_package_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const id = await ctx.transaction((tx) => createPackage(tx, ctx.tenant.tenant_id, me, input));
    const { decision_package } = await packageWithDocument(ctx.db, ctx.tenant.tenant_id, me, id);
    return { decision_package };
  },

  rule_package_save: async (input, ctx) => {
    const me = requireUser(ctx);
    return { decision_package: await savePackage(ctx.db, ctx.tenant.tenant_id, me, input, ownAuditRecord(ctx, input)) };
  },

  rule_package_publish: async (input, ctx) => {
    const me = requireUser(ctx);
    const { published, decision_package } = await ctx.transaction(async (tx) => {
      const published = await publishPackage(tx, ctx.tenant.tenant_id, me, input, ctx.lang);
      return { published, ...(await packageWithDocument(tx, ctx.tenant.tenant_id, me, input.package_id, input.version)) };
    });
    // Committed: the graph just checked serves the runs to come.
    ctx.services.ruleGraphs.set(published.key, published.graph);
    return { decision_package };
  },

  rule_package_list: async (input, ctx) => listPackages(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  rule_package_get: async (input, ctx) => getPackage(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input),

  rule_package_run: async (input, ctx) => runPackage(ctx.db, ctx.services.ruleGraphs, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  rule_package_share: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => sharePackage(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },

  rule_package_unshare: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => unsharePackage(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },
};
