// The decision graph: checked as a whole (one input, no cycles, nothing unreachable, no dangling edges, every
// variable set on every path before it is read, every condition and expression parsed and typed), then
// compiled once into closures that evaluate a record synchronously, with an optional trace of the path.
import { checkCondition, checkExpr, compileCondition, compileExpr, dayOf, isoOfDay, TODAY_SLOT, variablesOf, type Compiled, type Scope, type Truth } from './expressions.ts';
import { issue, typeWords } from './messages.ts';
import { parseCell, parseCondition, parseExpression, type Parsed } from './parser.ts';
import { shapeIssue } from './shape.ts';
import type { Condition, DecisionGraph, Evaluation, Expr, InputField, RuleEdge, RuleIssue, RuleNode, TraceStep, ValueType } from './types.ts';

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const ELSE = 'else';

interface Analysis {
  issues: RuleIssue[];
  /** Reachable nodes in an order where every node comes after those leading to it. */
  order: RuleNode[];
  edges: RuleEdge[];
  /** Every variable's type (inputs and computed). */
  types: Map<string, ValueType>;
  inputs: InputField[];
  /** Per node, the variables known (set on every path) when it runs. */
  known: Map<string, Map<string, ValueType>>;
}

/** Everything wrong with a document, errors and warnings, each placed on its node, edge, field and text span. */
export function checkGraph(doc: unknown): RuleIssue[] {
  return analyse(doc).issues;
}

