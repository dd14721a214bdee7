// Types and closures for conditions and expressions. `check*` finds what is wrong, with positions; `compile*`
// turns a checked tree into plain closures over a slot array (no eval, no new Function: a strict CSP holds).
// Values at run time: numbers, strings, booleans, lists, and dates as whole days since 1970-01-01 (UTC), so
// date arithmetic is number arithmetic. A missing value is null, and a condition over it is unknown (null):
// three-valued logic, so `not (creatinine > 1.5)` does not hold when creatinine was never measured.
import { human, issue, typeWords } from './messages.ts';
import { OPERATOR_TEXT, printExpression } from './print.ts';
import type { Condition, Expr, RuleIssue, RuleOperator, Span, ValueType } from './types.ts';

export type Type = ValueType | 'unknown';
export type Slots = unknown[];
export type Compiled<T = unknown> = (v: Slots) => T;
/** Condition results: true, false, or null when a value it needs is missing. */
export type Truth = boolean | null;

/** Slot 0 holds today (in days) for today(), days_since() and years_since(). */
export const TODAY_SLOT = 0;

export interface Scope {
  /** A variable's type and slot, or undefined when it is not known here. */
  lookup(name: string): { type: ValueType; slot: number } | undefined;
  /** Why a name is not known here, when the scope can say better than "unknown" (set on some paths only). */
  unknown?(name: string, span: Span | undefined): RuleIssue | undefined;
}

const DAY = 86_400_000;
export const dayOf = (iso: string): number | null => {
  const ms = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY);
};
export const isoOfDay = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

interface FunctionSpec {
  /** Argument types, in order; `rest` repeats the last one. */
  params: Array<ValueType | ValueType[]>;
  optional?: number;
  rest?: boolean;
  returns: ValueType | ((args: Type[]) => ValueType);
  impl: (args: unknown[], v: Slots) => unknown;
}

const num = (x: unknown) => x as number;
// A Map, not an object: `constructor(1)` must be an unknown function, not Object.prototype's member.
const FUNCTIONS = new Map<string, FunctionSpec>(Object.entries({
  min: { params: ['number'], rest: true, returns: 'number', impl: (a) => Math.min(...(a as number[])) },
  max: { params: ['number'], rest: true, returns: 'number', impl: (a) => Math.max(...(a as number[])) },
  abs: { params: ['number'], returns: 'number', impl: (a) => Math.abs(num(a[0])) },
  round: {
    params: ['number', 'number'],
    optional: 1,
    returns: 'number',
    impl: (a) => {
      const f = 10 ** (a.length > 1 ? num(a[1]) : 0);
      return Math.round(num(a[0]) * f + Number.EPSILON * Math.sign(num(a[0]))) / f;
    },
  },
  floor: { params: ['number'], returns: 'number', impl: (a) => Math.floor(num(a[0])) },
  ceil: { params: ['number'], returns: 'number', impl: (a) => Math.ceil(num(a[0])) },
  days_between: { params: ['date', 'date'], returns: 'number', impl: (a) => num(a[1]) - num(a[0]) },
  days_since: { params: ['date'], returns: 'number', impl: (a, v) => num(v[TODAY_SLOT]) - num(a[0]) },
  years_since: {
    params: ['date'],
    returns: 'number',
    impl: (a, v) => {
      const from = new Date(num(a[0]) * DAY);
      const to = new Date(num(v[TODAY_SLOT]) * DAY);
      const years = to.getUTCFullYear() - from.getUTCFullYear();
      const before = to.getUTCMonth() < from.getUTCMonth() || (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
      return years - (before ? 1 : 0);
    },
  },
  today: { params: [], returns: 'date', impl: (_a, v) => v[TODAY_SLOT] },
  length: { params: [['list', 'string']], returns: 'number', impl: (a) => (a[0] as string | unknown[]).length },
} satisfies Record<string, FunctionSpec>));
export const FUNCTION_NAMES = [...FUNCTIONS.keys(), 'date'].sort();

const describe = (e: Expr) => printExpression(e);

// ---- types ----

/** The type of an expression, adding what is wrong with it to `issues`. */
export function checkExpr(e: Expr, scope: Scope, issues: RuleIssue[]): Type {
  const at = { span: e.span };
  switch (e.kind) {
    case 'literal':
      return Array.isArray(e.value) ? 'list' : typeof e.value === 'number' ? 'number' : typeof e.value === 'string' ? 'string' : 'boolean';
    case 'date':
      return 'date';
    case 'var': {
      const found = scope.lookup(e.name);
      if (!found) issues.push(scope.unknown?.(e.name, e.span) ?? issue('unknown_variable', { pos: human(e.span), name: e.name }, at));
      return found?.type ?? 'unknown';
    }
    case 'negate': {
      const t = checkExpr(e.arg, scope, issues);
      if (t !== 'number' && t !== 'unknown') issues.push(issue('arithmetic_type', { pos: human(e.span), operator: '-', left: typeWords(t), right: typeWords(t) }, at));
      return 'number';
    }
    case 'binary': {
      const l = checkExpr(e.left, scope, issues);
      const r = checkExpr(e.right, scope, issues);
      if (l === 'unknown' || r === 'unknown') return 'unknown';
      const result = arithmeticType(e.op, l, r);
      if (!result) issues.push(issue('arithmetic_type', { pos: human(e.span), operator: e.op, left: typeWords(l), right: typeWords(r) }, at));
      return result ?? 'unknown';
    }
    case 'call': {
      const spec = FUNCTIONS.get(e.fn);
      if (!spec) {
        issues.push(issue('unknown_function', { pos: human(e.span), name: e.fn, list: FUNCTION_NAMES.join(', ') }, at));
        for (const a of e.args) checkExpr(a, scope, issues);
        return 'unknown';
      }
      const min = spec.params.length - (spec.optional ?? 0);
      const max = spec.rest ? Infinity : spec.params.length;
      const types = e.args.map((a) => checkExpr(a, scope, issues));
      if (types.length < min || types.length > max)
        issues.push(issue('function_arity', { pos: human(e.span), name: e.fn, count: max === Infinity ? `${min}+` : min === max ? min : `${min}–${max}` }, at));
      types.forEach((t, i) => {
        const want = spec.params[Math.min(i, spec.params.length - 1)];
        const allowed = Array.isArray(want) ? want : [want];
        if (t !== 'unknown' && want && !allowed.includes(t))
          issues.push(issue('argument_type', { pos: human(e.args[i].span), name: e.fn, expected: typeWords(allowed[0]), actual: typeWords(t) }, { span: e.args[i].span }));
      });
      return typeof spec.returns === 'function' ? spec.returns(types) : spec.returns;
    }
  }
}

function arithmeticType(op: '+' | '-' | '*' | '/', l: ValueType, r: ValueType): ValueType | undefined {
  if (l === 'number' && r === 'number') return 'number';
  if (op === '+' && ((l === 'date' && r === 'number') || (l === 'number' && r === 'date'))) return 'date';
  if (op === '-' && l === 'date' && r === 'number') return 'date';
  if (op === '-' && l === 'date' && r === 'date') return 'number';
  return undefined;
}

const ORDERED: Type[] = ['number', 'date'];
const EQUATABLE: Type[] = ['number', 'string', 'date', 'boolean'];

/** A string literal compared with a date is read as a date (`visit_date > "2024-01-01"`). */
function asDateLiteral(e: Expr | undefined): Expr | undefined {
  return e?.kind === 'literal' && typeof e.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.value) && dayOf(e.value) !== null ? { kind: 'date', value: e.value, span: e.span } : undefined;
}

