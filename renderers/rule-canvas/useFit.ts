// The canvas's two fits (model/fit.ts) on the open document: `readable` (where the drawing opens and what
// "Fit to view" does) and `whole` (the whole drawing, however small); and `reveal`, which brings a node to the
// middle of the part of the drawing left in sight (above the phone's sheet). Node sizes are the ones React
// Flow measured; the screen is React Flow's own size.
import { useMemo } from 'react';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import type { RuleFlowEdge, RuleFlowNode } from './model/flow';
import { boundsOf, readableView, wholeView, type Box } from './model/fit';
import { useCanvasApi } from './store';

/** The size a node is taken to have before React Flow has measured it (a node is 13rem wide). */
const UNMEASURED = { width: 208, height: 120 };
/** React Flow's smallest zoom (Canvas.tsx). */
export const MIN_ZOOM = 0.2;

export interface Fits {
  readable(duration?: number): void;
  whole(duration?: number): void;
  /** The node in the middle of the top `height` pixels of the drawing, at the zoom it is at. */
  reveal(nodeId: string, height: number, duration?: number): void;
}

export function useFit(): Fits {
  const flow = useReactFlow<RuleFlowNode, RuleFlowEdge>();
  const store = useStoreApi<RuleFlowNode, RuleFlowEdge>();
  const api = useCanvasApi();
  return useMemo(() => {
    const boxes = () => {
      const { doc, view } = api.getState();
      return doc.nodes.map((n) => ({ type: n.type, box: { ...n.position, ...(view.measured[n.id] ?? UNMEASURED) } as Box }));
    };
    // The drawing's size as laid out now (React Flow's own figure can lag a change of layout, such as the
    // site's menu stepping aside as the page opens); React Flow's where there is no layout (tests).
    const screen = () => {
      const { width, height, domNode } = store.getState();
      const now = domNode ? { width: domNode.clientWidth, height: domNode.clientHeight } : { width: 0, height: 0 };
      if (now.width > 0 && now.height > 0) return now;
      return width > 0 && height > 0 ? { width, height } : null;
    };
    return {
      readable(duration) {
        const size = screen();
        const all = boxes();
        if (!size || !all.length) return;
        void flow.setViewport(
          readableView(
            all.map((b) => b.box),
            all.find((b) => b.type === 'input')?.box,
            size,
          ),
          duration ? { duration } : undefined,
        );
      },
      whole(duration) {
        const size = screen();
        const bounds = boundsOf(boxes().map((b) => b.box));
        if (!size || !bounds) return;
        void flow.setViewport(wholeView(bounds, size, MIN_ZOOM), duration ? { duration } : undefined);
      },
      reveal(nodeId, height, duration) {
        const size = screen();
        const { doc, view } = api.getState();
        const node = doc.nodes.find((n) => n.id === nodeId);
        if (!size || !node) return;
        const box = view.measured[nodeId] ?? UNMEASURED;
        const { zoom } = flow.getViewport();
        const x = size.width / 2 - (node.position.x + box.width / 2) * zoom;
        // In the middle of what is in sight, or its top 8 px from the top when it is taller than that.
        const room = Math.min(height, size.height);
        const tall = box.height * zoom > room - 16;
        const y = tall ? 8 - node.position.y * zoom : room / 2 - (node.position.y + box.height / 2) * zoom;
        void flow.setViewport({ x, y, zoom }, duration ? { duration } : undefined);
      },
    };
  }, [flow, store, api]);
}
