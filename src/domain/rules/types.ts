// The rule engine's saved document and its expression trees. The document is what the server stores in a
// decision package version and what the canvas edits; conditions and expressions are kept as text inside it
// (what a person typed), and parse into the trees below, their "document form", which print back to text.

export type { Bilingual, Lang } from '../language';
import type { Bilingual } from '../language';

/** Types a record's parameter (and a computed variable) can have. */
export type ValueType = 'number' | 'string' | 'date' | 'boolean' | 'list';

/** The spec's comparison operators (section 9), by the names of the rule_operator enumeration. */
export type RuleOperator =
  | 'equal'
  | 'not_equal'
  | 'greater'
  | 'greater_or_equal'
  | 'smaller'
  | 'smaller_or_equal'
  | 'includes'
  | 'not_includes'
  | 'do_not_look_for_value';

export type Span = [start: number, end: number];

// ---- Expression trees (the document form) ----

export type Literal = number | string | boolean | Array<number | string>;

export type Expr =
  | { kind: 'var'; name: string; span?: Span }
  | { kind: 'literal'; value: Literal; span?: Span }
  | { kind: 'date'; value: string; span?: Span }
  | { kind: 'call'; fn: string; args: Expr[]; span?: Span }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr; span?: Span }
  | { kind: 'negate'; arg: Expr; span?: Span };

export type Condition =
  | { kind: 'and' | 'or'; args: Condition[]; span?: Span }
  | { kind: 'not'; arg: Condition; span?: Span }
  | { kind: 'compare'; operator: RuleOperator; left: Expr; right?: Expr; span?: Span };

// ---- The graph document ----

export interface Position {
  x: number;
  y: number;
}

export interface InputField {
  name: string;
  type: ValueType;
  label?: Bilingual;
  unit?: string;
}

interface NodeBase {
  id: string;
  name?: Bilingual;
  position: Position;
}

export interface InputNode extends NodeBase {
  type: 'input';
  /** The record's parameters the package reads. */
  fields: InputField[];
}

export interface SwitchBranch {
  id: string;
  condition: string;
  label?: Bilingual;
}

export interface SwitchNode extends NodeBase {
  type: 'switch';
  /** first: the first branch whose condition holds; collect: every such branch. */
  hit_policy: 'first' | 'collect';
  branches: SwitchBranch[];
}

export interface TableInput {
  id: string;
  /** The value the column tests: a variable or an arithmetic expression. */
  expression: string;
  label?: Bilingual;
}

export interface TableOutput {
  id: string;
  /** The variable the column sets. */
  variable: string;
  type: ValueType;
  label?: Bilingual;
}

export interface TableRow {
  id: string;
  /** Per input column: a test of the column's value (`> 1.5`, `"male"`, `>= 30 and < 60`); empty or `-` matches anything. */
  cells: Record<string, string>;
  /** Per output column: an expression; empty leaves the variable unset. */
  results: Record<string, string>;
  description?: Bilingual;
}

export interface TableNode extends NodeBase {
  type: 'table';
  /** first: the first matching row; unique: more than one match is an error; collect: every matching row (outputs become lists). */
  hit_policy: 'first' | 'unique' | 'collect';
  inputs: TableInput[];
  outputs: TableOutput[];
  rows: TableRow[];
}

export interface Assignment {
  id: string;
  variable: string;
  expression: string;
}

export interface ExpressionNode extends NodeBase {
  type: 'expression';
  assignments: Assignment[];
}

export type OutputKind = 'decision' | 'alert' | 'suggestion';
export type Severity = 'info' | 'warning' | 'critical';

export interface OutputNode extends NodeBase {
  type: 'output';
  kind: OutputKind;
  severity: Severity;
  /** A stable code for the decision (machines read it; people read the text). */
  code: string;
  /** Shown to the user; `{variable}` is replaced by the variable's value. */
  text: Bilingual;
}

export type RuleNode = InputNode | SwitchNode | TableNode | ExpressionNode | OutputNode;
export type NodeType = RuleNode['type'];

export interface RuleEdge {
  id: string;
  source: string;
  /** On a switch: the branch id, or `else` when no branch holds. */
  source_handle?: string;
  target: string;
}

export interface DecisionGraph {
  format: 'sema-decision-graph';
  format_version: 1;
  nodes: RuleNode[];
  edges: RuleEdge[];
}

// ---- Problems and results ----

/** A problem found in a condition, an expression or the graph, with its place and bilingual words. */
export interface RuleIssue {
  code: string;
  severity: 'error' | 'warning';
  message: Bilingual;
  node_id?: string;
  edge_id?: string;
  /** Where in the node: `branches.b1.condition`, `rows.r2.cells.c1`, `assignments.a1.expression`. */
  field?: string;
  /** Characters [start, end) of the text the issue is about. */
  span?: Span;
}

export interface Decision {
  node_id: string;
  kind: OutputKind;
  severity: Severity;
  code: string;
  text: Bilingual;
}

export interface TraceStep {
  node_id: string;
  node_type: NodeType;
  /** The variables the node read, with the values it saw (null when missing). */
  inputs: Record<string, unknown>;
  /** The variables the node set. */
  outputs: Record<string, unknown>;
  /** Table rows that matched, or switch branches taken (`else` included). */
  matched?: string[];
  /** Edges the run went on from this node. */
  edges: string[];
  error?: RuleIssue;
}

export interface Evaluation {
  decisions: Decision[];
  /** Every variable the graph computed, by name (dates as YYYY-MM-DD). */
  outputs: Record<string, unknown>;
  /** Problems of this run: a unique table with several matches, an input value of the wrong type. */
  issues: RuleIssue[];
  trace?: TraceStep[];
}
