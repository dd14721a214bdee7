// Machine-learning figures (issue 14): training a decision tree on 10,000 rows × 10 columns (8 numeric inputs,
// a 5-level category and a 3-class target whose classes follow the inputs with noise), the split, the held-out
// metrics and the model's JSON size; and predictions per second from the stored model.
import { randomSource } from '../../src/domain/ml/random.ts';
import { predictRow, trainModel, type TrainingColumn } from '../../src/domain/ml/train.ts';

const ROWS = 10_000;

/** A generated table: 9 input columns and the target, seeded so every run measures the same data. */
export function generatedTable(rows = ROWS): { features: TrainingColumn[]; target: TrainingColumn } {
  const random = randomSource(14);
  const numeric = Array.from({ length: 8 }, (_, j): TrainingColumn => ({ name: `x${j + 1}`, type: 'numeric', values: Array.from({ length: rows }, () => Math.round(random() * 1000) / 10) }));
  const region: TrainingColumn = { name: 'region', type: 'categorical', values: Array.from({ length: rows }, () => ['north', 'south', 'east', 'west', 'centre'][Math.floor(random() * 5)]) };
  const target: TrainingColumn = {
    name: 'class',
    type: 'categorical',
    values: Array.from({ length: rows }, (_, i) => {
      const score = (numeric[0].values[i] as number) + (numeric[1].values[i] as number) / 2 + (region.values[i] === 'north' ? 20 : 0) + random() * 30;
      return score < 60 ? 'low' : score < 110 ? 'mid' : 'high';
    }),
  };
  return { features: [...numeric, region], target };
}

export function machineLearning(): void {
  const { features, target } = generatedTable();
  const started = performance.now();
  const { model, metrics } = trainModel({ algorithm: 'decision_tree', target, features, trainRatio: 0.8, seed: 1 });
  const trainMs = performance.now() - started;
  console.log(
    `Decision tree on ${ROWS.toLocaleString('en')} rows × 10 columns: ${trainMs.toFixed(0)} ms (split, encoding, fit and test metrics); held-out accuracy ${(metrics.accuracy! * 100).toFixed(1)}%; model ${(JSON.stringify(model).length / 1024).toFixed(1)} kB`,
  );
  const rows = Array.from({ length: 1000 }, (_, i) => features.map((f) => f.values[i]));
  const t0 = performance.now();
  for (let n = 0; n < 10; n++) for (const r of rows) predictRow(model, r);
  console.log(`  predictions: ${Math.round(10_000 / ((performance.now() - t0) / 1000)).toLocaleString('en')} per second`);
}