function analyse(doc: unknown): Analysis {
  const empty: Analysis = { issues: [], order: [], edges: [], types: new Map(), inputs: [], known: new Map() };
  const shape = shapeIssue(doc);
  if (shape) return { ...empty, issues: [shape] };
  const g = doc as DecisionGraph;
  const issues: RuleIssue[] = [];

  // Ids: unique across nodes, and within each node's parts.
  const byId = new Map<string, RuleNode>();
  for (const n of g.nodes) {
    if (byId.has(n.id)) issues.push(issue('duplicate_id', { id: n.id }, { node_id: n.id }));
    else byId.set(n.id, n);
    for (const [part, items] of Object.entries(partsOf(n))) {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.id) || (part === 'branches' && item.id === ELSE)) issues.push(issue('duplicate_id', { id: item.id }, { node_id: n.id, field: `${part}.${item.id}` }));
        seen.add(item.id);
      }
    }
  }
  const inputs = g.nodes.filter((n) => n.type === 'input');
  if (inputs.length === 0) issues.push(issue('no_input'));
  for (const n of inputs.slice(1)) issues.push(issue('many_inputs', {}, { node_id: n.id }));
  const input = inputs[0];

  // Edges: both ends exist, switches leave by a branch, nothing enters the input.
  const edgeIds = new Set<string>();
  const edges = g.edges.filter((e) => {
    const at = { edge_id: e.id };
    /** Records why the edge is left out of the graph. */
    const refuse = (code: Parameters<typeof issue>[0], params: Parameters<typeof issue>[1] = {}) => {
      issues.push(issue(code, params, at));
      return false;
    };
    if (edgeIds.has(e.id)) return refuse('duplicate_id', { id: e.id });
    edgeIds.add(e.id);
    const source = byId.get(e.source);
    const target = byId.get(e.target);
    if (!source || !target) return refuse('dangling_edge');
    if (e.source === e.target) return refuse('self_edge');
    if (target.type === 'input') return refuse('into_input');
    if (source.type === 'switch') {
      if (!e.source_handle) return refuse('handle_needed');
      if (e.source_handle !== ELSE && !source.branches.some((b) => b.id === e.source_handle)) return refuse('bad_handle');
    } else if (e.source_handle) return refuse('bad_handle');
    return true;
  });

  // Order (Kahn); what is left over sits on a cycle.
  const incoming = new Map<string, RuleEdge[]>();
  const outgoing = new Map<string, RuleEdge[]>();
  for (const n of byId.values()) {
    incoming.set(n.id, []);
    outgoing.set(n.id, []);
  }
  for (const e of edges) {
    incoming.get(e.target)!.push(e);
    outgoing.get(e.source)!.push(e);
  }
  const indegree = new Map([...incoming].map(([id, list]) => [id, list.length]));
  const ready = [...byId.values()].filter((n) => indegree.get(n.id) === 0);
  const sorted: RuleNode[] = [];
  while (ready.length) {
    const n = ready.shift()!;
    sorted.push(n);
    for (const e of outgoing.get(n.id)!) {
      const d = indegree.get(e.target)! - 1;
      indegree.set(e.target, d);
      if (d === 0) ready.push(byId.get(e.target)!);
    }
  }
  const onCycle = [...byId.values()].filter((n) => !sorted.includes(n));
  if (onCycle.length) {
    const names = onCycle.map((n) => n.name?.en || n.id).join(', ');
    for (const n of onCycle) issues.push(issue('cycle', { nodes: names }, { node_id: n.id }));
  }

  // Reachability from the input.
  const reached = new Set<string>();
  if (input) {
    const stack = [input.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const e of outgoing.get(id)!) stack.push(e.target);
    }
  }
  for (const n of byId.values()) {
    if (input && !reached.has(n.id) && n.type !== 'input') issues.push(issue('unreachable', {}, { node_id: n.id }));
    if (reached.has(n.id) && n.type !== 'output' && n.type !== 'table' && n.type !== 'expression' && outgoing.get(n.id)!.length === 0)
      issues.push(issue('dead_end', {}, { node_id: n.id, severity: 'warning' }));
  }

  // Variables, node by node in order: known = set on every path in; maybe = set on some path.
  const order = sorted.filter((n) => reached.has(n.id));
  const types = new Map<string, ValueType>();
  const inputNames = new Set<string>();
  const known = new Map<string, Map<string, ValueType>>();
  const knownOut = new Map<string, Map<string, ValueType>>();
  const maybeOut = new Map<string, Set<string>>();
  if (input && input.type === 'input') {
    const seen = new Set<string>();
    input.fields.forEach((f) => {
      if (!NAME.test(f.name)) issues.push(issue('bad_name', { name: f.name }, { node_id: input.id, field: `fields.${f.name}` }));
      if (seen.has(f.name)) issues.push(issue('duplicate_field', { name: f.name }, { node_id: input.id, field: `fields.${f.name}` }));
      seen.add(f.name);
      inputNames.add(f.name);
      types.set(f.name, f.type);
    });
  }
  for (const n of order) {
    const ins = incoming.get(n.id)!.filter((e) => reached.has(e.source));
    let scope: Map<string, ValueType>;
    let maybe: Set<string>;
    if (n.type === 'input') {
      scope = new Map(n.fields.map((f) => [f.name, f.type]));
      maybe = new Set(scope.keys());
    } else {
      const outs = ins.map((e) => knownOut.get(e.source)!);
      scope = new Map([...(outs[0] ?? new Map())].filter(([name]) => outs.every((o) => o.has(name))));
      maybe = new Set(ins.flatMap((e) => [...maybeOut.get(e.source)!]));
    }
    known.set(n.id, new Map(scope));
    checkNode(n, scope, maybe, types, inputNames, issues);
    knownOut.set(n.id, scope);
    maybeOut.set(n.id, new Set([...maybe, ...scope.keys()]));
  }
  // Nodes off the path (not yet connected, or on a cycle) are still parsed and typed, against every variable
  // of the graph, so a bracket left open shows while the node is being drawn. A first pass learns what they set.
  const rest = [...byId.values()].filter((n) => !order.includes(n) && n.type !== 'input');
  const everything = new Map(types);
  for (const n of rest) checkNode(n, everything, new Set(), new Map(), inputNames, []);
  for (const n of rest) checkNode(n, new Map(everything), new Set(), new Map(), inputNames, issues);
  return { issues, order, edges: edges.filter((e) => reached.has(e.source) && reached.has(e.target)), types, inputs: input?.type === 'input' ? input.fields : [], known };
}

function partsOf(n: RuleNode): Record<string, { id: string }[]> {
  switch (n.type) {
    case 'switch':
      return { branches: n.branches };
    case 'table':
      return { inputs: n.inputs, outputs: n.outputs, rows: n.rows };
    case 'expression':
      return { assignments: n.assignments };
    default:
      return {};
  }
}

