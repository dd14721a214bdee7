// The rule language: conditions, table cells and expressions parse with positions, print back to the same
// tree, and say what is wrong in Turkish and English — unbalanced parentheses first, with the spec's words.
import { checkCondition, parseCell, parseCondition, parseExpression, printCell, printCondition, printExpression, withoutSpans, type Condition, type Expr, type RuleIssue, type Scope, type ValueType } from '../../src/domain/rules/index.ts';

const scopeOf = (types: Record<string, ValueType>): Scope => ({ lookup: (name) => (types[name] ? { type: types[name], slot: 1 } : undefined) });
const VARS = scopeOf({ creatinine: 'number', age: 'number', on_dialysis: 'boolean', sex: 'string', drugs: 'list', visit: 'date', note: 'string' });

const parsed = (text: string) => {
  const p = parseCondition(text);
  if (!p.ok) throw new Error(`${text}: ${p.issue.message.en}`);
  return p.value;
};
const failure = (text: string) => {
  const p = parseCondition(text);
  if (p.ok) throw new Error(`${text} parsed`);
  return p.issue;
};
const typeIssues = (text: string): RuleIssue[] => {
  const issues: RuleIssue[] = [];
  checkCondition(parsed(text), VARS, issues);
  return issues;
};

describe('parentheses', () => {
  it('reports an opening parenthesis never closed, with its position, in both languages', () => {
    const issue = failure('creatinine > 1.5 and (age >= 65 or on_dialysis');
    expect(issue.code).toBe('parenthesis');
    expect(issue.span).toEqual([21, 22]);
    expect(issue.message.en).toBe('Please check the parenthesis: the one at position 22 is never closed');
    expect(issue.message.tr).toBe('Lütfen parantezleri kontrol edin: 22. konumdaki parantez hiç kapanmıyor');
  });

  it('reports a closing one that closes nothing, and one of the wrong kind', () => {
    expect(failure('age > 1)').message.en).toBe('Please check the parenthesis: the one at position 8 closes nothing');
    expect(failure('drugs includes [1, 2)').message.en).toMatch(/^Please check the parenthesis: the one at position 21 does not match the one at position 16/);
  });

  it('checks the parentheses before anything else, so the message is about them', () => {
    expect(failure('((age > ) and').code).toBe('parenthesis');
  });
});

describe('conditions', () => {
  it('parses every operator of the spec, and/or/not with precedence, and positions', () => {
    const c = parsed('creatinine > 1.5 and (age >= 65 or not on_dialysis)');
    expect(withoutSpans(c)).toEqual({
      kind: 'and',
      args: [
        { kind: 'compare', operator: 'greater', left: { kind: 'var', name: 'creatinine' }, right: { kind: 'literal', value: 1.5 } },
        {
          kind: 'or',
          args: [
            { kind: 'compare', operator: 'greater_or_equal', left: { kind: 'var', name: 'age' }, right: { kind: 'literal', value: 65 } },
            { kind: 'not', arg: { kind: 'compare', operator: 'equal', left: { kind: 'var', name: 'on_dialysis' }, right: { kind: 'literal', value: true } } },
          ],
        },
      ],
    });
    expect(c.span).toEqual([0, 51]);
    const ops = ['=', '!=', '>', '>=', '<', '<=', 'includes', 'not includes'].map((op) => (parsed(`sex ${op} "x"`) as Extract<Condition, { kind: 'compare' }>).operator);
    expect(ops).toEqual(['equal', 'not_equal', 'greater', 'greater_or_equal', 'smaller', 'smaller_or_equal', 'includes', 'not_includes']);
    expect((parsed('age is any') as Extract<Condition, { kind: 'compare' }>).operator).toBe('do_not_look_for_value');
  });

  it('accepts Turkish keywords and prints the canonical English form', () => {
    expect(printCondition(parsed('drugs içermez "warfarin" ve (age >= 18 veya değil on_dialysis)'))).toBe('drugs not includes "warfarin" and (age >= 18 or not on_dialysis)');
  });

  it('round-trips: tree → text → the same tree, for conditions, cells and expressions', () => {
    const conditions = [
      'creatinine > 1.5 and (age >= 65 or not on_dialysis)',
      '(age + 5) * 2 > 3 or sex = "fe\\"male"',
      'not (age > 3 and creatinine < 2)',
      'visit > date("2024-01-31") and drugs includes "cisplatin"',
      'age is any',
      'age - (3 - 2) > -1',
      'not (age is any)',
    ];
    for (const text of conditions) {
      const tree = withoutSpans(parsed(text));
      expect(withoutSpans(parsed(printCondition(tree)))).toEqual(tree);
    }
    const subject: Expr = { kind: 'var', name: 'creatinine' };
    for (const cell of ['>= 30 and < 60', '"male"', '-', 'not includes "x"', '< 15 or > 90', '!= 3']) {
      const p = parseCell(cell, subject);
      if (!p.ok) throw new Error(cell);
      expect(printCell(p.value, subject)).toBe(cell);
    }
    for (const text of ['round((140 - age) * weight / (72 * creatinine), 1)', 'days_between(last, today())', 'a / (b * c) - -2']) {
      const p = parseExpression(text);
      if (!p.ok) throw new Error(text);
      expect(printExpression(p.value)).toBe(text);
    }
  });

  it('says what was expected, and where, when the text stops or goes wrong', () => {
    expect(failure('age >').message).toEqual({ en: 'The rule ends too early; expected a value, a parameter or “(”.', tr: 'Kural erken bitiyor; beklenen: bir değer, bir parametre ya da “(”.' });
    const wrong = failure('age > 3 age');
    expect(wrong.span).toEqual([8, 11]);
    expect(wrong.message.en).toContain('Position 9');
    expect(failure('age > 3 ; 2').message.en).toBe('Position 9: “;” is not part of the rule language.');
    expect(failure('sex = "open').code).toBe('unterminated_string');
    expect(failure('visit > date("2024-02-30")').code).toBe('bad_date');
    expect(failure('').message.tr).toBe('Bir koşul yazın.');
  });
});

