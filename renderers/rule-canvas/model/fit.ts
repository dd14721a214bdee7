// Where the view starts: the drawing fitted to the canvas when its words can then be read, else at the
// smallest size they can be read at, starting from the input node (the drawing reads left to right from it)
// with the rest a pan away. "Whole drawing" fits everything however small. Plain numbers, no React Flow.

/** The smallest text on a node, in CSS pixels (rule-canvas.css: the type line, the badges, the summary). */
export const NODE_TEXT_MIN_PX = 13;
/** The smallest text size that counts as readable on screen. */
export const READABLE_TEXT_PX = 11;
/** The zoom at which a node's smallest text is READABLE_TEXT_PX on screen (rounded up: 0.85). */
export const READABLE_ZOOM = Math.ceil((READABLE_TEXT_PX / NODE_TEXT_MIN_PX) * 100) / 100;
/** A small drawing is not blown up past its own size. */
export const FIT_MAX_ZOOM = 1;
/** Room left around the drawing, in screen pixels. */
export const FIT_PADDING = 24;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** The box around all boxes; null for none. */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** The whole box in the middle of the screen, as large as fits between the zoom limits. */
export function wholeView(bounds: Box, screen: { width: number; height: number }, minZoom: number, maxZoom = FIT_MAX_ZOOM): Viewport {
  const zoom = clamp(Math.min((screen.width - 2 * FIT_PADDING) / Math.max(bounds.width, 1), (screen.height - 2 * FIT_PADDING) / Math.max(bounds.height, 1)), minZoom, maxZoom);
  return {
    x: (screen.width - bounds.width * zoom) / 2 - bounds.x * zoom,
    y: (screen.height - bounds.height * zoom) / 2 - bounds.y * zoom,
    zoom,
  };
}

/**
 * The view a drawing opens at (and "fit to view" goes to): the whole drawing when it fits at READABLE_ZOOM
 * or more; otherwise READABLE_ZOOM with the start node at the left edge, the drawing centred from top to
 * bottom when it fits that way, else the start node in the middle (never showing empty room past the top or
 * bottom of the drawing).
 */
export function readableView(boxes: readonly Box[], start: Box | undefined, screen: { width: number; height: number }): Viewport {
  const bounds = boundsOf(boxes);
  if (!bounds) return { x: 0, y: 0, zoom: 1 };
  const whole = wholeView(bounds, screen, 0);
  if (whole.zoom >= READABLE_ZOOM) return whole;
  const zoom = READABLE_ZOOM;
  const anchor = start ?? boxes.reduce((a, b) => (b.x < a.x ? b : a));
  const x = FIT_PADDING - anchor.x * zoom;
  if (bounds.height * zoom <= screen.height - 2 * FIT_PADDING) return { x, y: (screen.height - bounds.height * zoom) / 2 - bounds.y * zoom, zoom };
  const centred = screen.height / 2 - (anchor.y + anchor.height / 2) * zoom;
  const highest = FIT_PADDING - bounds.y * zoom;
  const lowest = screen.height - FIT_PADDING - (bounds.y + bounds.height) * zoom;
  return { x, y: clamp(centred, lowest, highest), zoom };
}