/** What is known when a node runs; a name set on some paths in (not all) is reported as such. */
const scopeOf = (known: Map<string, ValueType>, maybe: Set<string>): Scope => ({
  lookup: (name) => {
    const type = known.get(name);
    return type ? { type, slot: -1 } : undefined;
  },
  unknown: (name, span) => (maybe.has(name) ? issue('undefined_on_some_path', { pos: (span?.[0] ?? 0) + 1, name }, { span }) : undefined),
});

/** Parses and types one node's texts against what is known when it runs; adds what it sets to `known`. */
function checkNode(n: RuleNode, known: Map<string, ValueType>, maybe: Set<string>, types: Map<string, ValueType>, inputNames: Set<string>, issues: RuleIssue[]): void {
  const place = (field: string, found: RuleIssue[]) => {
    for (const i of found) issues.push({ ...i, node_id: n.id, field });
  };
  const typed = <T extends Expr | Condition>(field: string, parsed: Parsed<T>, check: (tree: T, found: RuleIssue[]) => void) => {
    if (!parsed.ok) return place(field, [parsed.issue]);
    const found: RuleIssue[] = [];
    check(parsed.value, found);
    place(field, found);
  };
  const scope = scopeOf(known, maybe);
  const sets = (field: string, name: string, type: ValueType) => {
    if (!NAME.test(name)) issues.push(issue('bad_name', { name }, { node_id: n.id, field }));
    else if (inputNames.has(name)) issues.push(issue('input_reassigned', { name }, { node_id: n.id, field }));
    known.set(name, type);
    if (!types.has(name)) types.set(name, type);
  };
  switch (n.type) {
    case 'input':
      return;
    case 'switch':
      if (!n.branches.length) issues.push(issue('no_branches', {}, { node_id: n.id }));
      for (const b of n.branches) typed(`branches.${b.id}.condition`, parseCondition(b.condition), (c, f) => checkCondition(c, scope, f));
      return;
    case 'table': {
      if (!n.rows.length) issues.push(issue('no_rows', {}, { node_id: n.id, severity: 'warning' }));
      if (!n.outputs.length) issues.push(issue('no_outputs', {}, { node_id: n.id }));
      const subjects = new Map<string, Expr | null>();
      for (const col of n.inputs) {
        const parsed = parseExpression(col.expression);
        typed(`inputs.${col.id}.expression`, parsed, (e, f) => checkExpr(e, scope, f));
        subjects.set(col.id, parsed.ok ? parsed.value : null);
      }
      const outputs = new Map(n.outputs.map((o) => [o.id, o]));
      for (const row of n.rows) {
        for (const [colId, text] of Object.entries(row.cells)) {
          if (!subjects.has(colId)) {
            issues.push(issue('unknown_column', {}, { node_id: n.id, field: `rows.${row.id}.cells.${colId}` }));
            continue;
          }
          const subject = subjects.get(colId);
          if (subject) typed(`rows.${row.id}.cells.${colId}`, parseCell(text, subject), (c, f) => checkCondition(c, scope, f));
        }
        for (const [outId, text] of Object.entries(row.results)) {
          const out = outputs.get(outId);
          if (!out) {
            issues.push(issue('unknown_column', {}, { node_id: n.id, field: `rows.${row.id}.results.${outId}` }));
            continue;
          }
          if (!text.trim()) continue;
          typed(`rows.${row.id}.results.${outId}`, parseExpression(text), (e, f) => {
            const t = checkExpr(e, scope, f);
            if (t !== 'unknown' && t !== out.type) f.push(issue('value_type', { name: out.variable, expected: typeWords(out.type), actual: typeWords(t) }, { span: e.span }));
          });
        }
      }
      for (const o of n.outputs) sets(`outputs.${o.id}.variable`, o.variable, n.hit_policy === 'collect' ? 'list' : o.type);
      return;
    }
    case 'expression':
      for (const a of n.assignments) {
        const parsed = parseExpression(a.expression);
        let type: ValueType = 'number';
        typed(`assignments.${a.id}.expression`, parsed, (e, f) => {
          const t = checkExpr(e, scope, f);
          if (t !== 'unknown') type = t;
        });
        sets(`assignments.${a.id}.variable`, a.variable, type);
      }
      return;
    case 'output':
      if (!NAME.test(n.code)) issues.push(issue('bad_name', { name: n.code }, { node_id: n.id, field: 'code' }));
      for (const lang of ['en', 'tr'] as const)
        for (const name of placeholders(n.text[lang])) if (!known.has(name)) issues.push(issue('text_variable', { name }, { node_id: n.id, field: `text.${lang}`, severity: 'warning' }));
      return;
  }
}


