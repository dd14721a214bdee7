// The text form of conditions and expressions → their trees, with positions. Parentheses are checked first,
// so an unbalanced one is reported as such ("Please check the parenthesis") and not as a confusing token
// error further on. Keywords are English, with Turkish spellings accepted (ve, veya, değil, içerir, içermez).
import { issue } from './messages.ts';
import type { Bilingual, Condition, Expr, Literal, RuleIssue, RuleOperator, Span } from './types.ts';

type TokenKind = 'number' | 'string' | 'ident' | 'op' | 'punct' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  value?: number | string;
}

// A Map, not an object: a word such as `constructor` must not find Object.prototype's members.
const KEYWORDS = new Map<string, string>(Object.entries({
  and: 'and', ve: 'and',
  or: 'or', veya: 'or',
  not: 'not', 'değil': 'not',
  includes: 'includes', 'içerir': 'includes',
  'içermez': 'not_includes',
  is: 'is', any: 'any', herhangi: 'any',
  true: 'true', false: 'false', 'doğru': 'true', 'yanlış': 'false',
}));

const COMPARE: Record<string, RuleOperator> = {
  '=': 'equal', '==': 'equal', '!=': 'not_equal', '<>': 'not_equal',
  '>': 'greater', '>=': 'greater_or_equal', '<': 'smaller', '<=': 'smaller_or_equal',
};

/** Thrown inside the parser; turned into a RuleIssue at the edge. */
class Failure {
  constructor(readonly issue: RuleIssue, readonly at: number) {}
}

/** What the parser expected, in words. */
const EXPECTED = {
  end: { en: 'the end of the rule, “and” or “or”', tr: 'kuralın sonu, “and” ya da “or”' },
  close: { en: '“)”', tr: '“)”' },
  closeOrComma: { en: '“)” or “,”', tr: '“)” ya da “,”' },
  closeList: { en: '“]” or “,”', tr: '“]” ya da “,”' },
  value: { en: 'a value, a parameter or “(”', tr: 'bir değer, bir parametre ya da “(”' },
  any: { en: '“any”', tr: '“any”' },
  joiner: { en: '“and” or “or”', tr: '“and” ya da “or”' },
} satisfies Record<string, Bilingual>;

const fail = (key: Parameters<typeof issue>[0], params: Record<string, string | number | Bilingual>, span: Span): never => {
  throw new Failure(issue(key, params, { span }), span[0]);
};

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      i += m[0].length;
      tokens.push({ kind: 'number', text: m[0], start, end: i, value: Number(m[0]) });
    } else if (c === '"' || c === "'") {
      let value = '';
      i++;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i++];
      }
      if (i >= text.length) fail('unterminated_string', { pos: start + 1 }, [start, text.length]);
      i++;
      tokens.push({ kind: 'string', text: text.slice(start, i), start, end: i, value });
    } else if (/[\p{L}_]/u.test(c)) {
      const m = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i))!;
      i += m[0].length;
      tokens.push({ kind: 'ident', text: m[0], start, end: i });
    } else {
      const two = text.slice(i, i + 2);
      if (['>=', '<=', '!=', '<>', '=='].includes(two)) {
        i += 2;
        tokens.push({ kind: 'op', text: two, start, end: i });
      } else if ('=<>+-*/'.includes(c)) {
        i++;
        tokens.push({ kind: 'op', text: c, start, end: i });
      } else if ('()[],'.includes(c)) {
        i++;
        tokens.push({ kind: 'punct', text: c, start, end: i });
      } else fail('unexpected_char', { pos: start + 1, text: c }, [start, start + 1]);
    }
  }
  tokens.push({ kind: 'end', text: '', start: text.length, end: text.length });
  return tokens;
}

/** Parentheses and brackets must pair up; the first one that does not is reported. */
function checkBrackets(tokens: Token[]): void {
  const open: Token[] = [];
  for (const t of tokens) {
    if (t.kind !== 'punct') continue;
    if (t.text === '(' || t.text === '[') open.push(t);
    else if (t.text === ')' || t.text === ']') {
      const o = open.pop();
      if (!o) fail('parenthesis', {}, [t.start, t.end]);
      else if ((o.text === '(') !== (t.text === ')')) fail('parenthesis', {}, [t.start, t.end]);
    }
  }
  if (open.length) fail('parenthesis', {}, [open[open.length - 1].start, open[open.length - 1].end]);
}

