// ProseMirror (the rich-text editor) in jsdom: jsdom has no layout, so ranges and the document answer
// geometry questions with empty boxes. Installed for one test file, removed after it.
import { act } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';

const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;

export function installProseMirrorStubs() {
  const saved: [object, string, PropertyDescriptor | undefined][] = [];
  const stub = (target: object, name: string, value: unknown) => {
    saved.push([target, name, Object.getOwnPropertyDescriptor(target, name)]);
    Object.defineProperty(target, name, { configurable: true, writable: true, value });
  };
  beforeAll(() => {
    stub(Range.prototype, 'getBoundingClientRect', emptyRect);
    stub(Range.prototype, 'getClientRects', emptyRects);
    stub(Element.prototype, 'getClientRects', emptyRects);
    stub(Document.prototype, 'elementFromPoint', () => null);
  });
  afterAll(() => {
    for (const [target, name, descriptor] of saved.reverse()) {
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else delete (target as Record<string, unknown>)[name];
    }
  });
}

/** Selects `text` inside `root` (the first occurrence, within one text node) the way a user's drag would, for ProseMirror to read. */
export function selectText(root: HTMLElement, text: string): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(text);
    if (at < 0) continue;
    const found = node;
    act(() => {
      root.focus();
      document.getSelection()!.setBaseAndExtent(found, at, found, at + text.length);
      document.dispatchEvent(new Event('selectionchange'));
    });
    return;
  }
  throw new Error(`"${text}" is not in the editor`);
}
