// The protocol editor's store (one per open protocol): the protocol as the editor holds it and its command
// stack (src/domain/command-stack.ts, as the other editors), and the line being edited. Every change of the
// document goes through `run` (a command) or undo/redo; nothing else writes `doc`.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { applyWith, emptyHistory, record, redo, seal, setAtPath, undo, type ExecuteOptions, type History } from '../../src/domain/command-stack';
import type { ProtocolDrug } from '../../src/generated/types/entities';
import type { ProtocolSaveRequest } from '../../src/generated/types/routes';

/** What the editor edits and the save route takes: the protocol without what the server keeps. */
export type ProtocolDoc = ProtocolSaveRequest['protocol'];
export type Line = ProtocolDrug;

export type Command =
  /** One value by a dotted path: `name`, `gfr_cap`, `drug_list.<item_id>.dosage`, `lab_gate_list` (undefined removes it). */
  | { type: 'set'; path: string; value: unknown }
  | { type: 'line.add'; line: Line; index: number }
  | { type: 'line.remove'; item_id: string }
  | { type: 'line.move'; item_id: string; by: -1 | 1 };

function handle(draft: ProtocolDoc, command: Command): void {
  const lines = draft.drug_list;
  const at = (id: string) => lines.findIndex((l) => l.item_id === id);
  switch (command.type) {
    case 'set':
      setAtPath(draft, command.path, command.value, 'item_id');
      return;
    case 'line.add':
      lines.splice(Math.max(0, Math.min(command.index, lines.length)), 0, command.line);
      return;
    case 'line.remove': {
      const i = at(command.item_id);
      if (i >= 0) lines.splice(i, 1);
      return;
    }
    case 'line.move': {
      const i = at(command.item_id);
      const j = i + command.by;
      if (i < 0 || j < 0 || j >= lines.length) return;
      const [line] = lines.splice(i, 1);
      lines.splice(j, 0, line);
    }
  }
}

export interface EditorState {
  doc: ProtocolDoc;
  history: History<Command>;
  readOnly: boolean;
  /** The line whose fields are open below the table. */
  selected: string | null;
  run(command: Command, options?: ExecuteOptions): boolean;
  undo(): boolean;
  redo(): boolean;
  seal(): void;
  load(doc: ProtocolDoc, readOnly?: boolean): void;
  select(itemId: string | null): void;
}

export function createEditorStore(doc: ProtocolDoc, readOnly = false): StoreApi<EditorState> {
  return createStore<EditorState>()((set, get) => {
    // The selection follows the document: a removed line is no longer open.
    const changed = (next: ProtocolDoc, history: History<Command>) => set({ doc: next, history, selected: next.drug_list.some((l) => l.item_id === get().selected) ? get().selected : null });
    return {
      doc,
      history: emptyHistory(),
      readOnly,
      selected: null,
      run(command, options) {
        const s = get();
        if (s.readOnly) return false;
        const done = record(applyWith(s.doc, command, handle), s.history, command, options);
        if (!done) return false;
        changed(done.doc, done.history);
        // A new line is what the pharmacist fills in next.
        if (command.type === 'line.add') set({ selected: command.line.item_id });
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
        set({ doc: next, history: emptyHistory(), readOnly: ro, selected: null });
      },
      select(selected) {
        set({ selected });
      },
    };
  });
}

export const EditorContext = createContext<StoreApi<EditorState> | null>(null);

export function useEditorApi(): StoreApi<EditorState> {
  const api = useContext(EditorContext);
  if (!api) throw new Error('useEditor outside the protocol editor');
  return api;
}

export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(useEditorApi(), selector);
}