/** Where a comparison's operands need a date literal for a string, the tree with it replaced. */
export function normaliseCompare(c: Extract<Condition, { kind: 'compare' }>, scope: Scope): Extract<Condition, { kind: 'compare' }> {
  const quiet: RuleIssue[] = [];
  const l = checkExpr(c.left, scope, quiet);
  const r = c.right ? checkExpr(c.right, scope, quiet) : undefined;
  if (l === 'date' && r === 'string' && asDateLiteral(c.right)) return { ...c, right: asDateLiteral(c.right) };
  if (r === 'date' && l === 'string' && asDateLiteral(c.left)) return { ...c, left: asDateLiteral(c.left)! };
  return c;
}

export function checkCondition(c: Condition, scope: Scope, issues: RuleIssue[]): void {
  switch (c.kind) {
    case 'and':
    case 'or':
      for (const a of c.args) checkCondition(a, scope, issues);
      return;
    case 'not':
      checkCondition(c.arg, scope, issues);
      return;
    case 'compare': {
      const n = normaliseCompare(c, scope);
      const l = checkExpr(n.left, scope, issues);
      if (n.operator === 'do_not_look_for_value') return;
      const r = checkExpr(n.right!, scope, issues);
      if (l === 'unknown' || r === 'unknown') return;
      const pos = human(n.span ?? n.left.span);
      const at = { span: n.span ?? n.left.span };
      // A bare expression used as a condition is read as `= true`.
      if (n.operator === 'equal' && n.right!.kind === 'literal' && n.right!.value === true && !n.right!.span && l !== 'boolean') {
        issues.push(issue('not_a_condition', { pos, type: typeWords(l) }, at));
        return;
      }
      const wrongFor = (t: Type) => issues.push(issue('operator_type', { pos, operator: OPERATOR_TEXT[n.operator], type: typeWords(t), name: describe(n.left) }, at));
      switch (n.operator) {
        case 'equal':
        case 'not_equal':
          if (!EQUATABLE.includes(l)) wrongFor(l);
          else if (l !== r) issues.push(issue('compare_types', { pos, left: typeWords(l), right: typeWords(r) }, at));
          return;
        case 'greater':
        case 'greater_or_equal':
        case 'smaller':
        case 'smaller_or_equal':
          if (!ORDERED.includes(l)) wrongFor(l);
          else if (l !== r) issues.push(issue('compare_types', { pos, left: typeWords(l), right: typeWords(r) }, at));
          return;
        case 'includes':
        case 'not_includes':
          if (l === 'list') {
            if (r !== 'number' && r !== 'string') issues.push(issue('compare_types', { pos, left: typeWords(l), right: typeWords(r) }, at));
          } else if (l === 'string') {
            if (r !== 'string') issues.push(issue('compare_types', { pos, left: typeWords(l), right: typeWords(r) }, at));
          } else wrongFor(l);
          return;
      }
    }
  }
}