describe('types', () => {
  it('names an unknown variable with its position', () => {
    const [issue] = typeIssues('age > 3 and weight < 2');
    expect(issue).toMatchObject({ code: 'unknown_variable', span: [12, 18] });
    expect(issue.message.en).toBe('Position 13: “weight” is not a parameter of the record or a variable set before this point.');
    expect(issue.message.tr).toContain('“weight” kaydın bir parametresi');
  });

  it('refuses an operator that does not fit the variable type', () => {
    const [issue] = typeIssues('sex > "m"');
    expect(issue.code).toBe('operator_type');
    expect(issue.message.en).toBe('Position 1: the operator “>” is not valid for a text “sex”.');
    expect(issue.message.tr).toBe('1. konum: “>” işleci metin türündeki “sex” için geçerli değil.');
    expect(typeIssues('on_dialysis includes "x"')[0].code).toBe('operator_type');
    expect(typeIssues('age = "65"')[0].code).toBe('compare_types');
    expect(typeIssues('age')[0].code).toBe('not_a_condition');
  });

  it('accepts what fits: dates against written dates, lists and texts with includes, any type with is any', () => {
    for (const ok of ['visit > "2024-01-01"', 'visit >= today() - 30', 'days_between(visit, today()) > 30', 'drugs includes "x" and note includes "renal"', 'sex is any', 'on_dialysis', 'round(age / 3, 1) = 20'])
      expect(typeIssues(ok)).toEqual([]);
  });

  it('checks function names, argument counts and argument types', () => {
    const issues: RuleIssue[] = [];
    const p = parseExpression('sqrt(age) + round() + days_since(age)');
    if (!p.ok) throw new Error();
    checkCondition({ kind: 'compare', operator: 'greater', left: p.value, right: { kind: 'literal', value: 1 } }, VARS, issues);
    expect(issues.map((i) => i.code)).toEqual(['unknown_function', 'function_arity', 'argument_type']);
    // Names of Object.prototype's members are plain names: a variable, an unknown function.
    expect(withoutSpans(parsed('constructor > 1'))).toMatchObject({ left: { kind: 'var', name: 'constructor' } });
    const proto: RuleIssue[] = [];
    const call = parseExpression('toString(1)');
    if (!call.ok) throw new Error();
    checkCondition({ kind: 'compare', operator: 'greater', left: call.value, right: { kind: 'literal', value: 1 } }, VARS, proto);
    expect(proto.map((i) => i.code)).toEqual(['unknown_function']);
  });
});
