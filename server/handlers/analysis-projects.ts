// Analysis projects (schemas/routes/analysis.json, issue 14): save with a workbook read off the request thread and
// paid for in the same transaction, list, details, delete, and a column's settings or a calculated column.
// Who reads what: docs/decisions.md ("Which analysis projects may a caller open?").
import { requireUser } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import {
  bumpDatasetVersion,
  columnForUpdate,
  columnNameTaken,
  columnCells,
  columnsOf,
  deleteProject,
  everyRow,
  insertColumn,
  insertProject,
  projectAnswer,
  projectById,
  projectDetails,
  projectList,
  reachableProject,
  replaceDataset,
  updateColumn,
  updateProject,
  writeColumnCells,
  callerUserId,
} from '../services/analysis-store.ts';
import { creditBalance, spendCredits } from '../services/credit-ledger.ts';
import { workbookBytes } from '../services/excel.ts';
import { readWorkbookDataset } from '../services/workbook-reader.ts';
import { creditsForCells } from '../../src/domain/credit-price.ts';
import { summariseColumn } from '../../src/domain/column-summary.ts';
import { compileFormula, type FormulaColumn } from '../../src/domain/calculated-column.ts';
import type { AnalysisColumn } from '../../src/generated/types/entities.ts';
import type { Queryable } from '../db/adapter.ts';
import type { HandlerSet } from './types.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The uploaded file's name as a project keeps it: without folders, its extension in lower case (the entity's pattern). */
function keptFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? name).replace(/\.xlsx?$/i, (ext) => ext.toLowerCase());
  return /^\.xlsx?$/.test(base) ? `workbook${base}` : base;
}

/** A formula compiled over the project's columns, or the refusal: 14001 for parentheses, 13133 for anything else. */
export function formulaOf(expression: string, columns: AnalysisColumn[], ctx: RequestContext, field: string) {
  const usable: FormulaColumn[] = columns.map((c) => ({ name: c.column_name, type: c.column_type, index: c.column_index }));
  const formula = compileFormula(expression, usable, today());
  if (formula.ok) return formula;
  const message = formula.issue.message[ctx.lang];
  if (formula.issue.code === 'parenthesis') throw new ApiError('parenthesis', {}, { errors: [{ field, message }] });
  throw new ApiError('analysis_formula_invalid', { details: message }, { errors: [{ field, message }] });
}

/** The columns a calculated column's formula reads (none when it no longer compiles over the others). */
function readsOf(column: AnalysisColumn, expression: string, columns: AnalysisColumn[]): AnalysisColumn[] {
  const others = columns.filter((c) => c.column_id !== column.column_id);
  const formula = compileFormula(expression, others.map((c) => ({ name: c.column_name, type: c.column_type, index: c.column_index })), today());
  return formula.ok ? formula.reads.map((r) => others.find((c) => c.column_index === r.index)!) : [];
}

/**
 * Refuses a formula of `column` that reads it back through other calculated columns (calc_b = calc_a + 1 while
 * calc_a = calc_b + 1), naming the way round (13137).
 */
function refuseCycle(column: AnalysisColumn, expression: string, columns: AnalysisColumn[]): void {
  const expressionOf = (c: AnalysisColumn) => (c.column_id === column.column_id ? expression : c.expression);
  const walk = (c: AnalysisColumn, path: AnalysisColumn[]): AnalysisColumn[] | undefined => {
    const source = expressionOf(c);
    if (!source) return undefined;
    for (const read of readsOf(c, source, columns)) {
      if (read.column_id === column.column_id) return [...path, read];
      if (path.some((p) => p.column_id === read.column_id)) continue;
      const found = walk(read, [...path, read]);
      if (found) return found;
    }
    return undefined;
  };
  const loop = walk(column, [column]);
  if (loop) throw new ApiError('analysis_formula_cycle', { column: column.column_name, chain: loop.map((c) => c.column_name).join(' → ') }, { errors: [{ field: 'column.expression', message: loop.map((c) => c.column_name).join(' → ') }] });
}

