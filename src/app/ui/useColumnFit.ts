// Which columns give way so a table fits its region without scrolling sideways: after each render (before the
// paint) an overflowing table drops the next column by priority (3 first, then 2; never 1 nor the first
// column); a wider region, other columns or other rows start again from all of them. Used by the generic
// lists and the hand-written tables alike.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useStableValue } from './hooks';

export interface FitColumn {
  /** 1 never gives way; 3 gives way first. */
  priority: 1 | 2 | 3;
}

/**
 * The keys of the columns that give way, in order: lowest priority first, the rightmost of equals first;
 * columns the user asked for (`kept`) and priority-1 columns never do.
 */
export function givingWay<C extends FitColumn>(columns: readonly C[], keyOf: (c: C) => string, kept: ReadonlySet<string>): string[] {
  return columns
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => i > 0 && c.priority > 1 && !kept.has(keyOf(c)))
    .sort((a, b) => b.c.priority - a.c.priority || b.i - a.i)
    .map(({ c }) => keyOf(c));
}

const NONE: ReadonlySet<string> = new Set();

export function useColumnFit<C extends FitColumn>(region: RefObject<HTMLElement | null>, columns: C[], keyOf: (c: C) => string, rows: unknown, kept: ReadonlySet<string> = NONE) {
  // By content, not by the arrays' identity: a page may build its columns on every render, and what is shown
  // stays one array while nothing changes (memoized rows are drawn from it).
  const order = useStableValue(givingWay(columns, keyOf, kept));
  const [dropped, setDropped] = useState(0);
  const width = useRef(0);
  // Start again whenever what is laid out changes: the columns (named with their priorities) or the rows. Made
  // while rendering and keyed by content: a restart keyed by a new array each render would loop.
  const laidOut = { columns: `${columns.map((c) => `${keyOf(c)}:${c.priority}`).join('|')}#${[...kept].join('|')}`, rows };
  const [fitted, setFitted] = useState(laidOut);
  if (fitted.columns !== laidOut.columns || fitted.rows !== laidOut.rows) {
    setFitted(laidOut);
    setDropped(0);
  }
  useLayoutEffect(() => {
    const el = region.current;
    if (!el) return;
    width.current = el.clientWidth;
    if (el.scrollWidth > el.clientWidth + 1 && dropped < order.length) setDropped(dropped + 1);
  });
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      // Wider: try every column again; narrower: the fit after the next render drops what no longer fits.
      if (el.clientWidth > width.current + 1) setDropped(0);
      else if (el.scrollWidth > el.clientWidth + 1) setDropped((d) => d + 1);
      width.current = el.clientWidth;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [region]);
  const gone = useMemo(() => new Set(order.slice(0, Math.min(dropped, order.length))), [order, dropped]);
  return { shown: useMemo(() => columns.filter((c) => !gone.has(keyOf(c))), [columns, gone, keyOf]), gone };
}
