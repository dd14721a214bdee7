// One specification per node type (jdm-editor's specification-types.ts): everything the canvas knows about a
// type — its name, icon, the node a click adds, where connections leave and arrive, what the node shows on
// the canvas and its editor in the side panel. A new node type is one file and one line in ./index.ts.
import type { ComponentType } from 'react';
import type { Lang, NodeType, Position, RuleNode } from '../../../src/domain/rules';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface SourceHandle {
  /** The edge's source_handle (a switch branch id or `else`), null for the node's one way out. */
  id: string | null;
  /** What the handle means, for people (empty for the one way out). */
  label: string;
}

export interface NodeSpecification<N extends RuleNode = RuleNode> {
  type: N['type'];
  /** The type's name: an i18n key (rules.node.<type>). */
  label: string;
  /** A one-character drawing shown on the node and its add button (aria-hidden). */
  icon: string;
  /** A new node of this type, ready to edit. */
  create(id: string, position: Position): N;
  /** Where connections may leave from, in order. */
  sources(node: N, lang: Lang, t: Translate): SourceHandle[];
  /** Whether connections may arrive. */
  target: boolean;
  /** What the node shows on the canvas under its title. */
  Summary: ComponentType<{ node: N }>;
  /** The node's editor in the side panel. */
  Editor: ComponentType<{ node: N }>;
}

export type AnySpecification = { [T in NodeType]: NodeSpecification<Extract<RuleNode, { type: T }>> }[NodeType];
