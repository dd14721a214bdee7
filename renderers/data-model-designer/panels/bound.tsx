// Fields bound to the document: each edit is a command; typing in one box is one undo step (a merge key per
// focus), and leaving the box seals it. A field shows the model's problems at its own path.
import { useRef, useState, type ReactNode } from 'react';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../src/app/ui';
import type { Command } from '../../../src/domain/data-model/commands';
import { useDesigner, useDesignerApi } from '../store';

let focusCount = 0;

/** A merge key for one stay in a box: commands typed there are one step; blur ends it. */
export function useTyping(name: string) {
  const api = useDesignerApi();
  const key = useRef(`${name}#0`);
  return {
    mergeKey: () => key.current,
    onFocus: () => {
      key.current = `${name}#${++focusCount}`;
    },
    onBlur: () => api.getState().seal(),
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
export function BoundText({ value, command, multiline, maxLength, keepEmpty, inputMode, ...c }: Common & { value: string | undefined; command: (v: string | undefined) => Command; multiline?: boolean; maxLength?: number; keepEmpty?: boolean; inputMode?: 'text' | 'numeric' | 'decimal' }) {
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  const typing = useTyping(c.name);
  const onValue = (v: string) => api.getState().run(command(v === '' && !keepEmpty ? undefined : v), { mergeKey: typing.mergeKey() });
  const props = { label: c.label, error: c.error, hint: c.hint, required: c.required, value: value ?? '', maxLength, readOnly, onFocus: typing.onFocus, onBlur: typing.onBlur };
  return multiline ? <TextAreaField {...props} rows={3} onValue={onValue} /> : <TextField {...props} inputMode={inputMode} onValue={onValue} />;
}

/**
 * A number box: what is typed stays as typed ("1." or "-" on the way to a number); the document gets the number
 * once it is one, and nothing when the box is emptied. A comma is read as the decimal point.
 */
export function BoundNumber({ value, command, integer, ...c }: Common & { value: number | undefined; command: (v: number | undefined) => Command; integer?: boolean }) {
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
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
      readOnly={readOnly}
      inputMode={integer ? 'numeric' : 'decimal'}
      onFocus={typing.onFocus}
      onBlur={() => {
        setTyped(null);
        typing.onBlur();
      }}
      onValue={(v) => {
        setTyped(v);
        const text = v.trim().replace(',', '.');
        if (text === '') api.getState().run(command(undefined), { mergeKey: typing.mergeKey() });
        else if (/^-?\d+(\.\d+)?$/.test(text) && (!integer || /^-?\d+$/.test(text))) api.getState().run(command(Number(text)), { mergeKey: typing.mergeKey() });
      }}
    />
  );
}

export function BoundSelect({ value, command, options, placeholder, ...c }: Common & { value: string | undefined; command: (v: string | undefined) => Command; options: { value: string; label: string }[]; placeholder?: string }) {
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  return (
    <SelectField label={c.label} error={c.error} hint={c.hint} required={c.required} value={value ?? ''} options={options} placeholder={placeholder} disabled={readOnly} onValue={(v) => api.getState().run(command(v === '' ? undefined : v))} />
  );
}

export function BoundCheckbox({ checked, command, ...c }: Common & { checked: boolean; command: (v: boolean) => Command }) {
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  return <CheckboxField label={c.label} error={c.error} hint={c.hint} checked={checked} disabled={readOnly} onChecked={(v) => api.getState().run(command(v))} />;
}
