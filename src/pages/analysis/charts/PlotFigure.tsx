// An Observable Plot drawing in a <figure> whose caption says in words what it shows (a screen reader reads
// the caption; the drawing itself is hidden from it). The drawing follows its box's width (a phone turned, the
// menu opened) and takes its colours from the theme's CSS custom properties at the time it is drawn.
import * as Plot from '@observablehq/plot';
import { useEffect, useRef, useState } from 'react';
import './charts.css';

export interface Theme {
  accent: string;
  text: string;
  muted: string;
}

export interface Frame {
  width: number;
  theme: Theme;
}

const MIN_WIDTH = 240;
const FALLBACK_WIDTH = 640;

function themeOf(element: HTMLElement): Theme {
  const style = getComputedStyle(element);
  const read = (property: string) => style.getPropertyValue(property).trim() || 'currentColor';
  return { accent: read('--sema-accent'), text: read('--sema-text'), muted: read('--sema-muted') };
}

export function PlotFigure({ caption, draw }: { caption: string; draw: (frame: Frame) => Plot.PlotOptions }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const svg = Plot.plot({ ...draw({ width: Math.max(MIN_WIDTH, width || element.clientWidth || FALLBACK_WIDTH), theme: themeOf(element) }), className: 'stat-plot', document });
    // Plot puts its few rules in an inline <style>, which the site's Content-Security-Policy (styles from the
    // site only) refuses: charts.css holds the same rules for the class named above.
    svg.querySelector('style')?.remove();
    element.replaceChildren(svg);
    return () => svg.remove();
  }, [draw, width]);

  return (
    <figure className="stat-figure">
      <div ref={box} className="stat-figure__plot" aria-hidden="true" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
