// The analysis projects' datasets (analysis_project, analysis_column, analysis_row; migration 0033): who may open a
// project, its columns, its rows written in bulk and read a page or a few columns at a time, filters and distinct
// values run in the database. Rows keep their cells as one jsonb array in column_index order, so a column is
// `cells -> index` and a 100,000-cell project is never read whole to answer a page.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { AnalysisColumn, AnalysisProject } from '../../src/generated/types/entities.ts';
import { cellAs, normaliseCell, type Cell, type ColumnType } from '../../src/domain/dataset-columns.ts';
import type { ColumnSummary } from '../../src/domain/column-summary.ts';
import type { DatasetReader, RowFilter } from './dataset-reader.ts';
import { jsonConditionSql, typedJsonSql, type ValueKind } from './json-conditions.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';
import { fieldError } from './shop-access.ts';

export type ProjectRow = {
  project_id: string;
  tenant_id: string;
  owner_user_id: string;
  project_name: string;
  description: string;
  is_public: boolean;
  file_name: string | null;
  row_count: number;
  column_count: number;
  filled_cell_count: number;
  credit_used: number;
  dataset_version: number;
  created_at: string;
  updated_at: string;
};

type ColumnRow = {
  column_id: string;
  project_id: string;
  column_index: number;
  column_name: string;
  column_type: ColumnType;
  detected_type: ColumnType;
  unit: string | null;
  expression: string | null;
  results: ColumnSummary;
};

const PROJECT_COLUMNS = `p.project_id, p.tenant_id, p.owner_user_id, p.project_name, p.description, p.is_public, p.file_name, p.row_count,
  p.column_count, p.filled_cell_count, p.credit_used, p.dataset_version, p.created_at, p.updated_at`;
const COLUMN_COLUMNS = 'column_id, project_id, column_index, column_name, column_type, detected_type, unit, expression, results';

export const projectDetails = (p: ProjectRow): NonNullable<AnalysisProject['details']> => ({
  description: p.description,
  ...(p.file_name ? { file_name: p.file_name } : {}),
  row_count: p.row_count,
  column_count: p.column_count,
  filled_cell_count: p.filled_cell_count,
  credit_used: p.credit_used,
});

export const projectAnswer = (p: ProjectRow, columns: AnalysisColumn[]): AnalysisProject => ({
  project_id: p.project_id,
  user_client_id: p.owner_user_id,
  project_name: p.project_name,
  details: projectDetails(p),
  is_public: p.is_public,
  column_list: columns,
  created_at: isoOf(p.created_at)!,
  updated_at: isoOf(p.updated_at)!,
});

export const columnAnswer = (c: ColumnRow): AnalysisColumn => ({
  column_id: c.column_id,
  project_id: c.project_id,
  column_index: c.column_index,
  column_name: c.column_name,
  column_type: c.column_type,
  ...(c.unit ? { unit: c.unit } : {}),
  ...(c.expression ? { expression: c.expression } : {}),
  results: c.results,
});

/** The caller's user id, or null for an anonymous caller or a front-end key. */
export const callerUserId = (ctx: RequestContext): string | null => (ctx.caller.kind === 'user' ? ctx.caller.userId : null);

/**
 * The project as the caller may reach it: `read` = their own or a public one of this site (anonymous callers and
 * front-end keys: public ones only), `own` = their own (for writes; `lock` holds it for the transaction). Anything
 * else answers 10016 as an unknown id.
 */
export async function reachableProject(db: Queryable, ctx: RequestContext, projectId: string, access: 'read' | 'own', lock = false): Promise<ProjectRow> {
  const userId = callerUserId(ctx);
  const [row] = await db.query<ProjectRow>(
    `select ${PROJECT_COLUMNS} from analysis_project p where p.project_id = $1 and p.tenant_id = $2
        and (p.owner_user_id = $3 or ($4 and p.is_public))${lock ? ' for update' : ''}`,
    [projectId, ctx.tenant.tenant_id, userId, access === 'read'],
  );
  if (!row) throw notFound('analysis_project');
  return row;
}