/**
 * The calculated columns that read `changed`, directly or through each other, each after the columns it reads:
 * the order in which they are computed again when `changed` does.
 */
function dependentsInOrder(changed: AnalysisColumn, columns: AnalysisColumn[]): AnalysisColumn[] {
  const calculated = columns.filter((c) => c.expression && c.column_id !== changed.column_id);
  const reads = new Map(calculated.map((c) => [c.column_id, readsOf(c, c.expression!, columns).map((r) => r.column_id)]));
  const affected = new Set<string>();
  const mark = (id: string) => {
    for (const c of calculated)
      if (!affected.has(c.column_id) && reads.get(c.column_id)!.includes(id)) {
        affected.add(c.column_id);
        mark(c.column_id);
      }
  };
  mark(changed.column_id);
  const ordered: AnalysisColumn[] = [];
  const placed = new Set<string>([changed.column_id]);
  while (ordered.length < affected.size) {
    const ready = calculated.find((c) => affected.has(c.column_id) && !placed.has(c.column_id) && reads.get(c.column_id)!.every((r) => placed.has(r) || !affected.has(r)));
    if (!ready) break; // a loop stored before loops were refused: left as it is
    ordered.push(ready);
    placed.add(ready.column_id);
  }
  return ordered;
}

/** Computes `changed`'s dependents again, in order, with their results. */
async function recomputeDependents(tx: Queryable, projectId: string, changed: AnalysisColumn, ctx: RequestContext): Promise<void> {
  const columns = await columnsOf(tx, projectId);
  for (const d of dependentsInOrder(changed, columns)) {
    const values = await calculateColumn(tx, projectId, d.column_index, formulaOf(d.expression!, columns.filter((c) => c.column_id !== d.column_id), ctx, 'column.expression'));
    await updateColumn(tx, { columnId: d.column_id, name: d.column_name, type: d.column_type, unit: d.unit ?? null, expression: d.expression!, results: summariseColumn(values, d.column_type) });
  }
}

/** Computes a calculated column for every row and stores it; answers the values. */
async function calculateColumn(tx: Queryable, projectId: string, columnIndex: number, formula: ReturnType<typeof formulaOf>) {
  const values = (await everyRow(tx, projectId)).map((cells) => formula.evaluate(cells).value);
  await writeColumnCells(tx, projectId, columnIndex, values);
  return values;
}

