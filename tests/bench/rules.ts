// Rule-engine figures (issue 5): compile time, and synchronous evaluations per second on one core for
// (a) an 8-row first-hit decision table over 3 inputs and (b) a 20-node graph, over 100,000 generated records.
import { compileGraph, type DecisionGraph, type RuleNode } from '../../src/domain/rules/index.ts';

const at = (x: number) => ({ x: x * 240, y: 0 });

/** (a): input(age, egfr, weight) → an 8-row first-hit table → its outputs. */
export function tableGraph(): DecisionGraph {
  const cells: [string, string, string][] = [
    ['< 18', '-', '-'],
    ['>= 18 and < 65', '< 30', '-'],
    ['>= 18 and < 65', '>= 30 and < 60', '< 50'],
    ['>= 18 and < 65', '>= 30 and < 60', '>= 50'],
    ['>= 65', '< 30', '-'],
    ['>= 65', '>= 30 and < 60', '-'],
    ['>= 65', '>= 60', '< 50'],
    ['-', '-', '-'],
  ];
  return {
    format: 'sema-decision-graph',
    format_version: 1,
    nodes: [
      { id: 'in', type: 'input', position: at(0), fields: [{ name: 'age', type: 'number' }, { name: 'egfr', type: 'number' }, { name: 'weight', type: 'number' }] },
      {
        id: 'table',
        type: 'table',
        position: at(1),
        hit_policy: 'first',
        inputs: [{ id: 'age', expression: 'age' }, { id: 'egfr', expression: 'egfr' }, { id: 'weight', expression: 'weight' }],
        outputs: [{ id: 'factor', variable: 'dose_factor', type: 'number' }, { id: 'rule', variable: 'rule', type: 'string' }],
        rows: cells.map((c, i) => ({ id: `r${i + 1}`, cells: { age: c[0], egfr: c[1], weight: c[2] }, results: { factor: String((i + 1) / 8), rule: `"r${i + 1}"` } })),
      },
    ],
    edges: [{ id: 'e1', source: 'in', target: 'table' }],
  };
}

/** (b): 20 nodes — an input, expressions, switches, tables and outputs in a branching algorithm. */
export function twentyNodeGraph(): DecisionGraph {
  const nodes: RuleNode[] = [
    { id: 'in', type: 'input', position: at(0), fields: [...['age', 'weight', 'height_cm', 'creatinine', 'anc', 'platelets'].map((name) => ({ name, type: 'number' as const })), { name: 'sex', type: 'string' as const }] },
    { id: 'bmi', type: 'expression', position: at(1), assignments: [{ id: 'a', variable: 'bmi', expression: 'weight / ((height_cm / 100) * (height_cm / 100))' }] },
    { id: 'bsa', type: 'expression', position: at(2), assignments: [{ id: 'a', variable: 'bsa', expression: 'round(((height_cm * weight) / 3600) * 0.5, 2)' }] },
    { id: 'sexf', type: 'table', position: at(3), hit_policy: 'first', inputs: [{ id: 's', expression: 'sex' }], outputs: [{ id: 'f', variable: 'sex_factor', type: 'number' }], rows: [{ id: 'f', cells: { s: '"female"' }, results: { f: '0.85' } }, { id: 'o', cells: { s: '-' }, results: { f: '1' } }] },
    { id: 'crcl', type: 'expression', position: at(4), assignments: [{ id: 'a', variable: 'crcl', expression: '(140 - age) * weight * sex_factor / (72 * creatinine)' }] },
    { id: 'bmi_class', type: 'table', position: at(5), hit_policy: 'unique', inputs: [{ id: 'b', expression: 'bmi' }], outputs: [{ id: 'c', variable: 'bmi_class', type: 'string' }], rows: [{ id: 'u', cells: { b: '< 18.5' }, results: { c: '"under"' } }, { id: 'n', cells: { b: '>= 18.5 and <= 24.9' }, results: { c: '"normal"' } }, { id: 'o', cells: { b: '> 24.9' }, results: { c: '"over"' } }] },
    { id: 'blood', type: 'switch', position: at(6), hit_policy: 'first', branches: [{ id: 'low', condition: 'anc < 1.5 or platelets < 100' }] },
    { id: 'hold', type: 'output', position: at(7), kind: 'decision', severity: 'critical', code: 'hold', text: { en: 'Hold', tr: 'Beklet' } },
    { id: 'renal', type: 'switch', position: at(7), hit_policy: 'first', branches: [{ id: 'bad', condition: 'crcl < 30' }, { id: 'mid', condition: 'crcl >= 30 and crcl < 60' }] },
    { id: 'stop', type: 'output', position: at(8), kind: 'alert', severity: 'critical', code: 'stop', text: { en: 'Stop at {crcl}', tr: 'Durdur' } },
    { id: 'half', type: 'expression', position: at(8), assignments: [{ id: 'a', variable: 'dose', expression: 'bsa * 50' }] },
    { id: 'full', type: 'expression', position: at(8), assignments: [{ id: 'a', variable: 'dose', expression: 'bsa * 100' }] },
    { id: 'cap', type: 'table', position: at(9), hit_policy: 'first', inputs: [{ id: 'd', expression: 'dose' }], outputs: [{ id: 'c', variable: 'capped', type: 'number' }], rows: [{ id: 'hi', cells: { d: '> 180' }, results: { c: '180' } }, { id: 'ok', cells: { d: '-' }, results: { c: 'dose' } }] },
    { id: 'age_check', type: 'switch', position: at(10), hit_policy: 'collect', branches: [{ id: 'old', condition: 'age >= 75' }, { id: 'obese', condition: 'bmi_class = "over"' }] },
    { id: 'old', type: 'output', position: at(11), kind: 'suggestion', severity: 'warning', code: 'elderly', text: { en: 'Elderly', tr: 'Yaşlı' } },
    { id: 'obese', type: 'output', position: at(11), kind: 'suggestion', severity: 'info', code: 'obese', text: { en: 'BMI over', tr: 'BKİ yüksek' } },
    { id: 'plain', type: 'output', position: at(11), kind: 'decision', severity: 'info', code: 'go', text: { en: 'Dose {capped}', tr: 'Doz {capped}' } },
    { id: 'note', type: 'expression', position: at(12), assignments: [{ id: 'a', variable: 'dose_per_kg', expression: 'capped / weight' }] },
    { id: 'per_kg', type: 'switch', position: at(13), hit_policy: 'first', branches: [{ id: 'high', condition: 'dose_per_kg > 3' }] },
    { id: 'high', type: 'output', position: at(14), kind: 'alert', severity: 'warning', code: 'per_kg_high', text: { en: 'High per kg', tr: 'Kg başına yüksek' } },
  ];
  const e = (id: string, source: string, target: string, source_handle?: string) => ({ id, source, target, ...(source_handle ? { source_handle } : {}) });
  return {
    format: 'sema-decision-graph',
    format_version: 1,
    nodes,
    edges: [
      e('1', 'in', 'bmi'), e('2', 'bmi', 'bsa'), e('3', 'bsa', 'sexf'), e('4', 'sexf', 'crcl'), e('5', 'crcl', 'bmi_class'), e('6', 'bmi_class', 'blood'),
      e('7', 'blood', 'hold', 'low'), e('8', 'blood', 'renal', 'else'), e('9', 'renal', 'stop', 'bad'), e('10', 'renal', 'half', 'mid'), e('11', 'renal', 'full', 'else'),
      e('12', 'half', 'cap'), e('13', 'full', 'cap'), e('14', 'cap', 'age_check'), e('15', 'age_check', 'old', 'old'), e('16', 'age_check', 'obese', 'obese'),
      e('17', 'age_check', 'plain', 'else'), e('18', 'cap', 'note'), e('19', 'note', 'per_kg'), e('20', 'per_kg', 'high', 'high'),
    ],
  };
}

