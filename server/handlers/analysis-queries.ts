// Reading a project's dataset (schemas/routes/analysis.json, issue 14): a page of rows under a filter, a data
// query with chosen columns, the distinct values of columns for the filter pickers, and a formula calculated over
// a page of rows without saving it. Filters run in the database (server/services/analysis-store.ts).
import { distinctValues, reachableProject, rowPage, rowsFrom, columnsOf } from '../services/analysis-store.ts';
import { formulaOf } from './analysis-projects.ts';
import type { HandlerSet } from './types.ts';

export const analysisQueryHandlers: HandlerSet = {
  wanalyzer_project_dataset_get: async (input, ctx) => {
    await reachableProject(ctx.db, ctx, input.project_id, 'read');
    return rowPage(ctx.db, ctx, input.project_id, input, 'filter');
  },

  wanalyzer_data_query: async ({ query, ...input }, ctx) => {
    await reachableProject(ctx.db, ctx, input.project_id, 'read');
    return rowPage(ctx.db, ctx, input.project_id, { ...input, filter: query }, 'query');
  },

  wanalyzer_project_column_data_list: async ({ project_id, column_id_list, max_values }, ctx) => {
    await reachableProject(ctx.db, ctx, project_id, 'read');
    return { column_data_list: await distinctValues(ctx.db, ctx, project_id, column_id_list, max_values ?? 100) };
  },

  wanalyzer_project_cell_calculate: async ({ project_id, expression, row_from, row_count }, ctx) => {
    const project = await reachableProject(ctx.db, ctx, project_id, 'read');
    const formula = formulaOf(expression, await columnsOf(ctx.db, project_id), ctx, 'expression');
    const rows = await rowsFrom(ctx.db, project_id, row_from ?? 0, row_count ?? 100);
    return {
      result_list: rows.map((r) => {
        const { value, error } = formula.evaluate(r.cells);
        return { row_index: r.row_index, value, ...(error ? { error: error[ctx.lang] } : {}) };
      }),
      total_rows: project.row_count,
    };
  },
};
