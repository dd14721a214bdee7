// Fields that follow another one on a new record (a screen's field hint `derive`): a unit's paths and route
// name follow its captions until the user types them. Pure functions: the form and the unit tests use them.
import type { DeriveHint } from '../../../src/domain/screen';

const TURKISH: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i̇: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/** A path segment from a caption: lower case, Turkish letters spelled in English letters, words joined by `joiner`. */
export function slug(text: string, joiner = '-'): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/[çğıöşüâîû]|i̇/g, (c) => TURKISH[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, joiner)
    .replace(new RegExp(`^\\${joiner}+|\\${joiner}+$`, 'g'), '');
}

/** The derived value of a source text, or undefined when there is nothing to derive (or no valid value). */
export function deriveValue(as: DeriveHint['as'], source: unknown, maxLength?: number): string | undefined {
  if (typeof source !== 'string') return undefined;
  let value: string;
  if (as === 'name') {
    value = slug(source, '_');
    if (!/^[a-z]/.test(value)) return undefined;
  } else value = as === 'path' ? `/${slug(source)}` : slug(source);
  if (value === '' || value === '/') return undefined;
  return maxLength ? value.slice(0, maxLength) : value;
}

export interface Derivation extends DeriveHint {
  /** The derived field's path in the form. */
  path: string;
  maxLength?: number;
}

function getAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), data);
}

function setAt(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const next = { ...data };
  if (!rest.length) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = next[head] && typeof next[head] === 'object' ? (next[head] as Record<string, unknown>) : {};
  const updated = setAt(child, rest.join('.'), value);
  if (Object.keys(updated).length) next[head] = updated;
  else delete next[head];
  return next;
}

/**
 * The form's data after a change, with each derived field following its source when the source changed and
 * the field still holds what it derived before (or nothing): once the user types their own value, it stays.
 */
export function applyDerivations(prev: Record<string, unknown>, next: Record<string, unknown>, rules: readonly Derivation[]): Record<string, unknown> {
  let data = next;
  for (const rule of rules) {
    const before = getAt(prev, rule.from);
    const after = getAt(next, rule.from);
    if (before === after) continue;
    const current = getAt(data, rule.path);
    const wasDerived = current === undefined || current === '' || current === deriveValue(rule.as, before, rule.maxLength);
    if (!wasDerived) continue;
    const value = deriveValue(rule.as, after, rule.maxLength);
    if (value !== current) data = setAt(data, rule.path, value);
  }
  return data;
}
