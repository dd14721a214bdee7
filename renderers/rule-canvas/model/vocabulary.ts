// Words the editors offer: the spec's nine operators with their Turkish and English labels (the rule_operator
// enumeration of schemas/enums.json, the contract's one list, through its generated constant), the value
// types, and the variables a condition can name (the record's parameters and every variable a node sets).
import type { Bilingual, DecisionGraph, RuleOperator, ValueType } from '../../../src/domain/rules';
import { ruleOperator } from '../../../src/generated/enums/ruleOperator';

export const OPERATORS: readonly { value: RuleOperator; label: Bilingual }[] = ruleOperator.values.map((value, i) => ({ value, label: ruleOperator.labels[i] }));

export const VALUE_TYPES: readonly ValueType[] = ['number', 'string', 'date', 'boolean', 'list'];

export interface Variable {
  name: string;
  type: ValueType;
  /** Where it comes from: the record (input) or a node that sets it. */
  source: 'input' | 'computed';
}

/** Every variable of the document, the record's parameters first, each name once. */
export function variablesOf(doc: DecisionGraph): Variable[] {
  const out = new Map<string, Variable>();
  for (const n of doc.nodes) if (n.type === 'input') for (const f of n.fields) if (f.name && !out.has(f.name)) out.set(f.name, { name: f.name, type: f.type, source: 'input' });
  for (const n of doc.nodes) {
    if (n.type === 'expression') for (const a of n.assignments) if (a.variable && !out.has(a.variable)) out.set(a.variable, { name: a.variable, type: 'number', source: 'computed' });
    if (n.type === 'table') for (const o of n.outputs) if (o.variable && !out.has(o.variable)) out.set(o.variable, { name: o.variable, type: n.hit_policy === 'collect' ? 'list' : o.type, source: 'computed' });
  }
  return [...out.values()];
}
