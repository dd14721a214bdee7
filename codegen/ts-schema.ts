// Turns contract schemas into json-schema-to-typescript input: every $ref becomes a named type (tsType), so
// each entity is declared once and routes import it instead of inlining copies.
import type { Contract } from './contract.ts';

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment', 'x-label', 'x-enum-labels', 'x-ui', 'x-ref', 'x-secret', 'x-decision']);

export function pascal(name: string): string {
  return name.replace(/(^|[_\-.])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
}

/** The schemas that become TypeScript types: enums, entities and the shared bilingual text (not the meta-schemas). */
export function typedSchemas(contract: Contract) {
  return contract.schemas.filter((s) => !s.file.startsWith('meta/') || s.file === 'meta/bilingual.schema.json');
}

/** Maps a schema file's URL to the name of its root type. */
export function typeNamesByUrl(contract: Contract): Map<string, string> {
  const names = new Map<string, string>();
  const seen = new Map<string, string>();
  const claim = (name: string, owner: string) => {
    if (seen.has(name)) throw new Error(`type name ${name} is used by ${seen.get(name)} and ${owner}`);
    seen.set(name, owner);
  };
  for (const s of typedSchemas(contract)) {
    if (typeof s.schema.title === 'string' && (s.schema.type || s.schema.$ref || s.schema.enum)) {
      names.set(s.id, s.schema.title);
      claim(s.schema.title, s.file);
    }
    for (const def of Object.keys((s.schema.$defs ?? {}) as object)) claim(pascal(def), `${s.file}#/$defs/${def}`);
  }
  return names;
}

/** The TypeScript expression for a $ref, resolved against the schema's own URL. */
export function refToTs(ref: string, base: string, rootNames: Map<string, string>, localPrefix = ''): string {
  const url = new URL(ref, base);
  const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
  url.hash = '';
  const parts = fragment.split('/').filter(Boolean);
  let expr: string;
  if (parts[0] === '$defs') {
    // A route schema's own $defs are declared beside it, prefixed with its type name.
    expr = (url.href === base ? localPrefix : '') + pascal(parts[1]);
    parts.splice(0, 2);
  } else {
    const root = rootNames.get(url.href);
    if (!root) throw new Error(`no type for ${url.href} (from ${ref})`);
    expr = root;
  }
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'properties') expr = `NonNullable<${expr}[${JSON.stringify(parts[++i])}]>`;
    else if (parts[i] === 'items') expr = `NonNullable<${expr}>[number]`;
    else throw new Error(`cannot type the reference ${ref}: use #/$defs/… or #/properties/…`);
  }
  return expr;
}

/** A copy of a schema ready for json-schema-to-typescript, recording the type names it refers to. */
export function toTsSchema(node: unknown, base: string, rootNames: Map<string, string>, used: Set<string>, isRoot = true, localPrefix = ''): unknown {
  const recurse = (n: unknown) => toTsSchema(n, base, rootNames, used, false, localPrefix);
  if (Array.isArray(node)) return node.map(recurse);
  if (!node || typeof node !== 'object') return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === '$defs' || k === '$id' || k === '$schema' || k.startsWith('x-')) continue;
    if (k === 'title' && !isRoot) continue; // nested titles would become stray named types
    if (k === 'properties' || k === 'patternProperties') {
      out[k] = Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, recurse(s)]));
    } else if (k === 'unevaluatedProperties') {
      if (!('additionalProperties' in src)) out.additionalProperties = recurse(v);
    } else if (k !== '$ref') {
      out[k] = typeof v === 'object' ? recurse(v) : v;
    }
  }
  if (typeof src.$ref !== 'string') return out;
  const tsType = refToTs(src.$ref, base, rootNames, localPrefix);
  for (const m of tsType.matchAll(/[A-Z][A-Za-z0-9]*/g)) if (m[0] !== 'NonNullable') used.add(m[0]);
  const constraining = Object.keys(out).filter((k) => !ANNOTATIONS.has(k));
  if (!constraining.length) return { ...out, tsType };
  const annotations = Object.fromEntries(Object.entries(out).filter(([k]) => ANNOTATIONS.has(k)));
  const rest = Object.fromEntries(Object.entries(out).filter(([k]) => !ANNOTATIONS.has(k)));
  return { ...annotations, allOf: [{ tsType }, rest] };
}
