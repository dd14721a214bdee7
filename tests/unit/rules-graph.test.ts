// Decision graphs: the checker finds every structural and variable problem with its place; the compiled graph
// evaluates records synchronously with hit policies, three-valued logic over missing values and a trace; the
// fixture packages give their documented outcomes; and nothing in the engine evaluates code from text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkGraph, compileGraph, type DecisionGraph, type Evaluation, type RuleIssue, type RuleNode } from '../../src/domain/rules/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const at = { x: 0, y: 0 };

function graph(nodes: RuleNode[], edges: [string, string, string?][]): DecisionGraph {
  return { format: 'sema-decision-graph', format_version: 1, nodes, edges: edges.map(([source, target, source_handle], i) => ({ id: `e${i + 1}`, source, target, ...(source_handle ? { source_handle } : {}) })) };
}
const input = (fields: [string, 'number' | 'string' | 'date' | 'boolean' | 'list'][]): RuleNode => ({ id: 'in', type: 'input', position: at, fields: fields.map(([name, type]) => ({ name, type })) });
const output = (id: string, code = id, text = { en: code, tr: code }): RuleNode => ({ id, type: 'output', position: at, kind: 'decision', severity: 'info', code, text });
const sw = (id: string, branches: [string, string][], hit_policy: 'first' | 'collect' = 'first'): RuleNode => ({ id, type: 'switch', position: at, hit_policy, branches: branches.map(([bid, condition]) => ({ id: bid, condition })) });
const codes = (issues: RuleIssue[]) => issues.map((i) => i.code);
const run = (doc: DecisionGraph, record: Record<string, unknown>, trace = false): Evaluation => {
  const c = compileGraph(doc);
  if (!c.ok) throw new Error(c.issues.map((i) => i.message.en).join('; '));
  return c.graph.evaluate(record, { trace, today: '2026-11-21' });
};

