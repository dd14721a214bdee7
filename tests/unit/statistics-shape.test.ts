// Every analysis answers exactly the shape of schemas/entities/stats_result.json (the contract the pages draw
// from), on real data and on degenerate data alike.
import { describe, expect, it } from 'vitest';
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';
import { type AnalysisInput, type ColumnData, runAnalysis } from '../../src/domain/statistics/index.ts';
import type { AnalyzeType } from '../../src/generated/types/entities.ts';
import { column } from './statistics-fixtures.ts';

const valid = contractAjv(loadContract()).getSchema(`${SCHEMA_BASE}entities/stats_result.json`)!;

/** Column ids are uuids on the wire. */
const withId = (c: ColumnData, n: number): ColumnData => ({ ...c, column_id: `00000000-0000-4000-8000-00000000000${n}` });
const len = withId(column('ToothGrowth', 'len'), 1);
const dose = withId(column('ToothGrowth', 'dose'), 2);
const supp = withId(column('ToothGrowth', 'supp', 'categorical'), 3);
const doseGroups = withId(column('ToothGrowth', 'dose', 'categorical'), 4);
const inputs: Record<AnalyzeType, AnalysisInput> = {
  descriptive: { columns: [len, dose] },
  frequency: { columns: [supp, dose] },
  crosstab: { columns: [doseGroups], group: supp },
  chi_square: { columns: [doseGroups], group: supp },
  correlation: { columns: [len, dose] },
  t_test: { columns: [len], group: supp },
  mann_whitney: { columns: [len], group: supp },
  anova: { columns: [len], group: doseGroups },
  kruskal_wallis: { columns: [len], group: doseGroups },
  linear_regression: { columns: [supp, dose], dependent: len },
  logistic_regression: { columns: [len, doseGroups], dependent: supp },
};
/** Two rows only: most figures cannot be computed. */
const tiny = (input: AnalysisInput): AnalysisInput => {
  const cut = (c: ColumnData) => ({ ...c, values: [c.values[0], c.values[59]] });
  return { columns: input.columns.map(cut), ...(input.group ? { group: cut(input.group) } : {}), ...(input.dependent ? { dependent: cut(input.dependent) } : {}) };
};

describe('result shapes', () => {
  it.each(Object.keys(inputs) as AnalyzeType[])('%s fits stats_result.json, on 60 rows and on 2', (type) => {
    for (const input of [inputs[type], tiny(inputs[type])]) {
      const result = JSON.parse(JSON.stringify(runAnalysis(type, input)));
      expect(valid(result), JSON.stringify(valid.errors)).toBe(true);
    }
  });
});
