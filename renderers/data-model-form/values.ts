// The recording form's small pure pieces: texts of a model in a language, where a value sits (paths and their
// keys), numbers as people type them, setting a value at a path, and the unit shown after a number.
import type { DataModelOption, DataModelParameter } from '../../src/generated/types/entities';
import { nameOf, textIn, type DocPath } from '../../src/domain/data-model/document';
import type { RecordProblem, RecordValues } from '../../src/domain/data-model/record';
import type { Lang } from '../../src/domain/language';
import { unitSymbol } from '../../src/domain/units';

/** A parameter's label in the form's language, else the other language's, else (no label at all) its code. */
export const labelOf = (p: DataModelParameter, lang: Lang): string => nameOf(p.label, lang, p.code);

/** An option's text: its translation in the language, else its own label (written in the model's language). */
export const optionLabel = (o: DataModelOption, lang: Lang): string => textIn(o.translation, lang) ?? (o.label.trim() ? o.label : o.value);

/** The unit shown after a number: the catalogue's symbol for a unit it knows (µmol/L for umol/L), else the text as stored. */
export const unitText = (p: DataModelParameter): string | undefined => (p.unit?.trim() ? unitSymbol(p.unit.trim()) : undefined);

/** A path as one string, to key problems and touched fields (`prior_treatments.0.treatment_name`). */
export const pathKey = (path: readonly (string | number)[]): string => path.join('.');

/** A problem from the server's refusal (problem_list of 14060): its path may come as a list or as dotted/slashed text. */
export interface ServerProblem {
  path: DocPath | string;
  key: string;
  params?: Record<string, unknown>;
  message?: string;
  severity?: 'error' | 'warning';
}

export const toPath = (path: DocPath | string): DocPath =>
  Array.isArray(path)
    ? path
    : path
        .split(/[./]/)
        .filter(Boolean)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** A copy of the values with `value` at `path` (undefined removes it); objects and rows on the way are copied, never changed. */
export function setAt(values: RecordValues, path: DocPath, value: unknown): RecordValues {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    const next = { ...values } as Record<string, unknown>;
    if (value === undefined) delete next[head as string];
    else next[head as string] = value;
    return next as RecordValues;
  }
  const child = (values as Record<string, unknown>)[head as string];
  if (typeof rest[0] === 'number') {
    const rows = Array.isArray(child) ? [...(child as RecordValues[])] : [];
    const [index, ...inner] = rest as [number, ...DocPath];
    rows[index] = inner.length ? setAt((rows[index] ?? {}) as RecordValues, inner, value) : (value as RecordValues);
    return { ...values, [head]: rows } as RecordValues;
  }
  const obj = child && typeof child === 'object' && !Array.isArray(child) ? (child as RecordValues) : {};
  return { ...values, [head]: setAt(obj, rest, value) } as RecordValues;
}

/**
 * What a number box's text means: a number once it reads as one ("12." is 12 while the person types on; a comma
 * is a decimal separator, as Turkish writes it), undefined when empty, else the text itself, which the check
 * refuses with "Please write a number." rather than losing it.
 */
export function parseNumber(text: string): number | string | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return undefined;
  const dotted = trimmed.includes(',') && !trimmed.includes('.') ? trimmed.replace(',', '.') : trimmed;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(dotted) ? Number(dotted) : text;
}

/** A stored number as the language writes it (72,5 in Turkish). */
export const numberText = (value: unknown, lang: Lang): string =>
  typeof value === 'number' ? (lang === 'tr' ? String(value).replace('.', ',') : String(value)) : typeof value === 'string' ? value : '';

/** Problems by the key of their path. */
export function problemsByPath<P extends { path: DocPath }>(problems: readonly P[]): Map<string, P[]> {
  const map = new Map<string, P[]>();
  for (const p of problems) {
    const key = pathKey(p.path);
    map.set(key, [...(map.get(key) ?? []), p]);
  }
  return map;
}

/** The problems a form shows: the check's, and the server's for paths the person has not changed since. */
export type ShownProblem = Pick<RecordProblem, 'path' | 'severity'> & { key: string; params: Record<string, unknown>; message?: string };
