// Where the test run's time went, from vitest's JSON report: each project's span (first file started to last
// file ended) and the files that took longest. CI prints it so that a run that grows slower says where.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const projects = new Map();
for (const file of report.testResults) {
  const name = file.name.split('/tests/')[1]?.split('/')[0] ?? 'other';
  const p = projects.get(name) ?? { start: Infinity, end: 0, files: [] };
  p.start = Math.min(p.start, file.startTime);
  p.end = Math.max(p.end, file.endTime);
  p.files.push([(file.endTime - file.startTime) / 1000, file.name.split('/tests/')[1]]);
  projects.set(name, p);
}
const t0 = Math.min(...[...projects.values()].map((p) => p.start));
for (const [name, p] of [...projects].sort((a, b) => a[1].start - b[1].start)) {
  const slowest = p.files.sort((a, b) => b[0] - a[0]).slice(0, 3).map(([s, f]) => `${f} ${s.toFixed(0)} s`);
  console.log(`${name.padEnd(10)} ${((p.end - p.start) / 1000).toFixed(0).padStart(5)} s (from ${((p.start - t0) / 1000).toFixed(0)} s, ${p.files.length} files; slowest: ${slowest.join(', ')})`);
}
