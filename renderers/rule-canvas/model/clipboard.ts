// Copy, paste and duplicate: the copied nodes with the edges between them; a paste gives every node and
// edge a fresh id (edges follow their nodes), and moves the copies aside so they do not hide the originals.
import type { DecisionGraph, RuleEdge, RuleNode } from '../../../src/domain/rules';
import type { Command } from './commands';
import { freshId, idsOf } from './ids';

export interface Clip {
  nodes: RuleNode[];
  edges: RuleEdge[];
}

const PREFIX: Record<RuleNode['type'], string> = { input: 'input', switch: 'switch', table: 'table', expression: 'expr', output: 'output' };

export const nodeIdPrefix = (type: RuleNode['type']) => PREFIX[type];

/** The nodes (and the edges among them) as plain copies, or null when none of the ids is a node. */
export function copyNodes(doc: DecisionGraph, ids: readonly string[]): Clip | null {
  const chosen = new Set(ids);
  const nodes = doc.nodes.filter((n) => chosen.has(n.id));
  if (!nodes.length) return null;
  const edges = doc.edges.filter((e) => chosen.has(e.source) && chosen.has(e.target));
  return structuredClone({ nodes, edges });
}

/** The command that pastes a clip: fresh ids everywhere, positions moved by `offset`. */
export function pasteCommand(doc: DecisionGraph, clip: Clip, offset = 40): Extract<Command, { type: 'node.add' }> {
  const taken = idsOf(doc);
  const renamed = new Map<string, string>();
  const nodes = clip.nodes.map((n) => {
    const id = freshId(PREFIX[n.type], taken);
    taken.add(id);
    renamed.set(n.id, id);
    return { ...structuredClone(n), id, position: { x: n.position.x + offset, y: n.position.y + offset } } as RuleNode;
  });
  const edges = clip.edges.map((e) => {
    const id = freshId('e', taken);
    taken.add(id);
    return { ...e, id, source: renamed.get(e.source)!, target: renamed.get(e.target)! };
  });
  return { type: 'node.add', nodes, edges };
}
