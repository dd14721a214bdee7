// The saved document ↔ React Flow (jdm-editor's dg-util): React Flow is only a view. Its nodes and edges are
// made from the document plus screen-only state (selection, measured sizes, a drag in progress, validation
// marks, the test run's path), which never reaches the document; its events become commands.
import type { Connection, Edge, EdgeChange, Node, NodeChange } from '@xyflow/react';
import type { DecisionGraph, NodeType, Position, RuleEdge, RuleIssue, RuleNode } from '../../../src/domain/rules';
import type { Command } from './commands';

export interface RuleNodeData extends Record<string, unknown> {
  node: RuleNode;
  /** Errors and warnings placed on this node (any field). */
  errors: number;
  warnings: number;
  /** Its place (1-based) on the test run's path, when the run went through it. */
  step?: number;
}

export type FlowType = `rule_${NodeType}`;
export type RuleFlowNode = Node<RuleNodeData, FlowType>;

export interface RuleEdgeData extends Record<string, unknown> {
  errors: number;
  onPath: boolean;
}
export type RuleFlowEdge = Edge<RuleEdgeData>;

/** Screen-only state of the canvas. */
export interface ViewState {
  selectedNodes: readonly string[];
  selectedEdges: readonly string[];
  /** Sizes React Flow measured (it needs them back on every node it is given). */
  measured: Readonly<Record<string, { width: number; height: number }>>;
  /** Positions of nodes being dragged, until the drop makes a move command. */
  dragging: Readonly<Record<string, Position>>;
}

export interface Marks {
  byNode: ReadonlyMap<string, readonly RuleIssue[]>;
  byEdge: ReadonlyMap<string, readonly RuleIssue[]>;
  /** The test run's path so far: node id → step (1-based), and the edges taken. */
  path?: { nodes: ReadonlyMap<string, number>; edges: ReadonlySet<string> };
}

export const emptyView = (): ViewState => ({ selectedNodes: [], selectedEdges: [], measured: {}, dragging: {} });
export const noMarks: Marks = { byNode: new Map(), byEdge: new Map() };

export const flowType = (type: NodeType): FlowType => `rule_${type}`;
export const nodeTypeOf = (flow: string): NodeType => flow.replace(/^rule_/, '') as NodeType;

const count = (issues: readonly RuleIssue[] | undefined, severity: RuleIssue['severity']) => issues?.filter((i) => i.severity === severity).length ?? 0;

/** The document's nodes as React Flow nodes. */
export function toFlowNodes(doc: DecisionGraph, view: ViewState = emptyView(), marks: Marks = noMarks, ariaLabel?: (data: RuleNodeData) => string): RuleFlowNode[] {
  const selected = new Set(view.selectedNodes);
  return doc.nodes.map((n) => {
    const issues = marks.byNode.get(n.id);
    const step = marks.path?.nodes.get(n.id);
    const flow: RuleFlowNode = {
      id: n.id,
      type: flowType(n.type),
      position: view.dragging[n.id] ?? n.position,
      data: { node: n, errors: count(issues, 'error'), warnings: count(issues, 'warning'), ...(step ? { step } : {}) },
      selected: selected.has(n.id),
      ariaRole: 'group',
    };
    if (ariaLabel) flow.ariaLabel = ariaLabel(flow.data);
    const size = view.measured[n.id];
    if (size) flow.measured = { ...size };
    return flow;
  });
}

/** The document's edges as React Flow edges; a switch's edge leaves from its branch's handle. */
export function toFlowEdges(doc: DecisionGraph, view: ViewState = emptyView(), marks: Marks = noMarks): RuleFlowEdge[] {
  const selected = new Set(view.selectedEdges);
  return doc.edges.map((e) => {
    const errors = count(marks.byEdge.get(e.id), 'error');
    const onPath = marks.path?.edges.has(e.id) ?? false;
    const classes = [errors ? 'rule-edge--error' : '', onPath ? 'rule-edge--path' : ''].filter(Boolean).join(' ');
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.source_handle ?? null,
      selected: selected.has(e.id),
      animated: onPath,
      data: { errors, onPath },
      ...(classes ? { className: classes } : {}),
    };
  });
}

/** A connection drawn on the canvas as a document edge. */
export function edgeFromConnection(connection: Connection, id: string): RuleEdge {
  const edge: RuleEdge = { id, source: connection.source, target: connection.target };
  if (connection.sourceHandle) edge.source_handle = connection.sourceHandle;
  return edge;
}

