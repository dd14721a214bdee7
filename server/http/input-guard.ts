// What every input must pass before its schema, whatever the route: no NUL character (U+0000) in any text or
// field name — PostgreSQL stores none, in text or jsonb, and would answer a 500 — and no nesting deeper than
// MAX_DEPTH, so neither the validator nor a handler recurses without bound. One walk, without recursion.
import type { SchemaError } from '../../src/domain/validation-messages.ts';

/** The deepest nesting an input may have (the deepest contract document, a data model, needs about 12). */
export const MAX_DEPTH = 40;

const pointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first problem of the input as a schema-like error (its path and keyword), or undefined. */
export function unstorableInput(input: unknown): SchemaError | undefined {
  const stack: [value: unknown, path: string, depth: number][] = [[input, '', 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { instancePath: path, keyword: 'nulCharacter', params: {} };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { instancePath: path, keyword: 'maxDepth', params: { limit: MAX_DEPTH } };
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, child] of entries) {
      const at = `${path}/${pointer(key)}`;
      if (key.includes('\u0000')) return { instancePath: at, keyword: 'nulCharacter', params: {} };
      stack.push([child, at, depth + 1]);
    }
  }
  return undefined;
}
