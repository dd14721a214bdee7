// Machine learning on a project's dataset (schemas/routes/analysis.json, issue 14): train a model as a background
// process (credits spent with the start), list a project's models, predict with a trained one. The algorithms are
// src/domain/ml; storage, prices and the training process are server/services/machine-learning.ts.
import { openDataset, reachableProject } from '../services/analysis-store.ts';
import type { Cell } from '../services/dataset-reader.ts';
import type { HandlerSet } from './types.ts';

/** Machine learning (and its algorithms) loads with the first call that needs it. */
const ml = () => import('../services/machine-learning.ts');

export const machineLearningHandlers: HandlerSet = {
  wanalyzer_machinelearning_train: (input, ctx) =>
    ctx.transaction(async (tx) => {
      const { reader } = await openDataset(tx, ctx, input.project_id, 'own');
      return (await ml()).startTraining(tx, ctx, reader, input);
    }),

  wanalyzer_machinelearning_data_get: async ({ project_id }, ctx) => {
    const { reader } = await openDataset(ctx.db, ctx, project_id, 'read');
    return { machine_learning_model_list: await (await ml()).modelsOfProject(ctx.db, project_id), column_list: await reader.columns() };
  },

  wanalyzer_machinelearning_predict: async ({ model_id, input }, ctx) => {
    const { predict, projectOfModel } = await ml();
    await reachableProject(ctx.db, ctx, await projectOfModel(ctx.db, ctx.tenant.tenant_id, model_id), 'read');
    // A JSON body carries no undefined: every value present is a cell.
    return predict(ctx.db, ctx.tenant.tenant_id, model_id, input as Record<string, Cell>, ctx.lang);
  },
};