async function columnRows(db: Queryable, projectId: string): Promise<ColumnRow[]> {
  return db.query<ColumnRow>(`select ${COLUMN_COLUMNS} from analysis_column where project_id = $1 order by column_index`, [projectId]);
}

export async function columnsOf(db: Queryable, projectId: string): Promise<AnalysisColumn[]> {
  return (await columnRows(db, projectId)).map(columnAnswer);
}

const KIND: Record<ColumnType, ValueKind> = { numeric: 'number', boolean: 'boolean', date: 'date', categorical: 'text', text: 'text' };

/** A column of the project by id, else 10001 naming the request field. */
function columnById(columns: AnalysisColumn[], id: string, field: string, lang: RequestContext['lang']): AnalysisColumn {
  const found = columns.find((c) => c.column_id === id);
  if (!found) throw fieldError(field, { en: 'is not a column of this project', tr: 'bu projenin bir sütunu değil' }, lang);
  return found;
}

/** A condition's value as its column's type reads it; a value the type cannot read answers 10001 on that field. */
function conditionValue(column: AnalysisColumn, value: Cell | undefined, field: string, lang: RequestContext['lang']): Cell {
  if (value === null || value === undefined) return null;
  const typed = cellAs(typeof value === 'string' ? normaliseCell(value) : value, column.column_type);
  if (typed !== null) return typed;
  const words = {
    numeric: { en: 'must be a number', tr: 'bir sayı olmalı' },
    boolean: { en: 'must be true or false', tr: 'doğru ya da yanlış olmalı' },
    date: { en: 'must be a date (YYYY-MM-DD)', tr: 'bir tarih (YYYY-AA-GG) olmalı' },
  } as const;
  throw fieldError(field, words[column.column_type as keyof typeof words], lang);
}

/** Adds a row filter to `where` (rows of `r`); `field` names the request's filter object in refusals. */
function addFilter(where: Where, columns: AnalysisColumn[], filter: RowFilter | undefined, field: string, lang: RequestContext['lang']): void {
  if (!filter?.condition_list.length) return;
  const parts = filter.condition_list.map((c, i) => {
    const column = columnById(columns, c.column_id, `${field}.condition_list.${i}.column_id`, lang);
    const value = c.operator === 'includes' || c.operator === 'not_includes' ? (c.value ?? null) : conditionValue(column, c.value, `${field}.condition_list.${i}.value`, lang);
    return jsonConditionSql(where, () => `(r.cells -> ${where.param(column.column_index)}::int)`, KIND[column.column_type], c.operator, value);
  });
  where.add(`(${parts.join(filter.logic === 'or' ? ' or ' : ' and ')})`);
}

/** The SQL of a jsonb array of the chosen columns' cells. */
function cellsSql(where: Where, columns: AnalysisColumn[]): string {
  return columns.length ? `jsonb_build_array(${columns.map((c) => `r.cells -> ${where.param(c.column_index)}::int`).join(', ')})` : `'[]'::jsonb`;
}

export interface RowPageRequest {
  column_id_list?: string[];
  filter?: RowFilter;
  sort?: string;
  page?: number;
  page_size?: number;
}

/**
 * A page of rows passing the filter, each as the chosen columns' cells (all columns when none are chosen), in
 * column_index order; `filterField` names the request's filter in refusals (filter / query).
 */
export async function rowPage(db: Queryable, ctx: RequestContext, projectId: string, request: RowPageRequest, filterField: string) {
  const all = await columnsOf(db, projectId);
  const chosen = request.column_id_list
    ? request.column_id_list.map((id, i) => columnById(all, id, `column_id_list.${i}`, ctx.lang)).sort((a, b) => a.column_index - b.column_index)
    : all;
  const where = new Where().add('r.project_id = ?', projectId);
  addFilter(where, all, request.filter, filterField, ctx.lang);
  const select = `select r.row_index, ${cellsSql(where, chosen)} as cells from analysis_row r`;
  const order = orderBy(request.sort, 'row_index', { row_index: 'r.row_index' }, 'r.row_index');
  const { rows, ...paging } = await pageRows<{ row_index: number; cells: Cell[] }>(db, { select, where, order, paging: request });
  return { row_list: rows.map((r) => r.cells), column_list: chosen, ...paging };
}

