// React Flow in jsdom (toolchain notes): jsdom has no layout, so elements get a size, ResizeObserver reports
// it asynchronously (React Flow measures nodes through it; without it they stay hidden), and DOMMatrixReadOnly
// reads the viewport's transform. Installed for one test file, removed after it.
import { afterAll, beforeAll } from 'vitest';

class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    setTimeout(() => {
      const el = target as HTMLElement;
      this.callback([{ target, contentRect: { width: el.offsetWidth, height: el.offsetHeight } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }, 0);
  }
  unobserve() {}
  disconnect() {}
}

class FakeDOMMatrixReadOnly {
  m22: number;
  constructor(transform?: string) {
    const scale = /scale\(([\d.]+)\)/.exec(transform ?? '')?.[1];
    this.m22 = scale ? Number(scale) : 1;
  }
}

export function installReactFlowStubs(size = { width: 800, height: 600 }) {
  const saved: Record<string, PropertyDescriptor | undefined> = {};
  beforeAll(() => {
    const g = globalThis as Record<string, unknown>;
    saved.ResizeObserver = Object.getOwnPropertyDescriptor(g, 'ResizeObserver');
    saved.DOMMatrixReadOnly = Object.getOwnPropertyDescriptor(g, 'DOMMatrixReadOnly');
    saved.offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
    saved.offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    g.ResizeObserver = FakeResizeObserver;
    g.DOMMatrixReadOnly = FakeDOMMatrixReadOnly;
    // The canvas is the window's size; a node is a card.
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('react-flow') || this.classList.contains('react-flow__renderer') ? size.width : 180;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('react-flow') || this.classList.contains('react-flow__renderer') ? size.height : 80;
      },
    });
  });
  afterAll(() => {
    const g = globalThis as Record<string, unknown>;
    for (const key of ['ResizeObserver', 'DOMMatrixReadOnly'] as const) {
      if (saved[key]) Object.defineProperty(g, key, saved[key]!);
      else delete g[key];
    }
    for (const key of ['offsetWidth', 'offsetHeight'] as const) {
      if (saved[key]) Object.defineProperty(HTMLElement.prototype, key, saved[key]!);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });
}
