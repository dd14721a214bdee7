// The node types of the canvas, one specification each (./<type>.tsx). The toolbar's add buttons, the
// canvas's node drawing and the side panel's editors all read this list.
import type { NodeType, Position, RuleNode } from '../../../src/domain/rules';
import { expressionSpec } from './expression';
import { inputSpec } from './input';
import { outputSpec } from './output';
import type { AnySpecification, NodeSpecification } from './specification';
import { switchSpec } from './switch';
import { tableSpec } from './table';

export const NODE_SPECS: readonly AnySpecification[] = [inputSpec, switchSpec, tableSpec, expressionSpec, outputSpec];

const BY_TYPE = new Map<NodeType, AnySpecification>(NODE_SPECS.map((s) => [s.type, s]));

export function specOf(type: NodeType): NodeSpecification {
  const spec = BY_TYPE.get(type);
  if (!spec) throw new Error(`no node type ${type}`);
  return spec as unknown as NodeSpecification;
}

/** A new node of a type (its specification's defaults). */
export function createNode(type: NodeType, id: string, position: Position): RuleNode {
  return specOf(type).create(id, position);
}