/** Each column's distinct values (as its type reads them, empty included) with counts, most frequent first, in SQL. */
export async function distinctValues(db: Queryable, ctx: RequestContext, projectId: string, columnIds: string[], maxValues: number) {
  const all = await columnsOf(db, projectId);
  const out = [];
  for (const [i, id] of columnIds.entries()) {
    const column = columnById(all, id, `column_id_list.${i}`, ctx.lang);
    const value = typedJsonSql('(r.cells -> $2::int)', KIND[column.column_type]);
    const rows = await db.query<{ value: Cell; count: number }>(
      `select value, count(*)::int as count
         from (select ${value} as value from analysis_row r where r.project_id = $1) v
        group by value order by count(*) desc, value nulls last limit $3`,
      [projectId, column.column_index, maxValues],
    );
    const [counted] = await db.query<{ n: number }>(`select count(distinct ${value})::int as n from analysis_row r where r.project_id = $1`, [projectId, column.column_index]);
    out.push({
      column_id: id,
      distinct_count: counted.n,
      value_list: rows.map((r) => ({ value: column.column_type === 'numeric' && r.value !== null ? Number(r.value) : r.value, count: r.count })),
    });
  }
  return out;
}

/** One column's stored cells in row order, unconverted (a change of type reads them again). */
export async function columnCells(db: Queryable, projectId: string, columnIndex: number): Promise<Cell[]> {
  const rows = await db.query<{ cell: Cell }>('select r.cells -> $2::int as cell from analysis_row r where r.project_id = $1 order by r.row_index', [
    projectId,
    columnIndex,
  ]);
  return rows.map((r) => r.cell ?? null);
}

/** The rows from `from`, `count` of them, with every cell (cell calculate's page). */
export async function rowsFrom(db: Queryable, projectId: string, from: number, count: number): Promise<{ row_index: number; cells: Cell[] }[]> {
  return db.query('select row_index, cells from analysis_row where project_id = $1 and row_index >= $2 order by row_index limit $3', [projectId, from, count]);
}

/** Every row's cells in row order (a calculated column computes over all of them). */
export async function everyRow(db: Queryable, projectId: string): Promise<Cell[][]> {
  return (await db.query<{ cells: Cell[] }>('select cells from analysis_row where project_id = $1 order by row_index', [projectId])).map((r) => r.cells);
}

// ---- the reader the statistics and machine learning read through ----

function readerOf(db: Queryable, project: Pick<ProjectRow, 'project_id' | 'tenant_id' | 'dataset_version'>, lang: RequestContext['lang']): DatasetReader {
  let columns: Promise<AnalysisColumn[]> | undefined;
  const columnsOnce = () => (columns ??= columnsOf(db, project.project_id));
  return {
    projectId: project.project_id,
    tenantId: project.tenant_id,
    datasetVersion: project.dataset_version,
    columns: columnsOnce,
    async columnValues(columnIds, filter) {
      const all = await columnsOnce();
      const chosen = columnIds.map((id, i) => columnById(all, id, `column_id_list.${i}`, lang));
      const where = new Where().add('r.project_id = ?', project.project_id);
      addFilter(where, all, filter, 'filter', lang);
      const rows = await db.query<{ cells: Cell[] }>(`select ${cellsSql(where, chosen)} as cells from analysis_row r where ${where} order by r.row_index`, where.params);
      return { rowCount: rows.length, values: chosen.map((c, i) => rows.map((r) => cellAs(r.cells[i] ?? null, c.column_type))) };
    },
  };
}

/** A project the caller may read (`read`) or owns (`own`), with the reader of its dataset; else 10016. */
export async function openDataset(db: Queryable, ctx: RequestContext, projectId: string, access: 'read' | 'own'): Promise<{ project: ProjectRow; reader: DatasetReader }> {
  const project = await reachableProject(db, ctx, projectId, access);
  return { project, reader: readerOf(db, project, ctx.lang) };
}

