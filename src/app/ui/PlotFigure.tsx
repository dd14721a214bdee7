// The app's one chart library, Observable Plot, in a <figure> whose caption says in words what it shows (a
// screen reader reads the caption; the drawing itself is hidden from it). The drawing follows its box's width (a
// phone turned, the menu opened) and takes its colours from the theme's CSS custom properties when drawn. Not in
// the kit's index: only the chunks that draw import it, so Plot stays out of the first page.
import * as Plot from '@observablehq/plot';
import { useEffect, useRef, useState } from 'react';
import './plot.css';

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

/** `draw` gives one plot, or several stacked under one caption (sharing an axis, each with its own scale). */
export function PlotFigure({ caption, draw, className }: { caption: string; draw: (frame: Frame) => Plot.PlotOptions | Plot.PlotOptions[]; className?: string }) {
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
    const drawn = draw({ width: Math.max(MIN_WIDTH, width || element.clientWidth || FALLBACK_WIDTH), theme: themeOf(element) });
    const plots = (Array.isArray(drawn) ? drawn : [drawn]).map((options) => {
      const svg = Plot.plot({ ...options, className: 'plot-svg', document });
      // Plot puts its few rules in an inline <style>, which the site's Content-Security-Policy (styles from
      // the site only) refuses: plot.css holds the same rules for the class named above.
      svg.querySelector('style')?.remove();
      return svg;
    });
    element.replaceChildren(...plots);
    return () => {
      for (const svg of plots) svg.remove();
    };
  }, [draw, width]);

  return (
    <figure className={`plot-figure ${className ?? ''}`}>
      <div ref={box} className="plot-figure__plot" aria-hidden="true" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