describe('the graph checker', () => {
  it('needs exactly one input', () => {
    expect(codes(checkGraph(graph([output('o')], [])))).toContain('no_input');
    expect(codes(checkGraph(graph([input([]), { ...input([]), id: 'in2' } as RuleNode], [])))).toContain('many_inputs');
  });

  it('finds dangling edges, edges into the input, self loops and switch edges without a branch', () => {
    const doc = graph([input([['a', 'number']]), sw('s', [['b', 'a > 1']]), output('o')], [['in', 's'], ['s', 'nowhere', 'b'], ['s', 'in', 'b'], ['o', 'o'], ['s', 'o'], ['s', 'o', 'zz']]);
    const issues = checkGraph(doc);
    expect(issues.filter((i) => i.edge_id).map((i) => [i.edge_id, i.code])).toEqual([
      ['e2', 'dangling_edge'],
      ['e3', 'into_input'],
      ['e4', 'self_edge'],
      ['e5', 'handle_needed'],
      ['e6', 'bad_handle'],
    ]);
  });

  it('finds cycles and the nodes nothing leads to', () => {
    const doc = graph([input([['a', 'number']]), sw('s1', [['b', 'a > 1']]), sw('s2', [['b', 'a > 2']]), output('lonely')], [['in', 's1'], ['s1', 's2', 'b'], ['s2', 's1', 'b']]);
    const issues = checkGraph(doc);
    expect(issues.filter((i) => i.code === 'cycle').map((i) => i.node_id).sort()).toEqual(['s1', 's2']);
    expect(issues.find((i) => i.code === 'cycle')!.message.en).toMatch(/goes round in a circle through: s1, s2/);
    expect(issues.find((i) => i.node_id === 'lonely')!.code).toBe('unreachable');
  });

  it('needs every variable set on every path before it is read', () => {
    const doc = graph(
      [
        input([['a', 'number']]),
        sw('s', [['big', 'a > 10']]),
        { id: 'x', type: 'expression', position: at, assignments: [{ id: 'v', variable: 'doubled', expression: 'a * 2' }] },
        { id: 'use', type: 'switch', position: at, hit_policy: 'first', branches: [{ id: 'b', condition: 'doubled > 30 or later > 1' }] },
        output('o'),
      ],
      [['in', 's'], ['s', 'x', 'big'], ['x', 'use'], ['s', 'use', 'else'], ['use', 'o', 'b']],
    );
    const issues = checkGraph(doc).filter((i) => i.node_id === 'use');
    expect(issues.map((i) => [i.code, i.field, i.span])).toEqual([
      ['undefined_on_some_path', 'branches.b.condition', [0, 7]],
      ['unknown_variable', 'branches.b.condition', [16, 21]],
    ]);
    expect(issues[0].message.tr).toBe('1. konum: “doubled” bu düğüme ulaşan her yolda atanmıyor.');
  });

  it('places text problems on their node, field and characters, in both languages', () => {
    const doc = graph([input([['creatinine', 'number']]), sw('s', [['b', '(creatinine > 1.5']]), output('o')], [['in', 's'], ['s', 'o', 'b']]);
    const [issue] = checkGraph(doc);
    expect(issue).toMatchObject({ code: 'parenthesis', node_id: 's', field: 'branches.b.condition', span: [0, 1] });
    expect(issue.message.en.startsWith('Please check the parenthesis')).toBe(true);
    expect(issue.message.tr.startsWith('Lütfen parantezleri kontrol edin')).toBe(true);
    const compiled = compileGraph(doc);
    expect(compiled.ok).toBe(false);
  });

  it('refuses bad names, reassigned inputs and table results of the wrong type', () => {
    const doc = graph(
      [
        input([['age', 'number'], ['Bad Name', 'number']]),
        { id: 't', type: 'table', position: at, hit_policy: 'first', inputs: [{ id: 'c', expression: 'age' }], outputs: [{ id: 'o', variable: 'age', type: 'number' }, { id: 'p', variable: 'label', type: 'number' }], rows: [{ id: 'r', cells: { c: '> 1', nope: '1' }, results: { o: '1', p: '"text"' } }] },
      ],
      [['in', 't']],
    );
    expect(codes(checkGraph(doc)).sort()).toEqual(['bad_name', 'input_reassigned', 'unknown_column', 'value_type']);
  });

  it('checks the texts and names of a node not yet connected, so a mistake shows while it is drawn', () => {
    const doc = graph([input([['a', 'number']]), sw('loose', [['b', '(a > 1']]), output('o', 'Not A Code'), { id: 'x', type: 'expression', position: at, assignments: [{ id: 'v', variable: 'twice', expression: 'a * 2 + nope' }] }], []);
    const issues = checkGraph(doc);
    expect(issues.filter((i) => i.field).map((i) => [i.node_id, i.field, i.code])).toEqual([
      ['loose', 'branches.b.condition', 'parenthesis'],
      ['o', 'code', 'bad_name'],
      ['x', 'assignments.v.expression', 'unknown_variable'],
    ]);
  });

  it('refuses what is not a decision graph at all, naming what is off', () => {
    const [issue] = checkGraph({ format: 'sema-decision-graph', format_version: 1, nodes: [{ id: 'x', type: 'loop', position: at }], edges: [] });
    expect(issue.code).toBe('bad_document');
    expect(issue.message.en).toContain('nodes: item 1: type');
    expect(issue.message.tr).toContain('nodes: 1. öğe: type: şunlardan biri bekleniyordu');
    expect(codes(checkGraph('nonsense'))).toEqual(['bad_document']);
    expect(checkGraph({ format: 'sema-decision-graph', format_version: 1, nodes: [{ id: 'x', type: 'constructor', position: at }], edges: [] })[0].message.en).toContain('type: one of input, switch');
  });
});

