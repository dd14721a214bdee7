// Fresh ids for nodes, edges and the parts of a node (branches, rows, columns, assignments). Ids match the
// document's pattern (letters, digits, _ and -; at most 64) and are never one already in use.
import type { DecisionGraph } from '../../../src/domain/rules';

const random = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

/** `<prefix>_<6 random characters>`, not in `taken`. */
export function freshId(prefix: string, taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `${prefix}_${random()}`;
    if (!taken.has(id)) return id;
  }
}

/** Every node and edge id of a document (one namespace, so an edge never takes a node's id). */
export const idsOf = (doc: DecisionGraph): Set<string> => new Set([...doc.nodes.map((n) => n.id), ...doc.edges.map((e) => e.id)]);

/** The next short id of a node's part: `b1`, `b2`... (unique within the node is enough). */
export function nextPartId(prefix: string, items: readonly { id: string }[]): string {
  const used = new Set(items.map((i) => i.id));
  for (let n = items.length + 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}
