// Statistics engine figures (issue 14): descriptives over 100,000 values (sort, moments, quartiles, histogram,
// box), alone and with the frequency table of a 100,000-value category column, as one statistics/analyze/list
// request runs them once the values are read. Deterministic data; best of five runs after a warm-up.
import { runAnalysis, type ColumnData } from '../../src/domain/statistics/index.ts';
import type { DescriptiveResult } from '../../src/generated/types/entities.ts';

const N = 100_000;

function columns(): { numbers: ColumnData; categories: ColumnData } {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  // Sums of four uniforms: a bell shape, so the histogram and the box have tails; 1% empty cells.
  const numbers = Array.from({ length: N }, () => (rand() < 0.01 ? null : 50 + 10 * (rand() + rand() + rand() + rand() - 2)));
  const levels = Array.from({ length: 12 }, (_, i) => `group ${i + 1}`);
  const categories = Array.from({ length: N }, () => levels[Math.floor(rand() * levels.length)]);
  return {
    numbers: { column_id: 'x', column_type: 'numeric', values: numbers },
    categories: { column_id: 'c', column_type: 'categorical', values: categories },
  };
}

function bestOf(runs: number, work: () => void): number {
  work();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function statisticsEngine() {
  const { numbers, categories } = columns();
  let n = 0;
  const alone = bestOf(5, () => {
    n = (runAnalysis('descriptive', { columns: [numbers] }) as DescriptiveResult).variable_list[0].n;
  });
  const withFrequencies = bestOf(5, () => {
    runAnalysis('descriptive', { columns: [numbers] });
    runAnalysis('frequency', { columns: [categories] });
  });
  console.log(
    `Statistics: descriptives over ${N.toLocaleString('en-US')} values (${n.toLocaleString('en-US')} filled) ${alone.toFixed(1)} ms; with the frequency table of a ${N.toLocaleString('en-US')}-value category column ${withFrequencies.toFixed(1)} ms (one core, the engine alone, values already read)`,
  );
}