/** The reader of a project for background work (no caller); refusals in English. */
export async function datasetReaderFor(db: Queryable, tenantId: string, projectId: string): Promise<DatasetReader> {
  const [project] = await db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from analysis_project p where p.project_id = $1 and p.tenant_id = $2`, [projectId, tenantId]);
  if (!project) throw notFound('analysis_project');
  return readerOf(db, project, 'en');
}

// ---- lists ----

export interface ProjectListRequest {
  scope?: 'all' | 'own' | 'public';
  search?: string;
  sort?: string;
  page?: number;
  page_size?: number;
}

/** The projects the caller may open: own and/or public ones of the site (anonymous callers: public ones). */
export async function projectList(db: Queryable, ctx: RequestContext, request: ProjectListRequest) {
  const userId = callerUserId(ctx);
  const scope = userId ? (request.scope ?? 'all') : 'public';
  const where = new Where().add('p.tenant_id = ?', ctx.tenant.tenant_id);
  if (scope === 'own') where.add('p.owner_user_id = ?', userId);
  else if (scope === 'public') where.add('p.is_public');
  else where.add('(p.owner_user_id = ? or p.is_public)', userId);
  if (request.search) where.add('(p.project_name ilike ? or p.description ilike ?)', containsPattern(request.search), containsPattern(request.search));
  const select = `select ${PROJECT_COLUMNS}, coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) as owner_name
    from analysis_project p join app_user u on u.user_id = p.owner_user_id`;
  const order = orderBy(request.sort, '-updated_at', { updated_at: 'p.updated_at', project_name: 'lower(p.project_name)' }, 'p.project_id');
  const { rows, ...paging } = await pageRows<ProjectRow & { owner_name: string }>(db, { select, where, order, paging: request });
  return {
    project_list: rows.map((p) => ({
      project_id: p.project_id,
      project_name: p.project_name,
      details: projectDetails(p),
      is_public: p.is_public,
      is_own: p.owner_user_id === userId,
      owner_name: p.owner_name,
      updated_at: isoOf(p.updated_at)!,
    })),
    ...paging,
  };
}

// ---- writes ----

export async function insertProject(
  tx: Queryable,
  p: { tenantId: string; ownerId: string; name: string; description: string; isPublic: boolean; projectId?: string },
): Promise<string> {
  const id = p.projectId ?? randomUUID();
  await tx.query('insert into analysis_project (project_id, tenant_id, owner_user_id, project_name, description, is_public) values ($1, $2, $3, $4, $5, $6)', [
    id,
    p.tenantId,
    p.ownerId,
    p.name,
    p.description,
    p.isPublic,
  ]);
  return id;
}

export async function updateProject(tx: Queryable, projectId: string, p: { name: string; description?: string; isPublic?: boolean }): Promise<void> {
  await tx.query(
    `update analysis_project set project_name = $2, description = coalesce($3, description), is_public = coalesce($4, is_public), updated_at = now()
      where project_id = $1`,
    [projectId, p.name, p.description ?? null, p.isPublic ?? null],
  );
}

export async function projectById(db: Queryable, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from analysis_project p where p.project_id = $1`, [projectId]);
  return row;
}

/** Rows per insert statement: large enough that 100,000 one-cell rows take a few statements, small enough for PGlite's memory. */
const ROWS_PER_STATEMENT = 20_000;

export interface NewDataset {
  fileName: string;
  filledCells: number;
  creditUsed: number;
  columns: { name: string; type: ColumnType; unit?: string; results: ColumnSummary }[];
  rows: Cell[][];
}

