// Where the rule canvas's view starts (model/fit.ts) and the labels it says once (model/labels.ts): the whole
// drawing when it fits at a readable size, else the readable size from the input node; a label part that
// repeats an earlier one is dropped, in the language's own casing.
import { boundsOf, FIT_PADDING, READABLE_ZOOM, readableView, wholeView } from '../../renderers/rule-canvas/model/fit';
import { joinLabels, sameLabel } from '../../renderers/rule-canvas/model/labels';

const node = (x: number, y: number, width = 200, height = 100) => ({ x, y, width, height });
const screen = { width: 1000, height: 600 };

describe('the first view of a drawing', () => {
  it('reads 11 px where a node says the least (13 px)', () => {
    expect(READABLE_ZOOM).toBe(0.85);
    expect(13 * READABLE_ZOOM).toBeGreaterThanOrEqual(11);
  });

  it('shows a drawing that fits at a readable size whole, in the middle, never larger than its own size', () => {
    const boxes = [node(0, 0), node(300, 0), node(600, 100)];
    const v = readableView(boxes, boxes[0], screen);
    expect(v).toEqual(wholeView(boxesBounds(boxes), screen, 0));
    expect(v.zoom).toBe(1);
    // Centred: as much room left of the drawing as right of it.
    expect(v.x).toBeCloseTo((1000 - 800) / 2);
  });

  it('starts a wide drawing at the readable size with the input node at the left edge, centred from top to bottom', () => {
    const boxes = [node(100, 200), node(400, 150), node(2000, 300)];
    const v = readableView(boxes, boxes[0], screen);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(v.x + 100 * v.zoom).toBeCloseTo(FIT_PADDING);
    const b = boxesBounds(boxes);
    expect(v.y + b.y * v.zoom).toBeCloseTo((600 - b.height * v.zoom) / 2);
  });

  it('centres a tall drawing on the input node, showing no empty room above or below the drawing', () => {
    const tall = [node(0, 0), node(0, 900), node(0, 1800), node(3000, 0)];
    const middle = readableView(tall, tall[1], screen);
    expect(middle.y + (900 + 50) * middle.zoom).toBeCloseTo(300);
    // An input node at the very top: the drawing's top edge stays at the padding; at the very bottom, its
    // bottom edge.
    expect(readableView(tall, tall[0], screen).y).toBeCloseTo(FIT_PADDING);
    const bottom = readableView(tall, tall[2], screen);
    expect(bottom.y + 1900 * bottom.zoom).toBeCloseTo(600 - FIT_PADDING);
  });

  it('starts from the leftmost node when there is no input node, and does nothing for an empty drawing', () => {
    const boxes = [node(500, 0), node(-300, 0), node(2500, 0)];
    expect(readableView(boxes, undefined, screen).x).toBeCloseTo(FIT_PADDING + 300 * READABLE_ZOOM);
    expect(readableView([], undefined, screen)).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(boundsOf([])).toBeNull();
  });

  it('shows the whole drawing however small when asked, down to the smallest zoom', () => {
    const v = wholeView(node(0, 0, 10000, 100), screen, 0.2);
    expect(v.zoom).toBe(0.2);
  });
});

describe('labels said once', () => {
  it('drops a part that repeats an earlier one, letter case aside, in Turkish and English casing', () => {
    expect(joinLabels(['Uyarı', 'Uyarı'], ' · ', 'tr')).toBe('Uyarı');
    expect(joinLabels(['Uyarı', 'Kritik'], ' · ', 'tr')).toBe('Uyarı · Kritik');
    expect(joinLabels(['Alert', 'Warning'], ' · ', 'en')).toBe('Alert · Warning');
    // Turkish casing: İ and i, I and ı are the same letter.
    expect(sameLabel('İFADE', 'ifade', 'tr')).toBe(true);
    expect(sameLabel('IŞIK', 'ışık', 'tr')).toBe(true);
    expect(sameLabel('Output', ' output ', 'en')).toBe(true);
    expect(joinLabels(['', 'Karar'], ' · ', 'tr')).toBe('Karar');
  });
});

function boxesBounds(boxes: ReturnType<typeof node>[]) {
  return boundsOf(boxes)!;
}
