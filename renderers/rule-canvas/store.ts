// The canvas's store (one per open package): the saved document and its command stack, apart from the
// screen-only state React Flow is drawn from (selection, sizes, drags), the validation issues of the
// document, and the test run's path. Every change of the document goes through `run` (a command) or
// undo/redo; nothing else writes `doc`.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DecisionGraph, RuleIssue, TraceStep } from '../../src/domain/rules';
import { copyNodes, pasteCommand, type Clip } from './model/clipboard';
import { emptyHistory, execute, redo, seal, undo, type Command, type ExecuteOptions, type History } from './model/commands';
import { emptyView, type ViewState } from './model/flow';
import { showPanel } from './panelLayout';

export type PanelTab = 'editor' | 'test' | 'problems' | 'package';

export interface PathState {
  steps: TraceStep[];
  /** How many steps are lit so far (the path is lit node by node). */
  shown: number;
}

export interface CanvasState {
  doc: DecisionGraph;
  history: History;
  view: ViewState;
  /** checkGraph's issues, and the document they were found in (they lag edits by a short debounce). */
  issues: RuleIssue[];
  checked: DecisionGraph | null;
  path: PathState | null;
  readOnly: boolean;
  tab: PanelTab;
  /** Asks the side panel to move the focus into a node's editor (Enter on a node). */
  focusEditor: number;

  run(command: Command, options?: ExecuteOptions): boolean;
  undo(): boolean;
  redo(): boolean;
  /** Ends typing in one box: the next edit is an undo step of its own. */
  seal(): void;
  /** Starts over from a loaded document (no history). */
  load(doc: DecisionGraph, readOnly?: boolean): void;
  setView(view: ViewState): void;
  select(nodes: string[], edges?: string[]): void;
  setIssues(issues: RuleIssue[], doc: DecisionGraph): void;
  setPath(path: PathState | null): void;
  /** Shows a tab of the side panel (and the panel, when hidden). */
  setTab(tab: PanelTab): void;
  /** Selects a node and opens its editor in the side panel (shown when hidden), the focus in it. */
  openEditor(nodeId: string): void;
  copy(): boolean;
  paste(): boolean;
  duplicate(): boolean;
}

/** The clipboard is shared by every canvas of the tab: copy in one package, paste in another. */
let clipboard: Clip | null = null;
let pastes = 0;
export const clearClipboard = () => {
  clipboard = null;
  pastes = 0;
};

export function createCanvasStore(doc: DecisionGraph, readOnly = false): StoreApi<CanvasState> {
  return createStore<CanvasState>()((set, get) => {
    /** A new document: the selection keeps what still exists; the test path is dropped unless only positions changed. */
    const afterChange = (next: DecisionGraph, history: History, keepPath = false) => {
      const ids = new Set(next.nodes.map((n) => n.id));
      const edgeIds = new Set(next.edges.map((e) => e.id));
      const { view, path } = get();
      set({
        doc: next,
        history,
        path: keepPath ? path : null,
        view: { ...view, selectedNodes: view.selectedNodes.filter((id) => ids.has(id)), selectedEdges: view.selectedEdges.filter((id) => edgeIds.has(id)) },
      });
    };
    return {
      doc,
      history: emptyHistory(),
      view: emptyView(),
      issues: [],
      checked: null,
      path: null,
      readOnly,
      tab: 'editor',
      focusEditor: 0,

      run(command, options) {
        const s = get();
        if (s.readOnly) return false;
        const done = execute(s.doc, s.history, command, options);
        if (!done) return false;
        afterChange(done.doc, done.history, command.type === 'node.move');
        if (command.type === 'node.add') get().select(command.nodes.map((n) => n.id));
        return true;
      },
      undo() {
        const s = get();
        if (s.readOnly) return false;
        const done = undo(s.doc, s.history);
        if (!done) return false;
        afterChange(done.doc, done.history);
        return true;
      },
      redo() {
        const s = get();
        if (s.readOnly) return false;
        const done = redo(s.doc, s.history);
        if (!done) return false;
        afterChange(done.doc, done.history);
        return true;
      },
      seal() {
        const { history } = get();
        const next = seal(history);
        if (next !== history) set({ history: next });
      },
      load(next, ro = get().readOnly) {
        set({ doc: next, history: emptyHistory(), view: emptyView(), issues: [], checked: null, path: null, readOnly: ro });
      },
      setView(view) {
        if (view !== get().view) set({ view });
      },
      select(nodes, edges = []) {
        set({ view: { ...get().view, selectedNodes: nodes, selectedEdges: edges } });
      },
      setIssues(issues, checked) {
        set({ issues, checked });
      },
      setPath(path) {
        set({ path });
      },
      setTab(tab) {
        showPanel();
        set({ tab });
      },
      openEditor(nodeId) {
        showPanel();
        set({ view: { ...get().view, selectedNodes: [nodeId], selectedEdges: [] }, tab: 'editor', focusEditor: get().focusEditor + 1 });
      },
      copy() {
        const s = get();
        const clip = copyNodes(s.doc, s.view.selectedNodes);
        if (!clip) return false;
        clipboard = clip;
        pastes = 0;
        return true;
      },
      paste() {
        if (!clipboard) return false;
        pastes += 1;
        return get().run(pasteCommand(get().doc, clipboard, 40 * pastes));
      },
      duplicate() {
        const s = get();
        const clip = copyNodes(s.doc, s.view.selectedNodes);
        return clip ? s.run(pasteCommand(s.doc, clip)) : false;
      },
    };
  });
}

export const CanvasContext = createContext<StoreApi<CanvasState> | null>(null);

/** The open canvas's store (inside its page). */
export function useCanvasApi(): StoreApi<CanvasState> {
  const api = useContext(CanvasContext);
  if (!api) throw new Error('useCanvas outside the rule canvas');
  return api;
}

export function useCanvas<T>(selector: (s: CanvasState) => T): T {
  return useStore(useCanvasApi(), selector);
}
