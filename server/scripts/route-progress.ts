// `npm run routes:progress`: how many catalogued routes have a handler — the progress bar of later issues.
import { routeTable } from '../../src/generated/route-table.ts';
import { handlers } from '../handlers/index.ts';

export function routeProgress() {
  const areas = new Map<string, { total: number; done: number }>();
  for (const r of routeTable) {
    const a = areas.get(r.area) ?? { total: 0, done: 0 };
    a.total++;
    if (r.name in handlers) a.done++;
    areas.set(r.area, a);
  }
  const done = routeTable.filter((r) => r.name in handlers).length;
  return { total: routeTable.length, done, areas };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, done, areas } = routeProgress();
  const width = Math.max(...[...areas.keys()].map((a) => a.length));
  for (const [area, a] of [...areas].sort(([x], [y]) => x.localeCompare(y)))
    console.log(`${area.padEnd(width)}  ${String(a.done).padStart(3)}/${String(a.total).padEnd(3)} ${'█'.repeat(a.done)}${'░'.repeat(a.total - a.done)}`);
  console.log(`\n${done} of ${total} catalogued routes implemented (${Math.round((100 * done) / total)}%); the rest answer "not implemented" (10006).`);
}
