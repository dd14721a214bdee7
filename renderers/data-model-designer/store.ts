// The designer's store (one per open model): the model document and its command stack
// (src/domain/data-model/commands.ts), and what the screen points at. Every change of the document goes
// through `run` (a command) or undo/redo; nothing else writes `doc`. A refused command (a group holding
// parameters) leaves the document as it was and says why in `refusal`.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { copyGroups, copyParameters, pasteCommand, type Clip } from '../../src/domain/data-model/clipboard';
import { emptyHistory, execute, redo, seal, undo, type Command, type ExecuteOptions, type History, type ListRef, type Refusal } from '../../src/domain/data-model/commands';
import { findParameter } from '../../src/domain/data-model/document';
import type { DataModel } from '../../src/generated/types/entities';

/** What the outline and the properties panel point at. */
export type Selection = { kind: 'model' } | { kind: 'group'; code: string } | { kind: 'parameter'; code: string };

export type Tab = 'properties' | 'translations' | 'preview' | 'problems' | 'history';

export interface DesignerState {
  doc: DataModel;
  history: History;
  selection: Selection;
  readOnly: boolean;
  tab: Tab;
  refusal: Refusal | null;
  /** Asks the properties panel to move the focus to its first field (Enter in the outline). */
  focusProperties: number;

  run(command: Command, options?: ExecuteOptions): boolean;
  undo(): boolean;
  redo(): boolean;
  seal(): void;
  load(doc: DataModel, readOnly?: boolean): void;
  select(selection: Selection): void;
  setTab(tab: Tab): void;
  openProperties(selection: Selection): void;
  clearRefusal(): void;
  copy(): boolean;
  paste(): boolean;
}

/** The clipboard is shared by every model open in the tab: copy in one, paste in another. */
let clipboard: Clip | null = null;
export const clearClipboard = () => {
  clipboard = null;
};
export const hasClip = () => clipboard !== null;

/** The selection if it still exists in the document, else the model. */
function existing(doc: DataModel, s: Selection): Selection {
  if (s.kind === 'group') return doc.group_list.some((g) => g.code === s.code) ? s : { kind: 'model' };
  if (s.kind === 'parameter') return findParameter(doc, s.code) ? s : { kind: 'model' };
  return s;
}

/** Where a paste goes: after the selected parameter (in its list), into the selected group, else the last group. */
function pasteTarget(doc: DataModel, s: Selection): { to?: ListRef; index?: number } {
  if (s.kind === 'group') return { to: { group: s.code } };
  if (s.kind === 'parameter') {
    const placed = findParameter(doc, s.code);
    if (placed) return { to: placed.parent ? { parent: placed.parent } : { group: placed.group }, index: placed.index + 1 };
  }
  return {};
}

export function createDesignerStore(doc: DataModel, readOnly = false): StoreApi<DesignerState> {
  return createStore<DesignerState>()((set, get) => {
    const changed = (next: DataModel, history: History) => set({ doc: next, history, selection: existing(next, get().selection), refusal: null });
    return {
      doc,
      history: emptyHistory(),
      selection: { kind: 'model' },
      readOnly,
      tab: 'properties',
      refusal: null,
      focusProperties: 0,

      run(command, options) {
        const s = get();
        if (s.readOnly) return false;
        const done = execute(s.doc, s.history, command, options);
        if (!done) return false;
        if (done.refused) {
          set({ refusal: done.refused });
          return false;
        }
        changed(done.doc, done.history);
        // What was added is what the designer works on next.
        if (command.type === 'group.add' && command.groups.length === 1) set({ selection: { kind: 'group', code: command.groups[0].code } });
        if (command.type === 'parameter.add' && command.parameters.length === 1) set({ selection: { kind: 'parameter', code: command.parameters[0].code } });
        // A renamed item stays selected under its new code.
        if (command.type === 'parameter.update' && command.path === 'code' && typeof command.value === 'string') set({ selection: { kind: 'parameter', code: command.value } });
        if (command.type === 'group.update') set({ selection: { kind: 'group', code: command.value } });
        return true;
      },
      undo() {
        const s = get();
        const done = s.readOnly ? null : undo(s.doc, s.history);
        if (!done) return false;
        changed(done.doc, done.history);
        return true;
      },
      redo() {
        const s = get();
        const done = s.readOnly ? null : redo(s.doc, s.history);
        if (!done) return false;
        changed(done.doc, done.history);
        return true;
      },
      seal() {
        const { history } = get();
        const next = seal(history);
        if (next !== history) set({ history: next });
      },
      load(next, ro = get().readOnly) {
        set({ doc: next, history: emptyHistory(), selection: existing(next, get().selection), readOnly: ro, refusal: null });
      },
      select(selection) {
        set({ selection, refusal: null });
      },
      setTab(tab) {
        set({ tab });
      },
      openProperties(selection) {
        set({ selection, tab: 'properties', focusProperties: get().focusProperties + 1, refusal: null });
      },
      clearRefusal() {
        set({ refusal: null });
      },
      copy() {
        const { doc: d, selection } = get();
        const clip = selection.kind === 'group' ? copyGroups(d, [selection.code]) : selection.kind === 'parameter' ? copyParameters(d, [selection.code]) : null;
        if (!clip) return false;
        clipboard = clip;
        return true;
      },
      paste() {
        const { doc: d, selection } = get();
        if (!clipboard) return false;
        if (clipboard.kind === 'parameters' && !d.group_list.length) return false;
        const { to, index } = clipboard.kind === 'parameters' ? pasteTarget(d, selection) : { to: undefined, index: selection.kind === 'group' ? d.group_list.findIndex((g) => g.code === selection.code) + 1 : undefined };
        return get().run(pasteCommand(d, clipboard, to, index));
      },
    };
  });
}

export const DesignerContext = createContext<StoreApi<DesignerState> | null>(null);

export function useDesignerApi(): StoreApi<DesignerState> {
  const api = useContext(DesignerContext);
  if (!api) throw new Error('useDesigner outside the data-model designer');
  return api;
}

export function useDesigner<T>(selector: (s: DesignerState) => T): T {
  return useStore(useDesignerApi(), selector);
}
