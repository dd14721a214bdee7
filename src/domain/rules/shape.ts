// A light check that a value has the decision graph's shape, so the checker and the compiler can trust it.
// The server also validates documents against the contract (schemas/entities/decision_graph.json); this one
// runs anywhere (an imported file in the canvas) and names the first thing that is off.
import { issue } from './messages.ts';
import type { DecisionGraph, RuleIssue } from './types.ts';

export const LIMITS = { nodes: 300, edges: 1000, rows: 500, columns: 30, branches: 50, assignments: 50, fields: 200, text: 2000 } as const;

type Problem = { en: string; tr: string };
type Check = (v: unknown) => Problem | null;
const say = (en: string, tr: string): Problem => ({ en, tr });
const within = (en: string, tr: string, inner: Problem): Problem => ({ en: `${en}: ${inner.en}`, tr: `${tr}: ${inner.tr}` });
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = (v) => (typeof v === 'string' ? (v.length <= LIMITS.text ? null : say('a text is too long', 'bir metin çok uzun')) : say('a text was expected', 'metin bekleniyordu'));
const optional = (c: Check): Check => (v) => (v === undefined ? null : c(v));
const bilingual: Check = (v) => (isObj(v) && typeof v.en === 'string' && typeof v.tr === 'string' ? null : say('a text in English and Turkish was expected', 'İngilizce ve Türkçe bir metin bekleniyordu'));
const oneOf = (...values: string[]): Check => (v) => (values.includes(v as string) ? null : say(`one of ${values.join(', ')} was expected`, `şunlardan biri bekleniyordu: ${values.join(', ')}`));
const record = (c: Check): Check => (v) => (isObj(v) ? (Object.values(v).map(c).find(Boolean) ?? null) : say('an object was expected', 'nesne bekleniyordu'));
const position: Check = (v) => (isObj(v) && Number.isFinite(v.x) && Number.isFinite(v.y) ? null : say('a position {x, y} was expected', 'bir konum {x, y} bekleniyordu'));
const object = (fields: Record<string, Check>): Check => (v) => {
  if (!isObj(v)) return say('an object was expected', 'nesne bekleniyordu');
  for (const [k, c] of Object.entries(fields)) {
    const problem = c(v[k]);
    if (problem) return within(k, k, problem);
  }
  return null;
};
const list = (item: Check, max: number): Check => (v) => {
  if (!Array.isArray(v)) return say('a list was expected', 'liste bekleniyordu');
  if (v.length > max) return say(`at most ${max} items`, `en fazla ${max} öğe`);
  for (let i = 0; i < v.length; i++) {
    const problem = item(v[i]);
    if (problem) return within(`item ${i + 1}`, `${i + 1}. öğe`, problem);
  }
  return null;
};

const VALUE_TYPE = oneOf('number', 'string', 'date', 'boolean', 'list');
const base = { id: str, name: optional(bilingual), position };
const NODE: Record<string, Check> = {
  input: object({ ...base, fields: list(object({ name: str, type: VALUE_TYPE, label: optional(bilingual), unit: optional(str) }), LIMITS.fields) }),
  switch: object({ ...base, hit_policy: oneOf('first', 'collect'), branches: list(object({ id: str, condition: str, label: optional(bilingual) }), LIMITS.branches) }),
  table: object({
    ...base,
    hit_policy: oneOf('first', 'unique', 'collect'),
    inputs: list(object({ id: str, expression: str, label: optional(bilingual) }), LIMITS.columns),
    outputs: list(object({ id: str, variable: str, type: VALUE_TYPE, label: optional(bilingual) }), LIMITS.columns),
    rows: list(object({ id: str, cells: record(str), results: record(str), description: optional(bilingual) }), LIMITS.rows),
  }),
  expression: object({ ...base, assignments: list(object({ id: str, variable: str, expression: str }), LIMITS.assignments) }),
  output: object({ ...base, kind: oneOf('decision', 'alert', 'suggestion'), severity: oneOf('info', 'warning', 'critical'), code: str, text: bilingual }),
};
const node: Check = (v) => (isObj(v) && typeof v.type === 'string' && Object.hasOwn(NODE, v.type) ? NODE[v.type](v) : within('type', 'type', oneOf(...Object.keys(NODE))(isObj(v) ? v.type : undefined)!));
const GRAPH = object({
  format: oneOf('sema-decision-graph'),
  format_version: (v) => (v === 1 ? null : say('version 1 was expected', '1. sürüm bekleniyordu')),
  nodes: list(node, LIMITS.nodes),
  edges: list(object({ id: str, source: str, source_handle: optional(str), target: str }), LIMITS.edges),
});

/** Null when `doc` is shaped like a decision graph, else the issue naming what is off. */
export function shapeIssue(doc: unknown): RuleIssue | null {
  const problem = GRAPH(doc);
  return problem ? issue('bad_document', { detail: problem }) : null;
}

export const isDecisionGraph = (doc: unknown): doc is DecisionGraph => shapeIssue(doc) === null;
