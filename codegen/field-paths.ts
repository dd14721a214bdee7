// The dotted paths of the fields a schema describes, following $refs into the contract's schemas: what the
// secret check and the audit-target check ask of a route's request and answer.
import type { Contract } from './contract.ts';

type Node = Record<string, unknown>;

/** Deeper than any answer of the catalogue nests; stops recursive schemas. */
const MAX_DEPTH = 8;

/** The paths (`a.b.c`) of the fields under `schema` (whose $id is `base`) for which `keep` holds, sorted. */
export function fieldPaths(contract: Contract, schema: unknown, base: string, keep: (node: Node) => boolean): string[] {
  const byUrl = new Map(contract.schemas.map((s) => [s.id, s.schema]));
  const found = new Set<string>();
  const walk = (node: unknown, url: string, path: string): void => {
    if (!node || typeof node !== 'object' || path.split('.').length > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, url, path);
      return;
    }
    const n = node as Node;
    if (path && keep(n)) found.add(path);
    if (typeof n.$ref === 'string') {
      const target = new URL(n.$ref, url);
      const pointer = decodeURIComponent(target.hash.slice(1));
      target.hash = '';
      const root = target.href === url && !byUrl.has(url) ? schema : byUrl.get(target.href);
      const resolved = pointer.split('/').filter(Boolean).reduce<unknown>((x, k) => (x as Node | undefined)?.[k], root);
      walk(resolved, target.href, path);
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'properties') for (const [p, sub] of Object.entries(v as Node)) walk(sub, url, path ? `${path}.${p}` : p);
      else if (k !== '$ref' && k !== '$defs' && typeof v === 'object') walk(v, url, path);
    }
  };
  walk(schema, base, '');
  return [...found].sort();
}
