// Trees → their canonical text. parse(print(tree)) gives the tree back (without positions), so the canvas's
// operator pickers and its text box edit the same thing.
import type { Condition, Expr, RuleOperator } from './types.ts';

export const OPERATOR_TEXT: Record<RuleOperator, string> = {
  equal: '=',
  not_equal: '!=',
  greater: '>',
  greater_or_equal: '>=',
  smaller: '<',
  smaller_or_equal: '<=',
  includes: 'includes',
  not_includes: 'not includes',
  do_not_look_for_value: 'is any',
};

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const scalar = (v: number | string) => (typeof v === 'number' ? String(v) : quote(v));

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

export function printExpression(e: Expr, outer = 0): string {
  switch (e.kind) {
    case 'var':
      return e.name;
    case 'literal':
      return Array.isArray(e.value) ? `[${e.value.map(scalar).join(', ')}]` : typeof e.value === 'boolean' ? String(e.value) : scalar(e.value);
    case 'date':
      return `date(${quote(e.value)})`;
    case 'call':
      return `${e.fn}(${e.args.map((a) => printExpression(a)).join(', ')})`;
    case 'negate':
      return `-${printExpression(e.arg, 3)}`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      // Left-associative: the right side needs brackets at equal precedence (a - (b - c)).
      const text = `${printExpression(e.left, p)} ${e.op} ${printExpression(e.right, p + 0.5)}`;
      return p < outer ? `(${text})` : text;
    }
  }
}


export function printCondition(c: Condition, outer: 'or' | 'and' | 'not' | 'top' = 'top'): string {
  switch (c.kind) {
    case 'or':
    case 'and': {
      const text = c.args.map((a) => printCondition(a, c.kind)).join(` ${c.kind} `);
      const needs = outer === 'not' || (outer === 'and' && c.kind === 'or');
      return needs ? `(${text})` : text;
    }
    case 'not':
      return `not ${printCondition(c.arg, 'not')}`;
    case 'compare': {
      const left = printExpression(c.left);
      // `on_dialysis = true` reads better as `on_dialysis`; it parses back to the same tree.
      if (c.operator === 'equal' && c.right?.kind === 'literal' && c.right.value === true) return left;
      if (outer === 'not') return `(${printCondition(c)})`;
      if (c.operator === 'do_not_look_for_value') return `${left} is any`;
      return `${left} ${OPERATOR_TEXT[c.operator]} ${printExpression(c.right!)}`;
    }
  }
}

const sameExpr = (a: Expr, b: Expr) => printExpression(a) === printExpression(b);

/** A table cell's text: the tests without their subject (`>= 30 and < 60`, `"male"`, `-`). */
export function printCell(c: Condition, subject: Expr, outer: 'or' | 'and' | 'not' | 'top' = 'top'): string {
  switch (c.kind) {
    case 'or':
    case 'and': {
      const text = c.args.map((a) => printCell(a, subject, c.kind)).join(` ${c.kind} `);
      return outer === 'not' || (outer === 'and' && c.kind === 'or') ? `(${text})` : text;
    }
    case 'not':
      return `not ${printCell(c.arg, subject, 'not')}`;
    case 'compare': {
      if (!sameExpr(c.left, subject)) throw new Error('a cell tests its own column');
      if (c.operator === 'do_not_look_for_value') return outer === 'top' ? '-' : 'any';
      const right = printExpression(c.right!);
      return c.operator === 'equal' ? right : `${OPERATOR_TEXT[c.operator]} ${right}`;
    }
  }
}

/** The tree without positions: what is compared when checking a round trip, and what a document stores. */
export function withoutSpans<T>(tree: T): T {
  return JSON.parse(JSON.stringify(tree, (k, v) => (k === 'span' ? undefined : v))) as T;
}
