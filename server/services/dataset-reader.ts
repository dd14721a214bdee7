// How the analysis work (statistics, machine learning) reads a project's dataset: the columns and the values of
// the rows that pass a filter, read in the database (the rows never travel whole to the browser). The dataset
// store (server/services/analysis-store.ts) gives one for a project the caller may read.
import type { AnalysisColumn, RuleOperator } from '../../src/generated/types/entities.ts';

/** A cell as stored and answered: a number, text, a yes/no, a date as an ISO text (YYYY-MM-DD), or null (empty). */
export type Cell = number | string | boolean | null;

/** A row filter as the routes take it (`filter`, `query`): conditions on columns with the rule operators. */
export interface RowFilter {
  logic?: 'and' | 'or';
  condition_list: { column_id: string; operator: RuleOperator; value?: Cell }[];
}

export interface DatasetReader {
  readonly projectId: string;
  readonly tenantId: string;
  /** Changes whenever the file or a column's type or formula changes: stored results and models name it. */
  readonly datasetVersion: number;
  /** Every column, in column_index order (calculated columns included). */
  columns(): Promise<AnalysisColumn[]>;
  /**
   * The values of the named columns for every row that passes the filter, in row order: one array per column, in
   * the order asked, each cell read as its column's column_type says (numeric: number or null for an empty or
   * unreadable cell; categorical and text: text or null; date: YYYY-MM-DD or null; boolean: true/false or null).
   * An unknown column id or a filter naming one answers 10001 naming the field.
   */
  columnValues(columnIds: string[], filter?: RowFilter): Promise<{ rowCount: number; values: Cell[][] }>;
}
