// The drawing: React Flow as a view of the document. Nodes and edges are made from the store's document and
// screen state on every change; React Flow's events are read back into the view (selection, sizes, drags)
// or into commands (a drop, an arrow-key move, a drawn connection). Deleting goes through the page's
// confirmation, never through React Flow. The drawing opens at a size its words can be read at (useFit), once
// React Flow has measured its nodes.
import { useCallback, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Background, Controls, MiniMap, ReactFlow, useStore, type Connection, type EdgeChange, type IsValidConnection, type NodeChange, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../src/app/router/hooks';
import { connectionAllowed, edgeFromConnection, marksOf, readEdgeChanges, readNodeChanges, toFlowEdges, toFlowNodes, type FlowType, type RuleFlowEdge, type RuleFlowNode, type RuleNodeData } from './model/flow';
import { freshId, idsOf } from './model/ids';
import { nodeHeading } from './panels/fields';
import { NODE_SPECS } from './nodes/registry';
import { RuleNodeView } from './RuleNodeView';
import { useCanvas, useCanvasApi } from './store';
import { MIN_ZOOM, useFit } from './useFit';

/** The mini map is kept small: it sits over the drawing. */
const MINIMAP_SIZE = { width: 160, height: 100 };

const NODE_TYPES = Object.fromEntries(NODE_SPECS.map((s) => [`rule_${s.type}` as FlowType, RuleNodeView]));

export function Canvas({ onInit, onDelete }: { onInit: (instance: ReactFlowInstance<RuleFlowNode, RuleFlowEdge>) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const doc = useCanvas((s) => s.doc);
  const view = useCanvas((s) => s.view);
  const issues = useCanvas((s) => s.issues);
  const path = useCanvas((s) => s.path);
  const readOnly = useCanvas((s) => s.readOnly);

  // The first view, once every node has its size and the canvas its own.
  const fits = useFit();
  const measured = useCanvas((s) => s.doc.nodes.every((n) => s.view.measured[n.id]));
  const sized = useStore((s) => s.width > 0 && s.height > 0);
  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (fitted.current || !measured || !sized) return;
    fitted.current = true;
    fits.readable();
  }, [measured, sized, fits]);

  // The test run's path, lit step by step: a node once its step is shown, an edge once both its ends are.
  const marks = useMemo(() => {
    if (!path) return marksOf(issues);
    const lit = path.steps.slice(0, path.shown);
    const nodes = new Map(lit.map((s, i) => [s.node_id, i + 1]));
    const targets = new Map(doc.edges.map((e) => [e.id, e.target]));
    const edges = new Set(lit.flatMap((s) => s.edges).filter((id) => nodes.has(targets.get(id) ?? '')));
    return { ...marksOf(issues), path: { nodes, edges } };
  }, [issues, path, doc.edges]);

  const ariaLabel = useCallback(
    (d: RuleNodeData) => {
      const parts = [nodeHeading(d.node, lang, (k) => t(k))];
      if (d.errors) parts.push(t('rules.node.errors', { count: d.errors }));
      else if (d.warnings) parts.push(t('rules.node.warnings', { count: d.warnings }));
      if (d.step) parts.push(t('rules.test.step', { n: d.step }));
      return parts.join(', ');
    },
    [t, lang],
  );
  const nodes = useMemo(() => toFlowNodes(doc, view, marks, ariaLabel), [doc, view, marks, ariaLabel]);
  const edges = useMemo(() => toFlowEdges(doc, view, marks), [doc, view, marks]);

  const onNodesChange = useCallback(
    (changes: NodeChange<RuleFlowNode>[]) => {
      const s = api.getState();
      const read = readNodeChanges(changes, s.doc, s.view);
      s.setView(read.view);
      for (const c of read.commands) api.getState().run(c.command, c.mergeKey ? { mergeKey: c.mergeKey } : undefined);
    },
    [api],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<RuleFlowEdge>[]) => {
      const s = api.getState();
      s.setView(readEdgeChanges(changes, s.view));
    },
    [api],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      const s = api.getState();
      if (connectionAllowed(s.doc, c)) s.run({ type: 'edge.add', edge: edgeFromConnection(c, freshId('e', idsOf(s.doc))) });
    },
    [api],
  );
  const isValidConnection = useCallback<IsValidConnection<RuleFlowEdge>>((c) => connectionAllowed(api.getState().doc, { source: c.source, target: c.target, sourceHandle: c.sourceHandle ?? null }), [api]);

  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t('rules.canvas.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('rules.canvas.a11y.node'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) => t('rules.canvas.a11y.moved', { direction: t(`rules.canvas.a11y.${direction}`), x, y }),
      'edge.a11yDescription.default': t('rules.canvas.a11y.edge'),
      'controls.ariaLabel': t('rules.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('rules.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('rules.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('rules.toolbar.fit'),
      'controls.interactive.ariaLabel': t('rules.canvas.interactive'),
      'minimap.ariaLabel': t('rules.canvas.minimap'),
      'handle.ariaLabel': t('rules.canvas.handle'),
    }),
    [t],
  );

  // Enter on a focused node opens its editor; Delete (or Backspace) asks before deleting the selection.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.key === 'Enter') {
      const node = target.closest<HTMLElement>('.react-flow__node');
      if (node?.dataset.id) {
        e.preventDefault();
        api.getState().openEditor(node.dataset.id);
      }
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && !readOnly) {
      const { selectedNodes, selectedEdges } = api.getState().view;
      if (selectedNodes.length || selectedEdges.length) {
        e.preventDefault();
        onDelete();
      }
    }
  };

  return (
    <section className="rule-canvas__flow" onKeyDown={onKeyDown} aria-label={t('rules.canvas.label')}>
      <ReactFlow<RuleFlowNode, RuleFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        onNodeDoubleClick={(_e, n) => api.getState().openEditor(n.id)}
        onInit={onInit}
        deleteKeyCode={null}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable
        nodesFocusable
        edgesFocusable
        minZoom={MIN_ZOOM}
        maxZoom={2}
        ariaLabelConfig={ariaLabelConfig}
        defaultEdgeOptions={{ type: 'smoothstep' }}
      >
        <Background gap={20} />
        <MiniMap pannable zoomable style={MINIMAP_SIZE} nodeClassName={(n) => `rule-minimap rule-minimap--${(n as RuleFlowNode).data.node.type}`} />
        <Controls showInteractive={false} showFitView={false} />
      </ReactFlow>
    </section>
  );
}