class Parser {
  private i = 0;
  /** The furthest failure seen while trying alternatives: the one worth reporting. */
  private best: Failure | null = null;

  constructor(private readonly tokens: Token[]) {}

  private get t(): Token {
    return this.tokens[this.i];
  }
  private keyword(t = this.t): string | undefined {
    // Turkish lower-casing first (İÇERİR → içerir), then plain (IS → is, not ıs).
    return t.kind === 'ident' ? (KEYWORDS.get(t.text.toLocaleLowerCase('tr')) ?? KEYWORDS.get(t.text.toLowerCase())) : undefined;
  }
  private isKeyword(k: string, t = this.t) {
    return this.keyword(t) === k;
  }
  private isPunct(p: string, t = this.t) {
    return t.kind === 'punct' && t.text === p;
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private expect(what: Bilingual, ok: boolean): Token {
    if (!ok) {
      const t = this.t;
      if (t.kind === 'end') fail('unexpected_end', { expected: what }, [t.start, t.end]);
      fail('unexpected_token', { pos: t.start + 1, text: t.text, expected: what }, [t.start, t.end]);
    }
    return this.next();
  }
  private attempt<T>(parse: () => T): T | undefined {
    const at = this.i;
    try {
      return parse();
    } catch (e) {
      if (!(e instanceof Failure)) throw e;
      if (!this.best || e.at > this.best.at) this.best = e;
      this.i = at;
      return undefined;
    }
  }
  private rethrowBest(e: unknown): never {
    if (e instanceof Failure && this.best && this.best.at > e.at) throw this.best;
    throw e;
  }

  end(): void {
    this.expect(EXPECTED.end, this.t.kind === 'end');
  }

  // ---- conditions ----

  condition(): Condition {
    return this.binaryCondition('or', () => this.binaryCondition('and', () => this.notCondition()));
  }

  /** Operands joined by one of and/or, flattened (a and b and c is one node). */
  private binaryCondition(kind: 'and' | 'or', operand: () => Condition): Condition {
    const first = operand();
    const args = [first];
    while (this.isKeyword(kind)) {
      this.next();
      args.push(operand());
    }
    if (args.length === 1) return first;
    return { kind, args: args.flatMap((a) => (a.kind === kind ? a.args : [a])), span: [first.span![0], args[args.length - 1].span![1]] };
  }

  private notCondition(): Condition {
    if (this.isKeyword('not') && !this.isKeyword('includes', this.tokens[this.i + 1])) {
      const start = this.next().start;
      const arg = this.notCondition();
      return { kind: 'not', arg, span: [start, arg.span![1]] };
    }
    if (this.isPunct('(')) {
      const grouped = this.attempt(() => {
        const open = this.next();
        const inner = this.condition();
        const close = this.expect(EXPECTED.close, this.isPunct(')'));
        // `(a + b) > 3` is a comparison that starts with a bracket, not a group.
        if (this.t.kind === 'op' || this.isKeyword('includes') || this.isKeyword('is') || this.isKeyword('not_includes')) fail('unexpected_token', { pos: this.t.start + 1, text: this.t.text, expected: EXPECTED.joiner }, [this.t.start, this.t.end]);
        return { ...inner, span: [open.start, close.end] as Span };
      });
      if (grouped) return grouped;
    }
    try {
      return this.comparison();
    } catch (e) {
      this.rethrowBest(e);
    }
  }

  private comparison(): Condition {
    const left = this.expression();
    const op = this.comparisonOperator();
    if (!op) return { kind: 'compare', operator: 'equal', left, right: { kind: 'literal', value: true }, span: left.span };
    if (op === 'do_not_look_for_value') return { kind: 'compare', operator: op, left, span: [left.span![0], this.tokens[this.i - 1].end] };
    const right = this.expression();
    return { kind: 'compare', operator: op, left, right, span: [left.span![0], right.span![1]] };
  }

  /** Reads a comparison operator if one is next (`is any` included). */
  private comparisonOperator(): RuleOperator | undefined {
    const t = this.t;
    if (t.kind === 'op' && COMPARE[t.text]) {
      this.next();
      return COMPARE[t.text];
    }
    if (this.isKeyword('includes')) {
      this.next();
      return 'includes';
    }
    if (this.isKeyword('not_includes')) {
      this.next();
      return 'not_includes';
    }
    if (this.isKeyword('not') && this.isKeyword('includes', this.tokens[this.i + 1])) {
      this.i += 2;
      return 'not_includes';
    }
    if (this.isKeyword('is')) {
      this.next();
      this.expect(EXPECTED.any, this.isKeyword('any'));
      return 'do_not_look_for_value';
    }
    if (this.isKeyword('any')) {
      this.next();
      return 'do_not_look_for_value';
    }
    return undefined;
  }

  /** A table cell: tests of the column's value, joined by and/or. */
  cell(subject: Expr): Condition {
    const unary = (): Condition => {
      if (this.isKeyword('not') && !this.isKeyword('includes', this.tokens[this.i + 1])) {
        const start = this.next().start;
        const arg = unary();
        return { kind: 'not', arg, span: [start, arg.span![1]] };
      }
      if (this.isPunct('(')) {
        const grouped = this.attempt(() => {
          const open = this.next();
          const inner = or();
          const close = this.expect(EXPECTED.close, this.isPunct(')'));
          return { ...inner, span: [open.start, close.end] as Span };
        });
        if (grouped) return grouped;
      }
      try {
        const start = this.t.start;
        const op = this.comparisonOperator();
        if (op === 'do_not_look_for_value') return { kind: 'compare', operator: op, left: subject, span: [start, this.tokens[this.i - 1].end] };
        const right = this.expression();
        return { kind: 'compare', operator: op ?? 'equal', left: subject, right, span: [start, right.span![1]] };
      } catch (e) {
        this.rethrowBest(e);
      }
    };
    const and = () => this.binaryCondition('and', unary);
    const or = () => this.binaryCondition('or', and);
    return or();
  }

  // ---- arithmetic ----

  expression(): Expr {
    let left = this.term();
    while (this.t.kind === 'op' && (this.t.text === '+' || this.t.text === '-')) {
      const op = this.next().text as '+' | '-';
      const right = this.term();
      left = { kind: 'binary', op, left, right, span: [left.span![0], right.span![1]] };
    }
    return left;
  }

  private term(): Expr {
    let left = this.factor();
    while (this.t.kind === 'op' && (this.t.text === '*' || this.t.text === '/')) {
      const op = this.next().text as '*' | '/';
      const right = this.factor();
      left = { kind: 'binary', op, left, right, span: [left.span![0], right.span![1]] };
    }
    return left;
  }

  private factor(): Expr {
    if (this.t.kind === 'op' && this.t.text === '-') {
      const start = this.next().start;
      const arg = this.factor();
      if (arg.kind === 'literal' && typeof arg.value === 'number') return { kind: 'literal', value: -arg.value, span: [start, arg.span![1]] };
      return { kind: 'negate', arg, span: [start, arg.span![1]] };
    }
    return this.atom();
  }

  /** Consumes the current token as a literal of `value`. */
  private literal(value: number | string | boolean): Expr {
    const t = this.next();
    return { kind: 'literal', value, span: [t.start, t.end] };
  }

  private atom(): Expr {
    const t = this.t;
    if (t.kind === 'number') return this.literal(t.value as number);
    if (t.kind === 'string') return this.literal(t.value as string);
    if (this.isKeyword('true') || this.isKeyword('false')) return this.literal(this.keyword(t) === 'true');
    if (this.isPunct('(')) {
      this.next();
      const inner = this.expression();
      const close = this.expect(EXPECTED.close, this.isPunct(')'));
      return { ...inner, span: [t.start, close.end] };
    }
    if (this.isPunct('[')) return this.list();
    if (t.kind === 'ident' && !this.keyword(t)) {
      this.next();
      if (!this.isPunct('(')) return { kind: 'var', name: t.text, span: [t.start, t.end] };
      this.next();
      const args: Expr[] = [];
      if (!this.isPunct(')')) {
        do args.push(this.expression());
        while (this.isPunct(',') && this.next());
      }
      const close = this.expect(EXPECTED.closeOrComma, this.isPunct(')'));
      const span: Span = [t.start, close.end];
      if (t.text === 'date') {
        const arg = args[0];
        if (args.length !== 1 || arg.kind !== 'literal' || typeof arg.value !== 'string' || !isDate(arg.value)) fail('bad_date', { pos: t.start + 1, text: this.source(span) }, span);
        return { kind: 'date', value: (arg as { value: string }).value, span };
      }
      return { kind: 'call', fn: t.text, args, span };
    }
    return this.expect(EXPECTED.value, false) as never;
  }

  private list(): Expr {
    const open = this.next();
    const items: Array<number | string> = [];
    if (!this.isPunct(']')) {
      do {
        const item = this.factor();
        if (item.kind !== 'literal' || (typeof item.value !== 'number' && typeof item.value !== 'string')) fail('list_items', { pos: item.span![0] + 1 }, item.span!);
        items.push((item as { value: number | string }).value);
      } while (this.isPunct(',') && this.next());
    }
    const close = this.expect(EXPECTED.closeList, this.isPunct(']'));
    return { kind: 'literal', value: items as Literal, span: [open.start, close.end] };
  }

  private source(span: Span): string {
    return this.tokens.filter((t) => t.start >= span[0] && t.end <= span[1]).map((t) => t.text).join('');
  }
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export type Parsed<T> = { ok: true; value: T } | { ok: false; issue: RuleIssue };

function run<T>(text: string, parse: (p: Parser) => T, emptyKey: 'empty' | 'empty_expression'): Parsed<T> {
  try {
    if (!text.trim()) return { ok: false, issue: issue(emptyKey, {}, { span: [0, text.length] }) };
    const tokens = lex(text);
    checkBrackets(tokens);
    const p = new Parser(tokens);
    const value = parse(p);
    p.end();
    return { ok: true, value };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, issue: withBracketDetail(e.issue, text) };
    throw e;
  }
}

/** The parenthesis message names the bracket that does not pair, by position. */
function withBracketDetail(found: RuleIssue, text: string): RuleIssue {
  if (found.code !== 'parenthesis' || !found.span) return found;
  const at = found.span[0];
  const ch = text[at];
  if (ch === '(' || ch === '[') return issue('parenthesis', { detail: detail('unclosed', { pos: at + 1 }) }, { span: found.span });
  // A closer: does it close nothing, or the wrong kind?
  const openAt: number[] = [];
  for (let i = 0; i < at; i++) {
    if (text[i] === '(' || text[i] === '[') openAt.push(i);
    else if (text[i] === ')' || text[i] === ']') openAt.pop();
  }
  if (!openAt.length) return issue('parenthesis', { detail: detail('unopened', { pos: at + 1 }) }, { span: found.span });
  return issue('parenthesis', { detail: detail('mismatched', { pos: at + 1, open: openAt[openAt.length - 1] + 1 }) }, { span: found.span });
}

function detail(key: 'unclosed' | 'unopened' | 'mismatched', params: Record<string, number>) {
  return issue(key, params).message;
}

/** `creatinine > 1.5 and (age >= 65 or not on_dialysis)` → its tree. */
export function parseCondition(text: string): Parsed<Condition> {
  return run(text, (p) => p.condition(), 'empty');
}

/** `days_between(last_creatinine_date, today())` → its tree. */
export function parseExpression(text: string): Parsed<Expr> {
  return run(text, (p) => p.expression(), 'empty_expression');
}

/** A decision-table cell (`>= 30 and < 60`, `"male"`, `-`) as a condition on the column's value. */
export function parseCell(text: string, subject: Expr): Parsed<Condition> {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return { ok: true, value: { kind: 'compare', operator: 'do_not_look_for_value', left: subject } };
  return run(text, (p) => p.cell(subject), 'empty');
}

