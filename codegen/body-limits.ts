// Each route's body limit, from what its request schema admits (issue 28): the largest JSON a valid request can
// be, with room for a client's whitespace, between a floor and the uploads' ceiling. A route that takes a few
// ids then refuses a megabyte of unknown keys before reading it, and an upload keeps its 10 MB.
import type { JsonSchema } from '../src/domain/screen.ts';
import type { RouteDefinition } from './contract.ts';

const KB = 1024;
/** No route takes less: headers of a form's worth of fields, written by any client. */
export const SMALLEST_BODY = 16 * KB;
/** A schema without bounds somewhere (a free document: a rule graph, a data model) takes this much, unless its route says (body_kb). */
export const UNBOUNDED_BODY = 2 * 1024 * KB;
/** The largest upload (10 MB) as base64 (×4/3) and its JSON. */
export const LARGEST_BODY = 15 * 1024 * KB;

/** Bytes a character may take in JSON: a control character is escaped as \u0000, six bytes; UTF-8 takes at most four. */
const BYTES_A_CHARACTER = 6;
/** A number, true, false or null as JSON, at its longest (-1.2345678901234567e-308). */
const SCALAR = 24;

type Node = Record<string, unknown>;

/** Formats the validator checks that bound a text's length on their own (an e-mail address: RFC 5321's 254). */
const FORMAT_LENGTHS: Record<string, number> = { uuid: 38, date: 12, 'date-time': 40, time: 30, email: 256 * BYTES_A_CHARACTER };

/** The most bytes a JSON value valid against `schema` (inlined, no $ref) can take; Infinity when nothing bounds it. */
export function largestJson(schema: unknown): number {
  if (schema === true || schema === undefined) return Number.POSITIVE_INFINITY;
  if (schema === false || !schema || typeof schema !== 'object') return 0;
  const s = schema as Node;
  if ('x-recursive' in s) return Number.POSITIVE_INFINITY;
  if (Array.isArray(s.enum)) return Math.max(0, ...s.enum.map((v) => JSON.stringify(v).length * BYTES_A_CHARACTER));
  if ('const' in s) return JSON.stringify(s.const).length * BYTES_A_CHARACTER;
  // A value matches the schema's own keywords and its alternatives (anyOf, oneOf: one; allOf: all): the smallest
  // bound holds. Alternatives that only require fields bound nothing, and the schema's own keywords bound them.
  let bound = s.type || s.properties || s.items ? largestOfType(s) : Number.POSITIVE_INFINITY;
  const alternatives = [...((s.oneOf as unknown[]) ?? []), ...((s.anyOf as unknown[]) ?? [])];
  if (alternatives.length) bound = Math.min(bound, Math.max(...alternatives.map(largestJson)));
  if (Array.isArray(s.allOf)) bound = Math.min(bound, ...s.allOf.map(largestJson));
  return bound;
}

function largestOfType(s: Node): number {
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : s.properties ? ['object'] : s.items ? ['array'] : [];
  if (!types.length) return Number.POSITIVE_INFINITY;
  return Math.max(...types.map((t) => largestOf(t, s)));
}

function largestOf(type: string, s: Node): number {
  switch (type) {
    case 'string': {
      if (typeof s.maxLength !== 'number') return FORMAT_LENGTHS[s.format as string] ?? Number.POSITIVE_INFINITY;
      // Base64 is ASCII: a character a byte.
      return 2 + s.maxLength * (s.contentEncoding === 'base64' ? 1 : BYTES_A_CHARACTER);
    }
    case 'array': {
      if (typeof s.maxItems !== 'number') return Number.POSITIVE_INFINITY;
      const item = Array.isArray(s.prefixItems) ? Math.max(...(s.prefixItems as unknown[]).map(largestJson), s.items ? largestJson(s.items) : 0) : largestJson(s.items);
      return 2 + s.maxItems * (item + 1);
    }
    case 'object': {
      // Under unevaluatedProperties: false, the fields of its alternatives are its fields too.
      const branches = s.unevaluatedProperties === false ? [s, ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (s[k] as Node[] | undefined) ?? [])] : [s];
      const properties = [...new Map(branches.flatMap((b) => Object.entries((b.properties as Node | undefined) ?? {}))).entries()];
      const open = s.additionalProperties !== false && s.unevaluatedProperties !== false;
      if (open || s.patternProperties) {
        // A map (`{"en": …, "tr": …}` by pattern, or free keys): bounded only by a count of keys and their values' size.
        if (typeof s.maxProperties !== 'number') return Number.POSITIVE_INFINITY;
        const values = [...Object.values((s.patternProperties as Node | undefined) ?? {}), ...(open ? [s.additionalProperties ?? true] : [])];
        const value = Math.max(...values.map(largestJson), ...properties.map(([, p]) => largestJson(p)));
        const key = typeof (s.propertyNames as Node | undefined)?.maxLength === 'number' ? ((s.propertyNames as Node).maxLength as number) * BYTES_A_CHARACTER : Number.POSITIVE_INFINITY;
        return 2 + s.maxProperties * (key + 4 + value);
      }
      return 2 + properties.reduce((sum, [name, p]) => sum + name.length + 4 + largestJson(p), 0);
    }
    default:
      return SCALAR;
  }
}

/** The body limit of a route whose request schema (inlined) is `request`: GET routes take no body. */
export function bodyLimitOf(route: Pick<RouteDefinition, 'method' | 'body_kb'>, request: JsonSchema): number {
  if (route.body_kb) return route.body_kb * KB;
  if (route.method === 'GET') return SMALLEST_BODY;
  const largest = largestJson(request);
  if (!Number.isFinite(largest)) return UNBOUNDED_BODY;
  // A quarter more for a client's indentation and spaces.
  return Math.min(LARGEST_BODY, Math.max(SMALLEST_BODY, Math.ceil((largest * 1.25) / KB) * KB));
}