const placeholders = (text: string) => [...text.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]);

// ---- compiling and running ----

export interface EvaluateOptions {
  /** Record the path: each node that ran with what it read and set. */
  trace?: boolean;
  /** The day today() means (YYYY-MM-DD); the machine's UTC date by default. */
  today?: string;
}

export interface CompiledGraph {
  /** The record's parameters the graph reads. */
  inputs: InputField[];
  evaluate(record: Record<string, unknown>, options?: EvaluateOptions): Evaluation;
}

export type Compilation = { ok: true; graph: CompiledGraph; warnings: RuleIssue[] } | { ok: false; issues: RuleIssue[] };

interface Runner {
  node: RuleNode;
  /** Slots the node reads and sets, for the trace. */
  reads: [string, number][];
  writes: [string, number][];
  /** Runs the node; answers the switch branches taken (undefined: every edge goes on). */
  run(v: unknown[], out: RunState): string[] | undefined;
  /** Edges leaving the node: the handle, the target's place in the order, the edge id. */
  next: { handle?: string; target: number; id: string }[];
}

interface RunState {
  decisions: Evaluation['decisions'];
  issues: RuleIssue[];
  matched: string[] | null;
  error: RuleIssue | null;
}

/** Checks the document and compiles it, or answers its errors. Compile once; evaluate many times. */
export function compileGraph(doc: unknown): Compilation {
  const a = analyse(doc);
  const errors = a.issues.filter((i) => i.severity === 'error');
  if (errors.length) return { ok: false, issues: errors };

  // One slot per variable; slot 0 is today.
  const slots = new Map<string, number>();
  for (const name of a.types.keys()) slots.set(name, slots.size + 1);
  const scope: Scope = { lookup: (name) => (a.types.has(name) ? { type: a.types.get(name)!, slot: slots.get(name)! } : undefined) };
  const slotCount = slots.size + 1;
  const place = new Map(a.order.map((n, i) => [n.id, i]));

  const runners: Runner[] = a.order.map((n) => {
    const reads = new Set<string>();
    const writes: string[] = [];
    const base = { node: n, next: a.edges.filter((e) => e.source === n.id).map((e) => ({ handle: e.source_handle, target: place.get(e.target)!, id: e.id })) };
    const condTree = (c: Condition) => {
      variablesOf(c, reads);
      return compileCondition(c, scope);
    };
    const cond = (text: string) => condTree((parseCondition(text) as { value: Condition }).value);
    const expr = (text: string) => {
      const e = (parseExpression(text) as { value: Expr }).value;
      variablesOf(e, reads);
      return compileExpr(e, scope);
    };
    const slotted = (names: Iterable<string>) => [...names].map((name) => [name, slots.get(name)!] as [string, number]);
    let run: Runner['run'];
    switch (n.type) {
      case 'input':
        run = () => undefined;
        for (const f of n.fields) writes.push(f.name);
        break;
      case 'switch': {
        const branches = n.branches.map((b) => ({ id: b.id, test: cond(b.condition) }));
        const all = n.hit_policy === 'collect';
        // `else` means every branch is false. When none holds but one could not be decided (a value it
        // needs is missing), the run stops here and says which values were missing: an unknown creatinine
        // must not lead to the "full dose" branch.
        const branchReads = n.branches.map((b) => [...variablesOf((parseCondition(b.condition) as { value: Condition }).value)].map((name) => [name, slots.get(name)!] as const));
        run = (v, st) => {
          const taken: string[] = [];
          let undecided = false;
          for (const b of branches) {
            const t = b.test(v);
            if (t === true) {
              taken.push(b.id);
              if (!all) break;
            } else if (t === null) undecided = true;
          }
          if (!taken.length && !undecided) taken.push(ELSE);
          if (!taken.length) {
            const missing = [...new Set(branchReads.flat().filter(([, slot]) => v[slot] == null).map(([name]) => name))];
            st.error = issue('undecided', { names: missing.join(', ') }, { node_id: n.id, severity: 'warning' });
            st.issues.push(st.error);
          }
          st.matched = taken;
          return taken;
        };
        break;
      }
      case 'table':
        run = compileTable(n, condTree, expr, slots);
        for (const o of n.outputs) writes.push(o.variable);
        break;
      case 'expression': {
        const steps = n.assignments.map((s) => ({ slot: slots.get(s.variable)!, value: expr(s.expression) }));
        run = (v) => {
          for (const s of steps) v[s.slot] = s.value(v);
          return undefined;
        };
        for (const s of n.assignments) writes.push(s.variable);
        break;
      }
      case 'output': {
        const en = template(n.text.en, slots, a.types);
        const tr = template(n.text.tr, slots, a.types);
        for (const p of placeholders(n.text.en + n.text.tr)) if (slots.has(p)) reads.add(p);
        const { kind, severity, code, id } = n;
        run = (v, st) => {
          st.decisions.push({ node_id: id, kind, severity, code, text: { en: en(v), tr: tr(v) } });
          return undefined;
        };
        break;
      }
    }
    return { ...base, run, reads: slotted(reads), writes: slotted(writes) };
  });

  const coercers = a.inputs.map((f) => ({ name: f.name, type: f.type, slot: slots.get(f.name)!, coerce: COERCE[f.type] }));
  const computed = [...slots].filter(([name]) => !a.inputs.some((f) => f.name === name));
  const types = a.types;
  const display = (name: string, value: unknown) => (value == null ? null : types.get(name) === 'date' ? isoOfDay(value as number) : value);

  const v: unknown[] = new Array(slotCount).fill(null);
  const active = new Uint8Array(runners.length);
  const evaluate = (record: Record<string, unknown>, options: EvaluateOptions = {}): Evaluation => {
    v.fill(null);
    v[TODAY_SLOT] = options.today ? dayOf(options.today) : Math.floor(Date.now() / 86_400_000);
    const st: RunState = { decisions: [], issues: [], matched: null, error: null };
    for (const c of coercers) {
      const raw = record[c.name];
      // Inherited members of a plain object (toString, constructor) are functions: not values of the record.
      if (raw == null || raw === '' || typeof raw === 'function') continue;
      const value = c.coerce(raw);
      if (value === undefined) st.issues.push(issue('input_value', { name: c.name, type: typeWords(c.type) }, { field: c.name, severity: 'warning' }));
      else v[c.slot] = value;
    }
    const trace: TraceStep[] | undefined = options.trace ? [] : undefined;
    active.fill(0);
    if (runners.length) active[0] = 1;
    for (let i = 0; i < runners.length; i++) {
      if (!active[i]) continue;
      const r = runners[i];
      const before = trace ? Object.fromEntries(r.reads.map(([name, slot]) => [name, display(name, v[slot])])) : undefined;
      st.matched = null;
      st.error = null;
      const taken = r.run(v, st);
      const went: string[] = [];
      for (const e of r.next)
        if (!taken || taken.includes(e.handle!)) {
          active[e.target] = 1;
          if (trace) went.push(e.id);
        }
      if (trace) {
        const step: TraceStep = { node_id: r.node.id, node_type: r.node.type, inputs: before!, outputs: Object.fromEntries(r.writes.map(([name, slot]) => [name, display(name, v[slot])])), edges: went };
        if (st.matched) step.matched = st.matched;
        if (st.error) step.error = st.error;
        trace.push(step);
      }
    }
    const outputs: Record<string, unknown> = {};
    for (const [name, slot] of computed) outputs[name] = display(name, v[slot]);
    const result: Evaluation = { decisions: st.decisions, outputs, issues: st.issues };
    if (trace) result.trace = trace;
    return result;
  };
  return { ok: true, graph: { inputs: a.inputs, evaluate }, warnings: a.issues };
}