/** Replaces the project's dataset (columns and rows, in bulk) and bumps its dataset_version. */
export async function replaceDataset(tx: Queryable, projectId: string, d: NewDataset): Promise<void> {
  await tx.query('delete from analysis_row where project_id = $1', [projectId]);
  await tx.query('delete from analysis_column where project_id = $1', [projectId]);
  if (d.columns.length)
    await tx.query(
      `insert into analysis_column (column_id, project_id, column_index, column_name, column_type, detected_type, unit, results)
       select gen_random_uuid(), $1, (c.n - 1)::int, c.value ->> 'name', c.value ->> 'type', c.value ->> 'type', c.value ->> 'unit', c.value -> 'results'
         from jsonb_array_elements($2::jsonb) with ordinality c(value, n)`,
      [projectId, JSON.stringify(d.columns)],
    );
  for (let from = 0; from < d.rows.length; from += ROWS_PER_STATEMENT)
    await tx.query(
      `insert into analysis_row (project_id, row_index, cells)
       select $1, ($2 + r.n - 1)::int, r.value from jsonb_array_elements($3::jsonb) with ordinality r(value, n)`,
      [projectId, from, JSON.stringify(d.rows.slice(from, from + ROWS_PER_STATEMENT))],
    );
  await tx.query(
    `update analysis_project set file_name = $2, row_count = $3, column_count = $4, filled_cell_count = $5, credit_used = credit_used + $6,
            dataset_version = dataset_version + 1, updated_at = now() where project_id = $1`,
    [projectId, d.fileName, d.rows.length, d.columns.length, d.filledCells, d.creditUsed],
  );
}

/** A column's row as stored, locked for the transaction; undefined when the project has no such column. */
export async function columnForUpdate(tx: Queryable, projectId: string, columnId: string): Promise<ColumnRow | undefined> {
  const [row] = await tx.query<ColumnRow>(`select ${COLUMN_COLUMNS} from analysis_column where project_id = $1 and column_id = $2 for update`, [projectId, columnId]);
  return row;
}

/** Whether another column of the project has this name (ignoring case: formulas name columns ignoring case). */
export async function columnNameTaken(db: Queryable, projectId: string, name: string, exceptColumnId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'select exists (select 1 from analysis_column where project_id = $1 and lower(column_name) = lower($2) and column_id is distinct from $3::uuid) as taken',
    [projectId, name, exceptColumnId ?? null],
  );
  return row.taken;
}

export async function updateColumn(tx: Queryable, c: { columnId: string; name: string; type: ColumnType; unit: string | null; expression: string | null; results: ColumnSummary }): Promise<void> {
  await tx.query('update analysis_column set column_name = $2, column_type = $3, unit = $4, expression = $5, results = $6 where column_id = $1', [
    c.columnId,
    c.name,
    c.type,
    c.unit,
    c.expression,
    JSON.stringify(c.results),
  ]);
}

/** Adds a calculated column after the last one; answers its id and index. */
export async function insertColumn(
  tx: Queryable,
  projectId: string,
  c: { name: string; type: ColumnType; unit: string | null; expression: string; results: ColumnSummary },
): Promise<{ columnId: string; columnIndex: number }> {
  const columnId = randomUUID();
  const [row] = await tx.query<{ column_index: number }>(
    `insert into analysis_column (column_id, project_id, column_index, column_name, column_type, detected_type, unit, expression, results)
     select $1, $2, coalesce(max(column_index) + 1, 0), $3, $4, $4, $5, $6, $7 from analysis_column where project_id = $2
     returning column_index`,
    [columnId, projectId, c.name, c.type, c.unit, c.expression, JSON.stringify(c.results)],
  );
  return { columnId, columnIndex: row.column_index };
}

/** Writes one column's values into every row (a calculated column), in a few statements. */
export async function writeColumnCells(tx: Queryable, projectId: string, columnIndex: number, values: Cell[]): Promise<void> {
  for (let from = 0; from < values.length; from += ROWS_PER_STATEMENT)
    await tx.query(
      `update analysis_row r set cells = jsonb_set(r.cells, array[$2::text], v.value, true)
         from jsonb_array_elements($4::jsonb) with ordinality v(value, n)
        where r.project_id = $1 and r.row_index = $3 + v.n - 1`,
      [projectId, columnIndex, from, JSON.stringify(values.slice(from, from + ROWS_PER_STATEMENT))],
    );
}

/** Marks a change of the dataset's columns: stored results and models of the old version no longer match. */
export async function bumpDatasetVersion(tx: Queryable, projectId: string, columnCountChange = 0): Promise<void> {
  await tx.query('update analysis_project set dataset_version = dataset_version + 1, column_count = column_count + $2, updated_at = now() where project_id = $1', [
    projectId,
    columnCountChange,
  ]);
}

export async function deleteProject(tx: Queryable, projectId: string): Promise<void> {
  await tx.query('delete from analysis_project where project_id = $1', [projectId]);
}
