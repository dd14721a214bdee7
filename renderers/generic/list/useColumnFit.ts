// Which columns give way so the table fits its region without scrolling sideways: after each render (before
// the paint) an overflowing table drops the next column by priority; a wider region, other columns or other
// rows start again from all of them.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { givingWay, type Column } from './useListColumns';

export function useColumnFit(region: RefObject<HTMLElement | null>, columns: Column[], picked: ReadonlySet<string>, rows: unknown) {
  const order = useMemo(() => givingWay(columns, picked), [columns, picked]);
  const [dropped, setDropped] = useState(0);
  const width = useRef(0);
  // Start again whenever what is laid out changes.
  useLayoutEffect(() => setDropped(0), [order, rows]);
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
  return { shown: useMemo(() => columns.filter((c) => !gone.has(c.field)), [columns, gone]), gone };
}