/** Deterministic records (a small LCG), so two runs measure the same work. */
export function records(n: number): Record<string, unknown>[] {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, () => ({
    age: Math.floor(10 + rand() * 80),
    egfr: Math.floor(10 + rand() * 110),
    weight: Math.round(40 + rand() * 80),
    height_cm: Math.round(150 + rand() * 45),
    creatinine: Math.round((0.5 + rand() * 3) * 10) / 10,
    anc: Math.round(rand() * 60) / 10,
    platelets: Math.floor(50 + rand() * 300),
    sex: rand() < 0.5 ? 'female' : 'male',
  }));
}

function measure(name: string, doc: DecisionGraph, data: Record<string, unknown>[], trace: boolean) {
  const t0 = performance.now();
  const compiled = compileGraph(doc);
  const compileMs = performance.now() - t0;
  if (!compiled.ok) throw new Error(`${name}: ${compiled.issues.map((i) => i.message.en).join('; ')}`);
  const { evaluate } = compiled.graph;
  const options = { trace, today: '2026-11-21' };
  for (let i = 0; i < 20_000; i++) evaluate(data[i % data.length], options); // warm-up: let the JIT settle
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let sink = 0;
    const start = performance.now();
    for (const r of data) sink += evaluate(r, options).decisions.length;
    const perSecond = data.length / ((performance.now() - start) / 1000);
    best = Math.max(best, perSecond);
    if (sink < 0) console.log(sink);
  }
  return { compileMs, perSecond: best };
}

export function ruleEngine() {
  const data = records(100_000);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const cases: [string, DecisionGraph, number][] = [
    ['(a) 8-row first-hit table, 3 inputs', tableGraph(), 1_000_000],
    ['(b) 20-node graph', twentyNodeGraph(), 200_000],
  ];
  for (const [name, doc, target] of cases) {
    const plain = measure(name, doc, data, false);
    const traced = measure(name, doc, data, true);
    console.log(
      `Rule engine ${name}: compile ${plain.compileMs.toFixed(2)} ms; ${fmt(plain.perSecond)} evaluations/s [target ≥ ${fmt(target)}], ${fmt(traced.perSecond)}/s with the trace (100,000 records, one core, synchronous)`,
    );
  }
}
