// Fields bound to a hand-written editor's document (the data-model designer, the protocol editor): each edit is
// a command run through the editor's `EditorBinding`; typing in one box is one undo step (a merge key per
// focus), and leaving the box seals it. A field shows the problem at its own place when told.
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields';

/** How bound fields reach the editor: its store's run and seal, and whether the document takes changes. */
export interface EditorBinding {
  run(command: unknown, options?: { mergeKey?: string }): boolean;
  seal(): void;
  readOnly: boolean;
}

export const EditorBindingContext = createContext<EditorBinding | null>(null);

/** What an editor's store offers the fields: its commands, the end of a typing step, and whether it takes changes. */
interface BindableState {
  run(command: never, options?: { mergeKey?: string }): boolean;
  seal(): void;
  readOnly: boolean;
}

/** Gives the bound fields inside it an editor's store (the designer's, the protocol editor's). */
export function StoreBinding<S extends BindableState>({ store, children }: { store: StoreApi<S>; children: ReactNode }) {
  const readOnly = useStore(store, (s) => s.readOnly);
  const binding = useMemo<EditorBinding>(() => ({ run: (command, options) => store.getState().run(command as never, options), seal: () => store.getState().seal(), readOnly }), [store, readOnly]);
  return <EditorBindingContext.Provider value={binding}>{children}</EditorBindingContext.Provider>;
}

function useBinding(): EditorBinding {
  const binding = useContext(EditorBindingContext);
  if (!binding) throw new Error('a bound field outside an editor');
  return binding;
}

let focusCount = 0;

/** A merge key for one stay in a box: commands typed there are one step; blur ends it. */
export function useTyping(name: string) {
  const binding = useBinding();
  const key = useRef(`${name}#0`);
  return {
    mergeKey: () => key.current,
    onFocus: () => {
      key.current = `${name}#${++focusCount}`;
    },
    onBlur: () => binding.seal(),
  };
}

interface Common {
  label: ReactNode;
  /** The problem's message at this field, if any. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** A stable name for the merge key (the field's path). */
  name: string;
}

/** A text box: `command(value)` is the command for a typed value ('' → undefined unless `keepEmpty`). */
export function BoundText<C>({ value, command, multiline, maxLength, keepEmpty, inputMode, list, ...c }: Common & { value: string | undefined; command: (v: string | undefined) => C; multiline?: boolean; maxLength?: number; keepEmpty?: boolean; inputMode?: 'text' | 'numeric' | 'decimal'; list?: string }) {
  const binding = useBinding();
  const typing = useTyping(c.name);
  const onValue = (v: string) => binding.run(command(v === '' && !keepEmpty ? undefined : v), { mergeKey: typing.mergeKey() });
  const props = { label: c.label, error: c.error, hint: c.hint, required: c.required, value: value ?? '', maxLength, readOnly: binding.readOnly, onFocus: typing.onFocus, onBlur: typing.onBlur };
  return multiline ? <TextAreaField {...props} rows={3} onValue={onValue} /> : <TextField {...props} inputMode={inputMode} list={list} onValue={onValue} />;
}

/**
 * A number box: what is typed stays as typed ("1." or "-" on the way to a number); the document gets the number
 * once it is one, and nothing when the box is emptied. A comma is read as the decimal point.
 */
export function BoundNumber<C>({ value, command, integer, ...c }: Common & { value: number | undefined; command: (v: number | undefined) => C; integer?: boolean }) {
  const binding = useBinding();
  const typing = useTyping(c.name);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value === undefined ? '' : String(value));
  return (
    <TextField
      label={c.label}
      error={c.error}
      hint={c.hint}
      required={c.required}
      value={shown}
      readOnly={binding.readOnly}
      inputMode={integer ? 'numeric' : 'decimal'}
      onFocus={typing.onFocus}
      onBlur={() => {
        setTyped(null);
        typing.onBlur();
      }}
      onValue={(v) => {
        setTyped(v);
        const text = v.trim().replace(',', '.');
        if (text === '') binding.run(command(undefined), { mergeKey: typing.mergeKey() });
        else if (/^-?\d+(\.\d+)?$/.test(text) && (!integer || /^-?\d+$/.test(text))) binding.run(command(Number(text)), { mergeKey: typing.mergeKey() });
      }}
    />
  );
}

export function BoundSelect<C>({ value, command, options, placeholder, ...c }: Common & { value: string | undefined; command: (v: string | undefined) => C; options: { value: string; label: string }[]; placeholder?: string }) {
  const binding = useBinding();
  return (
    <SelectField label={c.label} error={c.error} hint={c.hint} required={c.required} value={value ?? ''} options={options} placeholder={placeholder} disabled={binding.readOnly} onValue={(v) => binding.run(command(v === '' ? undefined : v))} />
  );
}

export function BoundCheckbox<C>({ checked, command, ...c }: Common & { checked: boolean; command: (v: boolean) => C }) {
  const binding = useBinding();
  return <CheckboxField label={c.label} error={c.error} hint={c.hint} checked={checked} disabled={binding.readOnly} onChecked={(v) => binding.run(command(v))} />;
}
