// The rule canvas's command stack: every command undoes to exactly the document before it and redoes to
// exactly the one after it; typing in one box is one step; copy/paste gives fresh ids.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkGraph, type DecisionGraph, type RuleNode } from '../../src/domain/rules';
import { copyNodes, pasteCommand } from '../../renderers/rule-canvas/model/clipboard';
import { apply, emptyHistory, execute, MAX_HISTORY, redo, seal, undo, type Command, type History } from '../../renderers/rule-canvas/model/commands';
import { createCanvasStore } from '../../renderers/rule-canvas/store';
import { createNode } from '../../renderers/rule-canvas/nodes/registry';

const fixture = (name: string) =>
  (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages', `${name}.json`), 'utf8')) as { document: DecisionGraph }).document;

const renal = fixture('renal_dose_alert');
const labs = fixture('lab_gate_before_cycle');

const outputNode: RuleNode = { id: 'new_out', type: 'output', position: { x: 5, y: 6 }, kind: 'alert', severity: 'warning', code: 'x', text: { en: 'X', tr: 'X' } };

/** One command of every kind (and the variants that pull other things with them), on the renal fixture. */
const COMMANDS: [string, Command][] = [
  ['add a node', { type: 'node.add', nodes: [outputNode] }],
  ['add nodes with an edge', { type: 'node.add', nodes: [outputNode, { ...outputNode, id: 'new_out2' }], edges: [{ id: 'new_e', source: 'new_out', target: 'new_out2' }] }],
  ['move nodes', { type: 'node.move', moves: [{ id: 'platin', position: { x: 1, y: 2 } }, { id: 'dose', position: { x: -30, y: 40.5 } }] }],
  ['delete a node with its edges', { type: 'node.delete', nodes: ['clearance'] }],
  ['delete nodes and an edge', { type: 'node.delete', nodes: ['out_ok', 'out_stop'], edges: ['e3'] }],
  ['connect', { type: 'edge.add', edge: { id: 'e99', source: 'advice', source_handle: 'reduce', target: 'out_ok' } }],
  ['delete edges', { type: 'edge.delete', edges: ['e1', 'e7'] }],
  ['edit a condition', { type: 'node.set', node: 'fresh', path: 'branches.stale.condition', value: '(days_since(creatinine_date) > 30' }],
  ['edit a table cell', { type: 'node.set', node: 'sex_factor', path: `rows.${(renal.nodes.find((n) => n.id === 'sex_factor') as { rows: { id: string }[] }).rows[0].id}.cells.${(renal.nodes.find((n) => n.id === 'sex_factor') as { inputs: { id: string }[] }).inputs[0].id}`, value: '"other"' }],
  ['edit an expression', { type: 'node.set', node: 'clearance', path: `assignments.0.expression`, value: '1 + 2' }],
  ['edit an output text', { type: 'node.set', node: 'out_ok', path: 'text.tr', value: 'Tamam' }],
  ['give a node a name', { type: 'node.set', node: 'dose', path: 'name.en', value: 'Dose table' }],
  ['clear an optional value', { type: 'node.set', node: 'patient', path: 'fields.0.unit', value: undefined }],
  ['change a hit policy', { type: 'node.set', node: 'dose', path: 'hit_policy', value: 'collect' }],
  ['add a table row', { type: 'item.add', node: 'dose', part: 'rows', item: { id: 'rx', cells: {}, results: {} }, index: 0 }],
  ['remove a table row', { type: 'item.remove', node: 'dose', part: 'rows', index: 1 }],
  ['add an input column', { type: 'item.add', node: 'dose', part: 'inputs', item: { id: 'cx', expression: 'age' } }],
  ['remove an input column with its cells', { type: 'item.remove', node: 'dose', part: 'inputs', index: 0 }],
  ['remove an output column with its results', { type: 'item.remove', node: 'dose', part: 'outputs', index: 0 }],
  ['add a branch', { type: 'item.add', node: 'advice', part: 'branches', item: { id: 'b9', condition: 'age > 90' } }],
  ['remove a branch with its edges', { type: 'item.remove', node: 'advice', part: 'branches', index: 0 }],
  ['add an assignment', { type: 'item.add', node: 'clearance', part: 'assignments', item: { id: 'a9', variable: 'twice', expression: 'age * 2' } }],
  ['remove an assignment', { type: 'item.remove', node: 'clearance', part: 'assignments', index: 0 }],
  ['add an input field', { type: 'item.add', node: 'patient', part: 'fields', item: { name: 'height', type: 'number' } }],
  ['remove an input field', { type: 'item.remove', node: 'patient', part: 'fields', index: 1 }],
  ['reorder rows', { type: 'item.move', node: 'dose', part: 'rows', from: 0, to: 1 }],
  ['replace the document', { type: 'document.replace', doc: labs }],
];

describe('the command stack', () => {
  it.each(COMMANDS)('%s: undo gives exactly the document before, redo exactly the one after', (_name, command) => {
    const before = structuredClone(renal);
    const done = execute(renal, emptyHistory(), command)!;
    expect(done, 'the command changed something').not.toBeNull();
    expect(done.doc).not.toEqual(before);
    const after = structuredClone(done.doc);
    const undone = undo(done.doc, done.history)!;
    expect(undone.doc).toEqual(before);
    expect(undone.history.past).toHaveLength(0);
    const redone = redo(undone.doc, undone.history)!;
    expect(redone.doc).toEqual(after);
    // The original document was never touched (frozen or not).
    expect(renal).toEqual(before);
  });

  it('pulls what hangs on a removed part: the cells of a column, the edges of a branch or a node', () => {
    const noColumn = apply(renal, { type: 'item.remove', node: 'dose', part: 'inputs', index: 0 }).doc;
    const dose = noColumn.nodes.find((n) => n.id === 'dose') as Extract<RuleNode, { type: 'table' }>;
    const removed = (renal.nodes.find((n) => n.id === 'dose') as typeof dose).inputs[0].id;
    expect(dose.rows.every((r) => !(removed in r.cells))).toBe(true);
    expect(checkGraph(noColumn).filter((i) => i.code === 'unknown_column')).toEqual([]);

    const noBranch = apply(renal, { type: 'item.remove', node: 'advice', part: 'branches', index: 0 }).doc;
    expect(noBranch.edges.find((e) => e.id === 'e9')).toBeUndefined();
    const noNode = apply(renal, { type: 'node.delete', nodes: ['clearance'] }).doc;
    expect(noNode.edges.some((e) => e.source === 'clearance' || e.target === 'clearance')).toBe(false);
  });

  it('undoes and redoes a series step by step, and a new command drops what could be redone', () => {
    let doc = renal;
    let history: History = emptyHistory();
    const docs = [doc];
    for (const [, command] of COMMANDS.slice(0, 6)) {
      ({ doc, history } = execute(doc, history, command)!);
      docs.push(doc);
    }
    for (let i = docs.length - 2; i >= 0; i--) {
      ({ doc, history } = undo(doc, history)!);
      expect(doc).toEqual(docs[i]);
    }
    expect(undo(doc, history)).toBeNull();
    for (let i = 1; i < docs.length; i++) {
      ({ doc, history } = redo(doc, history)!);
      expect(doc).toEqual(docs[i]);
    }
    expect(redo(doc, history)).toBeNull();
    ({ doc, history } = undo(doc, history)!);
    ({ doc, history } = undo(doc, history)!);
    ({ doc, history } = execute(doc, history, { type: 'node.set', node: 'out_ok', path: 'code', value: 'changed' })!);
    expect(history.future).toEqual([]);
    expect(redo(doc, history)).toBeNull();
  });

  it('records nothing for a command that changes nothing', () => {
    const same = execute(renal, emptyHistory(), { type: 'node.set', node: 'dose', path: 'hit_policy', value: (renal.nodes.find((n) => n.id === 'dose') as { hit_policy: string }).hit_policy });
    expect(same).toBeNull();
  });

  it('makes typing in one box one step (same merge key, no seal), and a seal or another key starts a new one', () => {
    let doc = renal;
    let history = emptyHistory();
    const type = (text: string, key = 'fresh:branches.stale.condition') => ({ doc, history } = execute(doc, history, { type: 'node.set', node: 'fresh', path: 'branches.stale.condition', value: text }, { mergeKey: key })!);
    type('(');
    type('(a');
    type('(a >');
    expect(history.past).toHaveLength(1);
    expect(history.past[0].merged).toBe(2);
    history = seal(history);
    type('(a > 1');
    expect(history.past).toHaveLength(2);
    ({ doc, history } = execute(doc, history, { type: 'node.set', node: 'out_ok', path: 'code', value: 'k' })!);
    expect(history.past).toHaveLength(3);
    ({ doc, history } = undo(doc, history)!);
    ({ doc, history } = undo(doc, history)!);
    expect((doc.nodes.find((n) => n.id === 'fresh') as Extract<RuleNode, { type: 'switch' }>).branches.find((b) => b.id === 'stale')!.condition).toBe('(a >');
    ({ doc, history } = undo(doc, history)!);
    expect(doc).toEqual(renal);
  });

  it('keeps at most MAX_HISTORY steps', () => {
    let doc = renal;
    let history = emptyHistory();
    for (let i = 0; i < MAX_HISTORY + 5; i++) ({ doc, history } = execute(doc, history, { type: 'node.move', moves: [{ id: 'dose', position: { x: i, y: i } }] })!);
    expect(history.past).toHaveLength(MAX_HISTORY);
  });
});

describe('copy, paste and duplicate', () => {
  it('paste gives every node and edge a fresh id, keeps the edges between copied nodes and moves the copies aside', () => {
    const clip = copyNodes(renal, ['advice', 'out_stop', 'out_reduce', 'dose'])!;
    expect(clip.nodes.map((n) => n.id)).toEqual(['dose', 'advice', 'out_stop', 'out_reduce']);
    expect(clip.edges.map((e) => e.id).sort()).toEqual(['e10', 'e8', 'e9']);
    const paste = pasteCommand(renal, clip);
    const ids = new Set([...renal.nodes.map((n) => n.id), ...renal.edges.map((e) => e.id)]);
    for (const n of paste.nodes) expect(ids.has(n.id), n.id).toBe(false);
    for (const e of paste.edges!) expect(ids.has(e.id), e.id).toBe(false);
    const fresh = new Set(paste.nodes.map((n) => n.id));
    expect(new Set([...fresh, ...paste.edges!.map((e) => e.id)]).size).toBe(paste.nodes.length + paste.edges!.length);
    for (const e of paste.edges!) expect(fresh.has(e.source) && fresh.has(e.target)).toBe(true);
    // A switch's edges keep leaving from the same branch of the copy.
    const advice = paste.nodes.find((n) => n.type === 'switch')!;
    expect(paste.edges!.filter((e) => e.source === advice.id).map((e) => e.source_handle).sort()).toEqual(['reduce', 'stop']);
    const original = renal.nodes.find((n) => n.id === 'advice')!;
    expect(advice.position).toEqual({ x: original.position.x + 40, y: original.position.y + 40 });

    const pasted = execute(renal, emptyHistory(), paste)!;
    expect(pasted.doc.nodes).toHaveLength(renal.nodes.length + 4);
    expect(checkGraph(pasted.doc).filter((i) => i.code === 'duplicate_id')).toEqual([]);
    expect(undo(pasted.doc, pasted.history)!.doc).toEqual(renal);
  });

  it('copies nothing when no node is chosen, and pasting twice gives two sets of fresh ids', () => {
    expect(copyNodes(renal, [])).toBeNull();
    expect(copyNodes(renal, ['e1'])).toBeNull();
    const store = createCanvasStore(renal);
    store.getState().select(['dose']);
    expect(store.getState().copy()).toBe(true);
    expect(store.getState().paste()).toBe(true);
    expect(store.getState().paste()).toBe(true);
    const tables = store.getState().doc.nodes.filter((n) => n.type === 'table').map((n) => n.id);
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables).toHaveLength(4);
    // The pasted node is selected; duplicate copies the selection without touching the clipboard.
    expect(store.getState().view.selectedNodes).toHaveLength(1);
    expect(store.getState().duplicate()).toBe(true);
    expect(store.getState().doc.nodes.filter((n) => n.type === 'table')).toHaveLength(5);
    for (let i = 0; i < 3; i++) store.getState().undo();
    expect(store.getState().doc).toEqual(renal);
  });
});

