// What every input must pass before its schema, whatever the route: no NUL character (U+0000) in any text or
// field name — PostgreSQL stores none, in text or jsonb, and would answer a 500 — and no nesting deeper than
// MAX_DEPTH, so neither the validator nor a handler recurses without bound. One walk, without recursion.
import type { SchemaError } from '../../src/domain/validation-messages.ts';

/** The deepest nesting an input may have (the deepest contract document, a data model, needs about 12). */
export const MAX_DEPTH = 40;

const pointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A value still to look at: its parent's frame and its key there, from which its path is made if it is a problem. */
type Frame = [value: unknown, parent: Frame | undefined, key: string | number, depth: number];

const pathOf = (frame: Frame | undefined): string => {
  const keys: string[] = [];
  for (let f = frame; f?.[1]; f = f[1]) keys.push(pointer(String(f[2])));
  return keys.length ? `/${keys.reverse().join('/')}` : '';
};

/**
 * The first problem of the input as a schema-like error (its path and keyword), or undefined; `size.nodes`
 * counts the fields and items it holds, at every depth. Paths are made only for a problem: a body of 50,000 keys is
 * walked without 50,000 path strings.
 */
export function unstorableInput(input: unknown, size: { nodes: number } = { nodes: 0 }): SchemaError | undefined {
  const stack: Frame[] = [[input, undefined, '', 0]];
  while (stack.length) {
    const frame = stack.pop()!;
    const [value, , , depth] = frame;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { instancePath: pathOf(frame), keyword: 'nulCharacter', params: {} };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { instancePath: pathOf(frame), keyword: 'maxDepth', params: { limit: MAX_DEPTH } };
    if (Array.isArray(value)) {
      size.nodes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] !== null && (typeof value[i] === 'object' || typeof value[i] === 'string')) stack.push([value[i], frame, i, depth + 1]);
      continue;
    }
    const keys = Object.keys(value);
    size.nodes += keys.length;
    for (const key of keys) {
      if (key.includes('\u0000')) return { instancePath: pathOf([undefined, frame, key, depth + 1]), keyword: 'nulCharacter', params: {} };
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && (typeof child === 'object' || typeof child === 'string')) stack.push([child, frame, key, depth + 1]);
    }
  }
  return undefined;
}
