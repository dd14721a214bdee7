// Every edit of the rules document is a command (dmn-js style): a plain object naming what changes, run by
// its handler on an immer draft. The command stack keeps each command with the patches it made and their
// inverse, so undo puts back exactly the document before it and redo exactly the one after it; the same
// entries are the edit history (what changed, in order). Pure TypeScript: no React, no React Flow.
import type { Draft } from 'immer';
import { applyWith, emptyHistory as emptyStack, record, setAtPath, type Applied, type ExecuteOptions, type Entry as StackEntry, type History as StackHistory } from '../../../src/domain/command-stack';
import type { DecisionGraph, Position, RuleEdge, RuleNode } from '../../../src/domain/rules';

export { MAX_HISTORY, redo, seal, undo, type ExecuteOptions } from '../../../src/domain/command-stack';

/** The lists inside a node that the editors add to, remove from and reorder. */
export type Part = 'fields' | 'branches' | 'inputs' | 'outputs' | 'rows' | 'assignments';

export type Command =
  /** Adds nodes (and edges between them: a paste or a duplicate). */
  | { type: 'node.add'; nodes: RuleNode[]; edges?: RuleEdge[] }
  /** Deletes nodes with every edge touching them, and further edges. */
  | { type: 'node.delete'; nodes: string[]; edges?: string[] }
  | { type: 'node.move'; moves: { id: string; position: Position }[] }
  | { type: 'edge.add'; edge: RuleEdge }
  | { type: 'edge.delete'; edges: string[] }
  /**
   * Sets one value inside a node, by a dotted path: `hit_policy`, `name.tr`, `branches.b1.condition`,
   * `rows.r2.cells.c1`, `fields.0.name`. A list is entered by an item's id (or index); missing objects on the
   * way are made; `undefined` removes the key.
   */
  | { type: 'node.set'; node: string; path: string; value: unknown }
  /** Adds an item to a node's list (at `index`, else at the end). */
  | { type: 'item.add'; node: string; part: Part; item: unknown; index?: number }
  /** Removes an item, with what hangs on it: a column's cells, a branch's edges. */
  | { type: 'item.remove'; node: string; part: Part; index: number }
  | { type: 'item.move'; node: string; part: Part; from: number; to: number }
  /** Replaces the whole document (an imported file). */
  | { type: 'document.replace'; doc: DecisionGraph };

export type CommandType = Command['type'];

type Handler<C extends Command> = (doc: Draft<DecisionGraph>, command: C) => void;
type Handlers = { [K in CommandType]: Handler<Extract<Command, { type: K }>> };

const nodeOf = (doc: Draft<DecisionGraph>, id: string): Draft<RuleNode> => {
  const node = doc.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no node ${id}`);
  return node;
};

const listOf = (node: Draft<RuleNode>, part: Part): unknown[] => {
  const list = (node as unknown as Record<string, unknown>)[part];
  if (!Array.isArray(list)) throw new Error(`node ${node.id} has no ${part}`);
  return list;
};

const HANDLERS: Handlers = {
  'node.add': (doc, c) => {
    doc.nodes.push(...(c.nodes as Draft<RuleNode>[]));
    doc.edges.push(...(c.edges ?? []));
  },
  'node.delete': (doc, c) => {
    const nodes = new Set(c.nodes);
    const edges = new Set(c.edges ?? []);
    doc.edges = doc.edges.filter((e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target));
    doc.nodes = doc.nodes.filter((n) => !nodes.has(n.id));
  },
  'node.move': (doc, c) => {
    for (const m of c.moves) nodeOf(doc, m.id).position = { x: m.position.x, y: m.position.y };
  },
  'edge.add': (doc, c) => {
    doc.edges.push(c.edge);
  },
  'edge.delete': (doc, c) => {
    const edges = new Set(c.edges);
    doc.edges = doc.edges.filter((e) => !edges.has(e.id));
  },
  'node.set': (doc, c) => {
    setAtPath(nodeOf(doc, c.node), c.path, c.value);
  },
  'item.add': (doc, c) => {
    const list = listOf(nodeOf(doc, c.node), c.part);
    list.splice(c.index ?? list.length, 0, c.item);
  },
  'item.remove': (doc, c) => {
    const node = nodeOf(doc, c.node);
    const list = listOf(node, c.part);
    const [removed] = list.splice(c.index, 1) as { id?: string }[];
    if (!removed) return;
    if (node.type === 'table' && c.part === 'inputs') for (const row of node.rows) delete row.cells[removed.id!];
    if (node.type === 'table' && c.part === 'outputs') for (const row of node.rows) delete row.results[removed.id!];
    if (node.type === 'switch' && c.part === 'branches') doc.edges = doc.edges.filter((e) => !(e.source === node.id && e.source_handle === removed.id));
  },
  'item.move': (doc, c) => {
    const list = listOf(nodeOf(doc, c.node), c.part);
    if (c.to < 0 || c.to >= list.length) return;
    const [item] = list.splice(c.from, 1);
    list.splice(c.to, 0, item);
  },
  'document.replace': (doc, c) => {
    doc.nodes = c.doc.nodes as Draft<RuleNode>[];
    doc.edges = c.doc.edges;
  },
};

/** Runs a command on a document: the next document and the patches both ways (none when nothing changed). */
export const apply = (doc: DecisionGraph, command: Command): Applied<DecisionGraph> => applyWith(doc, command, HANDLERS[command.type] as Handler<Command>);

// ---- the stack (src/domain/command-stack) ----

export type Entry = StackEntry<Command>;
export type History = StackHistory<Command>;

export const emptyHistory = (): History => emptyStack<Command>();

/** Runs a command and records it; answers null when the command changed nothing (nothing is recorded). */
export const execute = (doc: DecisionGraph, history: History, command: Command, options: ExecuteOptions = {}): { doc: DecisionGraph; history: History } | null =>
  record(apply(doc, command), history, command, options);
