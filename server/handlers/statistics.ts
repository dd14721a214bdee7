// Statistics of a project's columns (schemas/routes/analysis.json, issue 14): run analyses and list the stored
// ones. The engine is src/domain/statistics; what is stored and when a repeat answers 13006 is
// server/services/statistics.ts.
import { callerUserId, openDataset, reachableProject } from '../services/analysis-store.ts';
import type { HandlerSet } from './types.ts';

/** The statistics engine (and jStat, ml-matrix) loads with the first analysis. */
const statistics = () => import('../services/statistics.ts');

export const statisticsHandlers: HandlerSet = {
  wanalyzer_project_statistics_analyze_list: (input, ctx) =>
    ctx.transaction(async (tx) => {
      const { project, reader } = await openDataset(tx, ctx, input.project_id, 'read');
      const userId = callerUserId(ctx);
      return (await statistics()).analyzeProject(tx, reader, input, { userId, owns: userId !== null && project.owner_user_id === userId, lang: ctx.lang });
    }),

  wanalyzer_project_stats_result_list: async ({ project_id, ...request }, ctx) => (await statistics()).statsResultList(ctx.db, await reachableProject(ctx.db, ctx, project_id, 'read'), request),
};