function compileTable(
  n: Extract<RuleNode, { type: 'table' }>,
  cond: (c: Condition) => Compiled<Truth>,
  expr: (text: string) => Compiled,
  slots: Map<string, number>,
): Runner['run'] {
  const subjects = new Map(n.inputs.map((c) => [c.id, (parseExpression(c.expression) as { value: Expr }).value]));
  const outSlots = n.outputs.map((o) => slots.get(o.variable)!);
  const rows = n.rows.map((row) => {
    // Cells that match anything are left out: a row tests only what it names.
    const tests: Compiled<Truth>[] = [];
    for (const [colId, text] of Object.entries(row.cells)) {
      const t = text.trim();
      if (t === '' || t === '-') continue;
      const c = (parseCell(text, subjects.get(colId)!) as { value: Condition }).value;
      if (c.kind === 'compare' && c.operator === 'do_not_look_for_value') continue;
      tests.push(cond(c));
    }
    const results = n.outputs.map((o) => (row.results[o.id]?.trim() ? expr(row.results[o.id]) : null));
    return { id: row.id, tests, results };
  });
  const matches = (v: unknown[], tests: Compiled<Truth>[]) => {
    for (let i = 0; i < tests.length; i++) if (tests[i](v) !== true) return false;
    return true;
  };
  const assign = (v: unknown[], results: (Compiled | null)[]) => {
    for (let k = 0; k < outSlots.length; k++) v[outSlots[k]] = results[k] ? results[k]!(v) : null;
  };
  if (n.hit_policy === 'first')
    return (v, st) => {
      for (const row of rows)
        if (matches(v, row.tests)) {
          assign(v, row.results);
          st.matched = [row.id];
          return undefined;
        }
      st.matched = [];
      return undefined;
    };
  if (n.hit_policy === 'unique')
    return (v, st) => {
      const hit = rows.filter((row) => matches(v, row.tests));
      st.matched = hit.map((r) => r.id);
      if (hit.length === 1) assign(v, hit[0].results);
      else if (hit.length > 1) {
        st.error = issue('unique_violation', { rows: st.matched.join(', ') }, { node_id: n.id });
        st.issues.push(st.error);
      }
      return undefined;
    };
  return (v, st) => {
    const hit = rows.filter((row) => matches(v, row.tests));
    st.matched = hit.map((r) => r.id);
    for (let k = 0; k < outSlots.length; k++) v[outSlots[k]] = hit.map((row) => (row.results[k] ? row.results[k]!(v) : null)).filter((x) => x != null);
    return undefined;
  };
}