describe('evaluation', () => {
  const table = (hit_policy: 'first' | 'unique' | 'collect'): DecisionGraph =>
    graph(
      [
        input([['egfr', 'number']]),
        {
          id: 't',
          type: 'table',
          position: at,
          hit_policy,
          inputs: [{ id: 'g', expression: 'egfr' }],
          outputs: [{ id: 'f', variable: 'factor', type: 'number' }],
          rows: [
            { id: 'low', cells: { g: '< 30' }, results: { f: '0.25' } },
            { id: 'mid', cells: { g: '< 60' }, results: { f: '0.5' } },
            { id: 'all', cells: { g: '-' }, results: { f: '1' } },
          ],
        },
      ],
      [['in', 't']],
    );

  it('applies the first matching row, every matching row, or exactly one', () => {
    expect(run(table('first'), { egfr: 20 }).outputs).toEqual({ factor: 0.25 });
    expect(run(table('first'), { egfr: 90 }).outputs).toEqual({ factor: 1 });
    expect(run(table('collect'), { egfr: 20 }).outputs).toEqual({ factor: [0.25, 0.5, 1] });
    const unique = run(table('unique'), { egfr: 20 }, true);
    expect(unique.outputs).toEqual({ factor: null });
    expect(unique.issues[0].code).toBe('unique_violation');
    expect(unique.issues[0].message.en).toBe('More than one row matched (low, mid, all) in a table that allows one.');
    expect(unique.trace![1]).toMatchObject({ node_id: 't', matched: ['low', 'mid', 'all'], error: { code: 'unique_violation' } });
  });

  it('treats a missing value as unknown: neither a condition, nor its negation, nor else holds', () => {
    const doc = graph([input([['creatinine', 'number']]), sw('s', [['high', 'creatinine > 1.5'], ['not_high', 'not (creatinine > 1.5)']]), output('high'), output('not_high'), output('unknown')], [
      ['in', 's'],
      ['s', 'high', 'high'],
      ['s', 'not_high', 'not_high'],
      ['s', 'unknown', 'else'],
    ]);
    expect(run(doc, { creatinine: 2 }).decisions.map((d) => d.code)).toEqual(['high']);
    expect(run(doc, { creatinine: 1 }).decisions.map((d) => d.code)).toEqual(['not_high']);
    // Unknown is not false: the else branch does not run either, and the run says what was missing.
    const missing = run(doc, {}, true);
    expect(missing.decisions).toEqual([]);
    expect(missing.issues[0]).toMatchObject({ code: 'undecided', node_id: 's', severity: 'warning' });
    expect(missing.issues[0].message.en).toBe('The step could not decide which way to go: creatinine missing.');
    expect(missing.trace!.map((s) => s.node_id)).toEqual(['in', 's']);
    expect(run(doc, { creatinine: 'n/a' }).issues[0]).toMatchObject({ code: 'input_value', severity: 'warning' });
    // A parameter named like an inherited member of an object is missing when the record lacks it.
    const inherited = graph([input([['constructor', 'number']]), sw('s', [['big', 'constructor > 1']]), output('big')], [['in', 's'], ['s', 'big', 'big']]);
    expect(run(inherited, {})).toMatchObject({ issues: [{ code: 'undecided' }], decisions: [] });
  });

  it('takes every true branch of a collect switch, and computes dates in days', () => {
    const doc = graph(
      [
        input([['visit', 'date'], ['age', 'number']]),
        { id: 'x', type: 'expression', position: at, assignments: [{ id: 'd', variable: 'days', expression: 'days_since(visit)' }, { id: 'n', variable: 'next_visit', expression: 'visit + 28' }] },
        sw('s', [['late', 'days > 30'], ['old', 'age >= 65']], 'collect'),
        output('late', 'late', { en: 'Last visit {days} days ago; next was {next_visit}', tr: '{days} gün önce' }),
        output('old'),
      ],
      [['in', 'x'], ['x', 's'], ['s', 'late', 'late'], ['s', 'old', 'old']],
    );
    const result = run(doc, { visit: '2026-10-01', age: 70 });
    expect(result.outputs).toEqual({ days: 51, next_visit: '2026-10-29' });
    expect(result.decisions.map((d) => d.text.en)).toEqual(['Last visit 51 days ago; next was 2026-10-29', 'old']);
  });

  it('traces the path: each node that ran, what it read and set, and the edges taken', () => {
    const doc = graph([input([['a', 'number']]), sw('s', [['big', 'a > 10']]), output('yes'), output('no')], [['in', 's'], ['s', 'yes', 'big'], ['s', 'no', 'else']]);
    const { trace } = run(doc, { a: 3 }, true);
    expect(trace).toEqual([
      { node_id: 'in', node_type: 'input', inputs: {}, outputs: { a: 3 }, edges: ['e1'] },
      { node_id: 's', node_type: 'switch', inputs: { a: 3 }, outputs: {}, matched: ['else'], edges: ['e3'] },
      { node_id: 'no', node_type: 'output', inputs: {}, outputs: {}, edges: [] },
    ]);
    expect(run(doc, { a: 3 }).trace).toBeUndefined();
  });

  it('gives each fixture package its documented outcomes', () => {
    const dir = join(ROOT, 'fixtures', 'decision-packages');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const pkg = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { document: DecisionGraph; cases: { name: string; record: Record<string, unknown>; today?: string; decisions: string[]; outputs?: Record<string, unknown>; texts?: Record<string, string> }[] };
      expect(checkGraph(pkg.document).filter((i) => i.severity === 'error')).toEqual([]);
      const compiled = compileGraph(pkg.document);
      if (!compiled.ok) throw new Error(file);
      for (const c of pkg.cases) {
        const result = compiled.graph.evaluate(c.record, { today: c.today ?? '2026-11-21' });
        expect(result.decisions.map((d) => d.code), `${file}: ${c.name}`).toEqual(c.decisions);
        expect(result.outputs, `${file}: ${c.name}`).toMatchObject(c.outputs ?? {});
        for (const [code, text] of Object.entries(c.texts ?? {})) expect(result.decisions.find((d) => d.code === code)!.text.en).toBe(text);
      }
    }
  });
});

it('compiles to closures: nothing in the engine evaluates text as code (a strict CSP holds)', () => {
  const dir = join(ROOT, 'src', 'domain', 'rules');
  for (const file of readdirSync(dir)) {
    const source = readFileSync(join(dir, file), 'utf8');
    expect(source, file).not.toMatch(/\beval\s*\(|new\s+Function\s*\(|\bFunction\s*\(/);
  }
});
