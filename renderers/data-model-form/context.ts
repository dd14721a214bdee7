// What every field of one recording form reads: the compiled model, the values, the form's language and its
// strings, and how a field finds its id, its problems and sets its value.
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { DocPath } from '../../src/domain/data-model/document';
import type { CompiledModel, RecordValues } from '../../src/domain/data-model/record';
import type { Lang } from '../../src/domain/language';

/** A problem as a field shows it: its severity and its message in the form's language. */
export interface FieldMessage {
  severity: 'error' | 'warning';
  text: string;
}

export interface FormContextValue {
  compiled: CompiledModel;
  values: RecordValues;
  lang: Lang;
  /** The strings in the form's language (a preview in the other language reads its own). */
  t: TFunction;
  readOnly: boolean;
  /** The DOM id of the control at a path (unique on the page: two forms may stand side by side). */
  idOf: (path: DocPath) => string;
  /** The messages shown at exactly this path now (after the field was left, a submit, or at once in a tester). */
  messagesAt: (path: DocPath) => FieldMessage[];
  /** The messages at this path and below it (a chart's points). */
  messagesUnder: (path: DocPath) => { path: DocPath; message: FieldMessage }[];
  set: (path: DocPath, value: unknown) => void;
  /** The field at this path was left: its problems show from now on. */
  touch: (path: DocPath) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('A recording-form field outside its form');
  return ctx;
}
