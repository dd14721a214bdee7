// The command stack shared by the hand-written editors (the rule canvas, the data-model designer): every edit
// is a plain command object run by its handler on an immer draft; the stack keeps each command with the
// patches it made and their inverse, so undo puts back exactly the document before it and redo exactly the one
// after it, and the same entries are the edit history (what changed, in order). Pure TypeScript.
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

export interface Applied<D> {
  doc: D;
  patches: Patch[];
  inverse: Patch[];
}

/** Runs a handler on a draft of the document: the next document and the patches both ways (none when nothing changed). */
export function applyWith<D, C>(doc: D, command: C, handler: (draft: Draft<D>, command: C) => void): Applied<D> {
  const [next, patches, inverse] = produceWithPatches(doc, (draft: Draft<D>) => {
    handler(draft, command);
  });
  return { doc: next as D, patches, inverse };
}

export interface Entry<C> {
  command: C;
  /** Commands merged into this entry after the first (typing in one text box is one step). */
  merged: number;
  mergeKey?: string;
  patches: Patch[];
  inverse: Patch[];
}

export interface History<C> {
  past: Entry<C>[];
  future: Entry<C>[];
  /** When true the next command starts a new entry even with the same merge key. */
  sealed: boolean;
}

export const MAX_HISTORY = 200;

export const emptyHistory = <C>(): History<C> => ({ past: [], future: [], sealed: true });

export interface ExecuteOptions {
  /** Consecutive commands with the same key (and no seal in between) are one undo step. */
  mergeKey?: string;
  /** How many entries the history keeps (MAX_HISTORY unless told). */
  limit?: number;
}

/** Records what a command did; answers null when it changed nothing (nothing is recorded). */
export function record<D, C>(applied: Applied<D>, history: History<C>, command: C, options: ExecuteOptions = {}): { doc: D; history: History<C> } | null {
  const { doc: next, patches, inverse } = applied;
  if (!patches.length) return null;
  const last = history.past[history.past.length - 1];
  if (last && options.mergeKey && !history.sealed && last.mergeKey === options.mergeKey) {
    const merged: Entry<C> = { ...last, merged: last.merged + 1, patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse] };
    return { doc: next, history: { past: [...history.past.slice(0, -1), merged], future: [], sealed: false } };
  }
  const entry: Entry<C> = { command, merged: 0, mergeKey: options.mergeKey, patches, inverse };
  return { doc: next, history: { past: [...history.past, entry].slice(-(options.limit ?? MAX_HISTORY)), future: [], sealed: !options.mergeKey } };
}

export function undo<D, C>(doc: D, history: History<C>): { doc: D; history: History<C>; entry: Entry<C> } | null {
  const entry = history.past[history.past.length - 1];
  if (!entry) return null;
  return { doc: applyPatches(doc as object, entry.inverse) as D, history: { past: history.past.slice(0, -1), future: [entry, ...history.future], sealed: true }, entry };
}

export function redo<D, C>(doc: D, history: History<C>): { doc: D; history: History<C>; entry: Entry<C> } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return { doc: applyPatches(doc as object, entry.patches) as D, history: { past: [...history.past, entry], future: history.future.slice(1), sealed: true }, entry };
}

/** Ends the current merge: the next command is a step of its own (a text box lost the focus). */
export const seal = <C>(history: History<C>): History<C> => (history.sealed ? history : { ...history, sealed: true });

// ---- setting one value by a dotted path ----

type Container = Record<string, unknown> | unknown[];

/** The child of a container named by one path segment: a list item by `idKey` (else by index); an object's key. */
function child(container: Container, segment: string, idKey: string): { key: string | number; value: unknown } {
  if (Array.isArray(container)) {
    const byId = container.findIndex((item) => (item as Record<string, unknown> | null)?.[idKey] === segment);
    const index = byId >= 0 ? byId : /^\d+$/.test(segment) ? Number(segment) : -1;
    if (index < 0 || index >= container.length) throw new Error(`no item ${segment}`);
    return { key: index, value: container[index] };
  }
  return { key: segment, value: container[segment] };
}

/**
 * Sets one value inside a (draft) object by a dotted path: `name.tr`, `branches.b1.condition`, `fields.0.name`.
 * A list is entered by an item's `idKey` (`id` unless told) or its index; missing objects on the way are made;
 * `undefined` removes the key.
 */
export function setAtPath(target: object, path: string, value: unknown, idKey = 'id'): void {
  const segments = path.split('.');
  let at = target as Container;
  for (const segment of segments.slice(0, -1)) {
    let { key, value: next } = child(at, segment, idKey);
    if (next === undefined || next === null) {
      (at as Record<string | number, unknown>)[key] = {};
      next = (at as Record<string | number, unknown>)[key];
    }
    at = next as Container;
  }
  const last = segments[segments.length - 1];
  const key = Array.isArray(at) ? child(at, last, idKey).key : last;
  if (value === undefined && !Array.isArray(at)) delete (at as Record<string, unknown>)[last];
  else (at as Record<string | number, unknown>)[key] = value;
}