/** React Flow nodes and edges back to a document (positions and connections as shown; the rest from the data). */
export function fromFlow(nodes: readonly RuleFlowNode[], edges: readonly Edge[]): DecisionGraph {
  return {
    format: 'sema-decision-graph',
    format_version: 1,
    nodes: nodes.map((n) => ({ ...n.data.node, position: { x: n.position.x, y: n.position.y } })),
    edges: edges.map((e) => {
      const edge: RuleEdge = { id: e.id, source: e.source, target: e.target };
      if (e.sourceHandle) edge.source_handle = e.sourceHandle;
      return edge;
    }),
  };
}

/** Whether a connection may be drawn at all: not onto itself, not into the input, not twice the same. */
export function connectionAllowed(doc: DecisionGraph, c: Pick<Connection, 'source' | 'target' | 'sourceHandle'>): boolean {
  if (!c.source || !c.target || c.source === c.target) return false;
  const target = doc.nodes.find((n) => n.id === c.target);
  if (!target || target.type === 'input') return false;
  return !doc.edges.some((e) => e.source === c.source && e.target === c.target && (e.source_handle ?? null) === (c.sourceHandle ?? null));
}

export interface NodeChangeResult {
  /** Commands to run (a drop or a keyboard move), with their merge key. */
  commands: { command: Command; mergeKey?: string }[];
  view: ViewState;
}

/**
 * React Flow's node changes: sizes and drags in progress stay in the view; a drop (or an arrow-key move)
 * becomes one move command; selection changes the view's selection. Removals never come through (the
 * canvas deletes through its own confirmation).
 */
export function readNodeChanges(changes: readonly NodeChange[], doc: DecisionGraph, view: ViewState): NodeChangeResult {
  let measured = view.measured;
  let dragging = view.dragging;
  let selected = view.selectedNodes;
  const drops: { id: string; position: Position }[] = [];
  const keyed: { id: string; position: Position }[] = [];
  for (const c of changes) {
    if (c.type === 'dimensions' && c.dimensions) {
      const old = measured[c.id];
      if (!old || old.width !== c.dimensions.width || old.height !== c.dimensions.height) measured = { ...measured, [c.id]: { width: c.dimensions.width, height: c.dimensions.height } };
    } else if (c.type === 'position') {
      if (c.dragging) {
        if (c.position) dragging = { ...dragging, [c.id]: { x: c.position.x, y: c.position.y } };
      } else {
        const wasDragged = c.id in dragging;
        const position = c.position ?? dragging[c.id];
        if (wasDragged) {
          const { [c.id]: _dropped, ...rest } = dragging;
          dragging = rest;
        }
        if (position) (wasDragged ? drops : keyed).push({ id: c.id, position: { x: position.x, y: position.y } });
      }
    } else if (c.type === 'select') {
      selected = c.selected ? (selected.includes(c.id) ? selected : [...selected, c.id]) : selected.filter((id) => id !== c.id);
    }
  }
  const known = new Set(doc.nodes.map((n) => n.id));
  const commands: NodeChangeResult['commands'] = [];
  const real = (moves: { id: string; position: Position }[]) => moves.filter((m) => known.has(m.id));
  if (real(drops).length) commands.push({ command: { type: 'node.move', moves: real(drops) } });
  if (real(keyed).length) {
    const moves = real(keyed);
    commands.push({ command: { type: 'node.move', moves }, mergeKey: `keys:${moves.map((m) => m.id).sort().join(',')}` });
  }
  return { commands, view: { ...view, measured, dragging, selectedNodes: selected } };
}

/** React Flow's edge changes: only selection matters (removal goes through the canvas's confirmation). */
export function readEdgeChanges(changes: readonly EdgeChange[], view: ViewState): ViewState {
  let selected = view.selectedEdges;
  for (const c of changes)
    if (c.type === 'select') selected = c.selected ? (selected.includes(c.id) ? selected : [...selected, c.id]) : selected.filter((id) => id !== c.id);
  return selected === view.selectedEdges ? view : { ...view, selectedEdges: selected };
}

/** Issues grouped by the node and the edge they are placed on. */
export function marksOf(issues: readonly RuleIssue[]): Pick<Marks, 'byNode' | 'byEdge'> {
  const byNode = new Map<string, RuleIssue[]>();
  const byEdge = new Map<string, RuleIssue[]>();
  for (const i of issues) {
    if (i.node_id) byNode.set(i.node_id, [...(byNode.get(i.node_id) ?? []), i]);
    if (i.edge_id) byEdge.set(i.edge_id, [...(byEdge.get(i.edge_id) ?? []), i]);
  }
  return { byNode, byEdge };
}