/** Fills `{variable}` in an output text with the value at run time. */
function template(text: string, slots: Map<string, number>, types: Map<string, ValueType>): (v: unknown[]) => string {
  const parts = text.split(/\{([a-z][a-z0-9_]*)\}/g);
  if (parts.length === 1) return () => text;
  return (v) => parts.map((p, i) => (i % 2 === 0 ? p : slots.has(p) ? formatValue(v[slots.get(p)!], types.get(p)) : `{${p}}`)).join('');
}

function formatValue(value: unknown, type: ValueType | undefined): string {
  if (value == null) return '—';
  if (type === 'date') return isoOfDay(value as number);
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** A record's value read as its declared type; undefined when it is not one. */
const COERCE: Record<ValueType, (raw: unknown) => unknown> = {
  number: (raw) => {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.replace(',', '.')) : NaN;
    return Number.isFinite(n) ? n : undefined;
  },
  string: (raw) => (typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined),
  boolean: (raw) => (raw === true || raw === 'true' || raw === 1 ? true : raw === false || raw === 'false' || raw === 0 ? false : undefined),
  date: (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? (dayOf(raw) ?? undefined) : raw instanceof Date && !Number.isNaN(raw.getTime()) ? Math.floor(raw.getTime() / 86_400_000) : undefined),
  list: (raw) => (Array.isArray(raw) ? raw : undefined),
};