describe('the canvas store', () => {
  it('runs commands, undoes and redoes, and refuses edits when read only', () => {
    const store = createCanvasStore(renal);
    const s = () => store.getState();
    expect(s().run({ type: 'node.add', nodes: [createNode('switch', 'sw_1', { x: 0, y: 0 })] })).toBe(true);
    expect(s().view.selectedNodes).toEqual(['sw_1']);
    expect(s().undo()).toBe(true);
    expect(s().doc).toEqual(renal);
    expect(s().view.selectedNodes).toEqual([]);
    expect(s().redo()).toBe(true);
    expect(s().doc.nodes.at(-1)!.id).toBe('sw_1');
    s().load(renal, true);
    expect(s().run({ type: 'node.delete', nodes: ['dose'] })).toBe(false);
    expect(s().doc).toBe(renal);
  });

  it('creates nodes of every type that the checker accepts in shape', () => {
    for (const type of ['input', 'switch', 'table', 'expression', 'output'] as const) {
      const doc: DecisionGraph = { format: 'sema-decision-graph', format_version: 1, nodes: [createNode(type, `${type}_1`, { x: 1, y: 2 })], edges: [] };
      expect(checkGraph(doc).filter((i) => i.code === 'bad_document')).toEqual([]);
    }
  });
});