export const analysisProjectHandlers: HandlerSet = {
  wanalyzer_project_save: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    // Ownership before the file: a caller who may not change the project learns nothing about the workbook.
    if (input.project_id) await reachableProject(ctx.db, ctx, input.project_id, 'own');
    const dataset = input.excel_file ? await readWorkbookDataset(workbookBytes(input.excel_file, ctx.lang), ctx) : undefined;
    // The price /excel/calculate_credit quoted for the same workbook: one function prices both.
    const price = dataset ? creditsForCells(dataset.filledCells) : 0;
    return ctx.transaction(async (tx) => {
      let projectId = input.project_id;
      if (projectId) {
        await reachableProject(tx, ctx, projectId, 'own', true);
        await updateProject(tx, projectId, { name: input.project_name, description: input.description, isPublic: input.is_public });
      } else
        projectId = await insertProject(tx, {
          tenantId,
          ownerId: me.userId,
          name: input.project_name,
          description: input.description ?? '',
          isPublic: input.is_public ?? false,
        });
      let balance: number;
      if (dataset && input.excel_file) {
        balance = await spendCredits(tx, tenantId, me.userId, price, { reason: 'excel_upload', projectId, description: keptFileName(input.excel_file.file_name) });
        await replaceDataset(tx, projectId, {
          fileName: keptFileName(input.excel_file.file_name),
          filledCells: dataset.filledCells,
          creditUsed: price,
          columns: dataset.columns.map((c, i) => ({ ...c, results: summariseColumn(dataset.rows.map((r) => r[i]), c.type) })),
          rows: dataset.rows,
        });
      } else balance = await creditBalance(tx, tenantId, me.userId);
      const project = (await projectById(tx, projectId))!;
      return { project: projectAnswer(project, await columnsOf(tx, projectId)), credit_used: price, credit_balance: balance };
    });
  },

  wanalyzer_project_list: async (input, ctx) => projectList(ctx.db, ctx, input),

  wanalyzer_project_details_columns_wai_get: async ({ project_id }, ctx) => {
    const project = await reachableProject(ctx.db, ctx, project_id, 'read');
    return {
      project_id,
      project_name: project.project_name,
      details: projectDetails(project),
      is_public: project.is_public,
      is_own: project.owner_user_id === callerUserId(ctx),
      column_list: await columnsOf(ctx.db, project_id),
    };
  },

  wanalyzer_project_delete: async ({ project_id }, ctx) => {
    requireUser(ctx);
    await ctx.transaction(async (tx) => {
      await reachableProject(tx, ctx, project_id, 'own', true);
      await deleteProject(tx, project_id);
    });
    return { project_id };
  },

  // The owner renames a column, changes its type or unit (its results are computed again from the stored cells),
  // or adds a calculated column (a column id the project does not have) computed for every row.
  wanalyzer_project_column_save: async ({ project_id, column }, ctx) => {
    requireUser(ctx);
    return ctx.transaction(async (tx) => {
      await reachableProject(tx, ctx, project_id, 'own', true);
      const existing = await columnForUpdate(tx, project_id, column.column_id);
      if (await columnNameTaken(tx, project_id, column.column_name, existing?.column_id)) throw new ApiError('analysis_column_name_taken', { name: column.column_name });
      const columns = await columnsOf(tx, project_id);
      const others = columns.filter((c) => c.column_id !== existing?.column_id);
      const unit = column.unit || null;
      let columnId: string;
      if (existing) {
        if (column.expression && !existing.expression) throw new ApiError('analysis_formula_on_file_column');
        const expression = existing.expression ? (column.expression ?? existing.expression) : null;
        const current = columns.find((c) => c.column_id === existing.column_id)!;
        if (expression && expression !== existing.expression) refuseCycle(current, expression, columns);
        const cells =
          expression && expression !== existing.expression
            ? await calculateColumn(tx, project_id, existing.column_index, formulaOf(expression, others, ctx, 'column.expression'))
            : await columnCells(tx, project_id, existing.column_index);
        await updateColumn(tx, { columnId: existing.column_id, name: column.column_name, type: column.column_type, unit, expression, results: summariseColumn(cells, column.column_type) });
        // What reads this column is computed again, in order: its values, type or name may have changed.
        await recomputeDependents(tx, project_id, current, ctx);
        await bumpDatasetVersion(tx, project_id);
        columnId = existing.column_id;
      } else {
        if (!column.expression) throw new ApiError('analysis_formula_invalid', { details: 'column.expression' }, { errors: [{ field: 'column.expression', message: FORMULA_NEEDED[ctx.lang] }] });
        const formula = formulaOf(column.expression, others, ctx, 'column.expression');
        const added = await insertColumn(tx, project_id, { name: column.column_name, type: column.column_type, unit, expression: column.expression, results: { count: 0, missing_count: 0 } });
        const values = await calculateColumn(tx, project_id, added.columnIndex, formula);
        await updateColumn(tx, { columnId: added.columnId, name: column.column_name, type: column.column_type, unit, expression: column.expression, results: summariseColumn(values, column.column_type) });
        await bumpDatasetVersion(tx, project_id, 1);
        columnId = added.columnId;
      }
      ctx.audit.record_id = columnId;
      return { column: (await columnsOf(tx, project_id)).find((c) => c.column_id === columnId)! };
    });
  },
};

const FORMULA_NEEDED = { en: 'A new column needs a formula.', tr: 'Yeni bir sütunun formülü olmalı.' };