/** The variables an expression or condition reads. */
export function variablesOf(tree: Expr | Condition, into = new Set<string>()): Set<string> {
  switch (tree.kind) {
    case 'var':
      into.add(tree.name);
      break;
    case 'call':
      for (const a of tree.args) variablesOf(a, into);
      break;
    case 'binary':
      variablesOf(tree.left, into);
      variablesOf(tree.right, into);
      break;
    case 'negate':
      variablesOf(tree.arg, into);
      break;
    case 'and':
    case 'or':
      for (const a of tree.args) variablesOf(a, into);
      break;
    case 'not':
      variablesOf(tree.arg, into);
      break;
    case 'compare':
      variablesOf(tree.left, into);
      if (tree.right) variablesOf(tree.right, into);
      break;
  }
  return into;
}

// ---- closures ----

export function compileExpr(e: Expr, scope: Scope): Compiled {
  switch (e.kind) {
    case 'literal': {
      const value = e.value;
      return () => value;
    }
    case 'date': {
      const day = dayOf(e.value);
      return () => day;
    }
    case 'var': {
      const slot = scope.lookup(e.name)!.slot;
      return (v) => v[slot];
    }
    case 'negate': {
      const arg = compileExpr(e.arg, scope);
      return (v) => {
        const x = arg(v);
        return x == null ? null : -(x as number);
      };
    }
    case 'binary': {
      const l = compileExpr(e.left, scope);
      const r = compileExpr(e.right, scope);
      const op = ARITHMETIC[e.op];
      return (v) => {
        const a = l(v);
        if (a == null) return null;
        const b = r(v);
        return b == null ? null : op(a as number, b as number);
      };
    }
    case 'call': {
      const spec = FUNCTIONS.get(e.fn)!; // checked: checkExpr refuses unknown functions
      const args = e.args.map((a) => compileExpr(a, scope));
      return (v) => {
        const values = args.map((a) => a(v));
        if (values.some((x) => x == null)) return null;
        const out = spec.impl(values, v);
        return typeof out === 'number' && !Number.isFinite(out) ? null : out;
      };
    }
  }
}

const ARITHMETIC: Record<'+' | '-' | '*' | '/', (a: number, b: number) => number | null> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  // Dividing by zero gives no value (unknown), not Infinity.
  '/': (a, b) => (b === 0 ? null : a / b),
};

type Test = (a: unknown, b: unknown) => boolean;
const lower = (x: unknown) => String(x).toLocaleLowerCase('tr');
const TESTS: Record<Exclude<RuleOperator, 'do_not_look_for_value'>, Test> = {
  equal: (a, b) => a === b,
  not_equal: (a, b) => a !== b,
  greater: (a, b) => (a as number) > (b as number),
  greater_or_equal: (a, b) => (a as number) >= (b as number),
  smaller: (a, b) => (a as number) < (b as number),
  smaller_or_equal: (a, b) => (a as number) <= (b as number),
  // A list holds the exact item; a text holds the other text, ignoring case.
  includes: (a, b) => (Array.isArray(a) ? a.includes(b) : lower(a).includes(lower(b))),
  not_includes: (a, b) => (Array.isArray(a) ? !a.includes(b) : !lower(a).includes(lower(b))),
};

export function compileCondition(c: Condition, scope: Scope): Compiled<Truth> {
  switch (c.kind) {
    case 'not': {
      const arg = compileCondition(c.arg, scope);
      return (v) => {
        const x = arg(v);
        return x === null ? null : !x;
      };
    }
    case 'and':
    case 'or': {
      const args = c.args.map((a) => compileCondition(a, scope));
      const decisive = c.kind === 'or';
      return (v) => {
        let unknown = false;
        for (let i = 0; i < args.length; i++) {
          const x = args[i](v);
          if (x === decisive) return decisive;
          if (x === null) unknown = true;
        }
        return unknown ? null : !decisive;
      };
    }
    case 'compare': {
      const n = normaliseCompare(c, scope);
      if (n.operator === 'do_not_look_for_value') return () => true;
      const test = TESTS[n.operator];
      // The common shape — a variable against a written value — reads one slot and compares.
      const right = n.right!;
      if (n.left.kind === 'var' && (right.kind === 'literal' || right.kind === 'date')) {
        const slot = scope.lookup(n.left.name)!.slot;
        const b = compileExpr(right, scope)([]);
        if (b == null) return () => null;
        return (v) => {
          const a = v[slot];
          return a == null ? null : test(a, b);
        };
      }
      const l = compileExpr(n.left, scope);
      const r = compileExpr(right, scope);
      return (v) => {
        const a = l(v);
        if (a == null) return null;
        const b = r(v);
        return b == null ? null : test(a, b);
      };
    }
  }
}
