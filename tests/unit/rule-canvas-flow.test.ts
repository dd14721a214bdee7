// The rule canvas's document ↔ React Flow conversion: React Flow gets the document's nodes and edges with
// screen-only state beside them, which never reaches the document; its events become move commands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkGraph, type DecisionGraph } from '../../src/domain/rules';
import { apply } from '../../renderers/rule-canvas/model/commands';
import {
  connectionAllowed,
  edgeFromConnection,
  emptyView,
  flowType,
  fromFlow,
  marksOf,
  nodeTypeOf,
  readEdgeChanges,
  readNodeChanges,
  toFlowEdges,
  toFlowNodes,
  type ViewState,
} from '../../renderers/rule-canvas/model/flow';

const renal = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages', 'renal_dose_alert.json'), 'utf8')) as { document: DecisionGraph }).document;

describe('document → React Flow', () => {
  it('makes one node per document node, of its type, at its position, carrying the node', () => {
    const nodes = toFlowNodes(renal);
    expect(nodes.map((n) => n.id)).toEqual(renal.nodes.map((n) => n.id));
    for (const [i, n] of nodes.entries()) {
      expect(n.type).toBe(flowType(renal.nodes[i].type));
      expect(nodeTypeOf(n.type!)).toBe(renal.nodes[i].type);
      expect(n.position).toEqual(renal.nodes[i].position);
      expect(n.data.node).toBe(renal.nodes[i]);
      expect(n.selected).toBe(false);
      expect(n.measured).toBeUndefined();
    }
  });

  it('makes one edge per document edge; a switch edge leaves from its branch handle', () => {
    const edges = toFlowEdges(renal);
    expect(edges.map((e) => [e.id, e.source, e.target])).toEqual(renal.edges.map((e) => [e.id, e.source, e.target]));
    expect(edges.find((e) => e.id === 'e2')!.sourceHandle).toBe('yes');
    expect(edges.find((e) => e.id === 'e3')!.sourceHandle).toBe('else');
    expect(edges.find((e) => e.id === 'e1')!.sourceHandle).toBeNull();
  });

  it('lays the screen state over it: selection, measured sizes, a drag in progress, problems and the path', () => {
    const view: ViewState = { selectedNodes: ['dose'], selectedEdges: ['e8'], measured: { dose: { width: 200, height: 80 } }, dragging: { advice: { x: 9, y: 9 } } };
    const broken = apply(renal, { type: 'node.set', node: 'fresh', path: 'branches.stale.condition', value: '(creatinine_age_days > 30' }).doc;
    const marks = { ...marksOf(checkGraph(broken)), path: { nodes: new Map([['patient', 1], ['platin', 2]]), edges: new Set(['e1']) } };
    const nodes = toFlowNodes(broken, view, marks, (d) => `${d.node.id}: ${d.errors}`);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(byId.get('dose')).toMatchObject({ selected: true, measured: { width: 200, height: 80 } });
    expect(byId.get('advice')!.position).toEqual({ x: 9, y: 9 });
    expect(byId.get('fresh')!.data).toMatchObject({ errors: 1, warnings: 0 });
    expect(byId.get('fresh')!.ariaLabel).toBe('fresh: 1');
    expect(byId.get('platin')!.data.step).toBe(2);
    expect(byId.get('dose')!.data.step).toBeUndefined();
    const edges = toFlowEdges(broken, view, marks);
    expect(edges.find((e) => e.id === 'e1')).toMatchObject({ animated: true, className: 'rule-edge--path', data: { onPath: true } });
    expect(edges.find((e) => e.id === 'e8')!.selected).toBe(true);
  });

  it('comes back to the same document, and screen state never enters it', () => {
    const view: ViewState = { selectedNodes: ['dose', 'patient'], selectedEdges: ['e1'], measured: { dose: { width: 1, height: 2 } }, dragging: {} };
    const back = fromFlow(toFlowNodes(renal, view), toFlowEdges(renal, view));
    expect(back).toEqual(renal);
    expect(JSON.stringify(back)).not.toMatch(/"(selected|measured|dragging|sourceHandle|data)"/);
  });
});

describe('React Flow → commands', () => {
  it('turns a drawn connection into an edge, from a branch handle when it has one', () => {
    expect(edgeFromConnection({ source: 'advice', sourceHandle: 'stop', target: 'out_ok', targetHandle: null }, 'e_new')).toEqual({ id: 'e_new', source: 'advice', source_handle: 'stop', target: 'out_ok' });
    expect(edgeFromConnection({ source: 'dose', sourceHandle: null, target: 'advice', targetHandle: null }, 'e_x')).toEqual({ id: 'e_x', source: 'dose', target: 'advice' });
  });

  it('refuses connections onto the node itself, into the input and the same one twice', () => {
    expect(connectionAllowed(renal, { source: 'dose', target: 'dose', sourceHandle: null })).toBe(false);
    expect(connectionAllowed(renal, { source: 'dose', target: 'patient', sourceHandle: null })).toBe(false);
    expect(connectionAllowed(renal, { source: 'dose', target: 'advice', sourceHandle: null })).toBe(false);
    expect(connectionAllowed(renal, { source: 'advice', target: 'out_ok', sourceHandle: 'stop' })).toBe(true);
  });

  it('keeps a drag in the view until the drop, which is one move command', () => {
    let view = emptyView();
    let r = readNodeChanges([{ id: 'dose', type: 'position', position: { x: 10, y: 10 }, dragging: true }], renal, view);
    expect(r.commands).toEqual([]);
    view = r.view;
    r = readNodeChanges([{ id: 'dose', type: 'position', position: { x: 20, y: 30 }, dragging: true }], renal, view);
    expect(r.view.dragging).toEqual({ dose: { x: 20, y: 30 } });
    r = readNodeChanges([{ id: 'dose', type: 'position', position: { x: 25, y: 35 }, dragging: false }], renal, r.view);
    expect(r.commands).toEqual([{ command: { type: 'node.move', moves: [{ id: 'dose', position: { x: 25, y: 35 } }] } }]);
    expect(r.view.dragging).toEqual({});
  });

  it('makes arrow-key moves commands that merge into one step per node set', () => {
    const r = readNodeChanges([{ id: 'dose', type: 'position', position: { x: 5, y: 0 }, dragging: false }], renal, emptyView());
    expect(r.commands).toEqual([{ command: { type: 'node.move', moves: [{ id: 'dose', position: { x: 5, y: 0 } }] }, mergeKey: 'keys:dose' }]);
  });

  it('keeps sizes and selection in the view, and ignores changes of nodes that are gone', () => {
    const r = readNodeChanges(
      [
        { id: 'dose', type: 'dimensions', dimensions: { width: 180, height: 90 } },
        { id: 'dose', type: 'select', selected: true },
        { id: 'gone', type: 'position', position: { x: 1, y: 1 }, dragging: false },
      ],
      renal,
      emptyView(),
    );
    expect(r.view.measured).toEqual({ dose: { width: 180, height: 90 } });
    expect(r.view.selectedNodes).toEqual(['dose']);
    expect(r.commands).toEqual([]);
    expect(readNodeChanges([{ id: 'dose', type: 'select', selected: false }], renal, r.view).view.selectedNodes).toEqual([]);
    const edges = readEdgeChanges([{ id: 'e1', type: 'select', selected: true }], emptyView());
    expect(edges.selectedEdges).toEqual(['e1']);
  });
});
