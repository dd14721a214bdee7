// The canvas's live check: checkGraph's issues, plus the syntax of every text in nodes checkGraph does not
// type (a node not yet connected to the input, one on a cycle), so a bracket left open is reported while
// the node is still being drawn, before it is connected; and every name the contract's document schema
// requires to be one (parameters, variables, output codes: lower-case letters, digits and _), since a
// draft with another is refused on save.
import { checkGraph, message, parseCell, parseCondition, parseExpression, shapeIssue, type DecisionGraph, type Expr, type RuleIssue, type RuleNode } from '../../../src/domain/rules';

const NAME = /^[a-z][a-z0-9_]*$/;

/** The names of a node with their fields, as checkGraph names them. */
function namesOf(n: RuleNode): [string, string][] {
  switch (n.type) {
    case 'input':
      return n.fields.map((f) => [`fields.${f.name}`, f.name]);
    case 'table':
      return n.outputs.map((o) => [`outputs.${o.id}.variable`, o.variable]);
    case 'expression':
      return n.assignments.map((a) => [`assignments.${a.id}.variable`, a.variable]);
    case 'output':
      return [['code', n.code]];
    default:
      return [];
  }
}

type Parsed = { ok: true } | { ok: false; issue: RuleIssue };

/** Each text of a node with the field name checkGraph uses for it, parsed. */
function textsOf(n: RuleNode): [string, Parsed][] {
  switch (n.type) {
    case 'switch':
      return n.branches.map((b) => [`branches.${b.id}.condition`, parseCondition(b.condition)]);
    case 'expression':
      return n.assignments.map((a) => [`assignments.${a.id}.expression`, parseExpression(a.expression)]);
    case 'table': {
      const out: [string, Parsed][] = [];
      const subjects = new Map<string, Expr>();
      for (const c of n.inputs) {
        const p = parseExpression(c.expression);
        out.push([`inputs.${c.id}.expression`, p]);
        subjects.set(c.id, p.ok ? p.value : { kind: 'var', name: 'value' });
      }
      for (const r of n.rows) {
        for (const [col, text] of Object.entries(r.cells)) if (subjects.has(col)) out.push([`rows.${r.id}.cells.${col}`, parseCell(text, subjects.get(col)!)]);
        for (const [col, text] of Object.entries(r.results)) if (text.trim()) out.push([`rows.${r.id}.results.${col}`, parseExpression(text)]);
      }
      return out;
    }
    default:
      return [];
  }
}

export function validate(doc: DecisionGraph): RuleIssue[] {
  const issues = checkGraph(doc);
  if (shapeIssue(doc)) return issues;
  const placed = new Set(issues.filter((i) => i.node_id && i.field).map((i) => `${i.node_id}\u0000${i.field}`));
  const extra: RuleIssue[] = [];
  for (const n of doc.nodes) {
    for (const [field, parsed] of textsOf(n)) if (!parsed.ok && !placed.has(`${n.id}\u0000${field}`)) extra.push({ ...parsed.issue, node_id: n.id, field });
    for (const [field, name] of namesOf(n))
      if ((name.length > 64 || !NAME.test(name)) && !placed.has(`${n.id}\u0000${field}`)) extra.push({ code: 'bad_name', severity: 'error', message: message('bad_name', { name }), node_id: n.id, field });
  }
  return [...issues, ...extra];
}
