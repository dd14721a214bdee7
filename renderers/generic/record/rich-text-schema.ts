// What the rich-text editor can hold, and how it reads and writes HTML: the allow-list
// (src/domain/rich-text-allow-list.ts, which the server's sanitizer keeps), element for element and attribute for attribute, so that
//  - whatever the server stored loads into the editor and is written back as it was, and
//  - the editor writes nothing the sanitizer would change (a change would show as "the server changed your
//    input" after every save): the same tags, attributes, attribute order, escaping and `<br />` spelling.
// The toolbar offers the common formats; the rest of the allow-list (tables, images, figures, definition
// lists, sub/sup, small, mark, abbr, span, div, lang/dir/title) is kept as it is and its text stays editable.
// No DOM of the page is touched: parsing uses a detached document, writing walks nodes ProseMirror built.
import { Extension, getSchema, Mark, Node, type AnyExtension, type Attribute } from '@tiptap/core';
import { Link } from '@tiptap/extension-link';
import { OrderedList } from '@tiptap/extension-list';
import { DOMParser as ProseMirrorParser, DOMSerializer, type Node as ProseMirrorNode, type Schema, type TagParseRule } from '@tiptap/pm/model';
import { StarterKit } from '@tiptap/starter-kit';
import { addressAllowed, addressCore, IMAGE_SCHEMES } from '../../../src/domain/rich-text-allow-list';

export { addressAllowed };

/**
 * The address a link gets from what was typed in the link field: as typed when the sanitizer keeps it, a bare
 * domain with https://, an e-mail address with mailto:; null when it cannot be a link (javascript:, data:, //host…).
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  if (/^[a-zA-Z][a-zA-Z0-9.\-+]*:/.test(addressCore(text))) return addressAllowed(text) ? text : null;
  if (/^[/\\]{2}/.test(text)) return null;
  if (/^[/#?]/.test(text)) return text;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  if (/^[^\s/.]+(\.[^\s/.]+)+([/?#]\S*)?$/.test(text)) return `https://${text}`;
  return null;
}

const stringAttribute = (name: string): Attribute => ({
  default: null,
  parseHTML: (el) => el.getAttribute(name) || null,
  renderHTML: (attrs) => (attrs[name] ? { [name]: attrs[name] } : {}),
});

/** A mark for an inline tag; where HTML has two tags for it (strong/b, em/i), the one it was read from is kept. */
function inlineTag(name: string, tags: string[], extra: { rules?: TagParseRule[]; styles?: { style: string; getAttrs?: (value: string) => false | null }[]; shortcut?: string } = {}) {
  return Mark.create({
    name,
    addAttributes: () => (tags.length > 1 ? { tag: { default: tags[0], parseHTML: (el: HTMLElement) => el.tagName.toLowerCase(), rendered: false } } : {}),
    parseHTML: () => [...(extra.rules ?? tags.map((tag) => ({ tag }))), ...(extra.styles ?? [])],
    renderHTML: ({ mark, HTMLAttributes }) => [(mark.attrs.tag as string | undefined) ?? tags[0], HTMLAttributes, 0],
    addKeyboardShortcuts() {
      return extra.shortcut ? { [extra.shortcut]: () => this.editor.commands.toggleMark(this.name) } : {};
    },
  });
}

/** A block element kept as it is (its content parsed as the schema allows). */
function blockTag(name: string, tag: string, content: string, spec: { group?: string; isolating?: boolean; attributes?: Record<string, Attribute> } = {}) {
  return Node.create({
    name,
    group: spec.group,
    content,
    defining: true,
    isolating: spec.isolating,
    addAttributes: () => spec.attributes ?? {},
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

const Bold = inlineTag('bold', ['strong', 'b'], {
  rules: [{ tag: 'strong' }, { tag: 'b', getAttrs: (el) => (el as HTMLElement).style.fontWeight !== 'normal' && null }],
  styles: [{ style: 'font-weight', getAttrs: (v) => /^(bold(er)?|[5-9]\d{2,})$/.test(v) && null }],
  shortcut: 'Mod-b',
});
const Italic = inlineTag('italic', ['em', 'i'], {
  rules: [{ tag: 'em' }, { tag: 'i', getAttrs: (el) => (el as HTMLElement).style.fontStyle !== 'normal' && null }],
  styles: [{ style: 'font-style=italic' }],
  shortcut: 'Mod-i',
});
const SimpleMarks = [
  inlineTag('code', ['code'], { shortcut: 'Mod-e' }),
  inlineTag('subscript', ['sub']),
  inlineTag('superscript', ['sup']),
  inlineTag('small', ['small']),
  inlineTag('highlight', ['mark']),
  inlineTag('abbreviation', ['abbr']),
];
/** A span carries lang, dir or title (one without them means nothing: pasted text is full of those); spans may nest. */
const Span = inlineTag('span', ['span'], { rules: [{ tag: 'span[lang]' }, { tag: 'span[dir]' }, { tag: 'span[title]' }] }).extend({ excludes: '' });

/** Links: the sanitizer's schemes only; a new tab only as target="_blank", always with rel="noopener noreferrer". */
const SafeLink = Link.extend({
  // Typing after a link does not lengthen it.
  inclusive: () => false,
  addAttributes() {
    return {
      href: { default: null, parseHTML: (el) => el.getAttribute('href') },
      title: stringAttribute('title'),
      target: {
        default: null,
        parseHTML: (el) => (el.getAttribute('target') === '_blank' ? '_blank' : null),
        renderHTML: (attrs) => (attrs.target === '_blank' ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
    };
  },
  // Only its own attributes (the extension's defaults add target, rel and class to every link).
  renderHTML: ({ HTMLAttributes }) => ['a', HTMLAttributes, 0],
}).configure({
  openOnClick: false,
  defaultProtocol: 'https',
  isAllowedUri: (url) => addressAllowed(url),
});

/** Ordered lists: start (when not 1) and reversed; no type (the allow-list has none). */
const NumberedList = OrderedList.extend({
  addAttributes() {
    return {
      start: {
        default: 1,
        parseHTML: (el) => (el.hasAttribute('start') ? Number.parseInt(el.getAttribute('start') ?? '', 10) || 1 : 1),
        renderHTML: (attrs) => (attrs.start !== 1 ? { start: attrs.start } : {}),
      },
      reversed: { default: false, parseHTML: (el) => el.hasAttribute('reversed'), renderHTML: (attrs) => (attrs.reversed ? { reversed: '' } : {}) },
    };
  },
  renderHTML({ HTMLAttributes }) {
    return ['ol', HTMLAttributes, 0];
  },
});

/** pre, with or without code inside; plain text, no marks. */
const CodeBlock = Node.create({
  name: 'codeBlock',
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,
  addAttributes: () => ({
    code: {
      default: true,
      parseHTML: (el) => el.childNodes.length === 1 && el.firstElementChild?.tagName === 'CODE',
      rendered: false,
    },
  }),
  parseHTML: () => [{ tag: 'pre', preserveWhitespace: 'full' }],
  renderHTML: ({ node, HTMLAttributes }) => (node.attrs.code ? ['pre', HTMLAttributes, ['code', 0]] : ['pre', HTMLAttributes, 0]),
});

const Image = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: () => ({
    src: { default: null },
    alt: { default: null, parseHTML: (el) => el.getAttribute('alt') },
    width: stringAttribute('width'),
    height: stringAttribute('height'),
  }),
  parseHTML: () => [{ tag: 'img[src]', getAttrs: (el) => addressAllowed((el as HTMLElement).getAttribute('src') ?? '', IMAGE_SCHEMES) && null }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
});

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: () => ({
    header: { default: false, parseHTML: (el) => el.tagName === 'TH', rendered: false },
    colspan: stringAttribute('colspan'),
    rowspan: stringAttribute('rowspan'),
    scope: { ...stringAttribute('scope'), parseHTML: (el) => (el.tagName === 'TH' && el.getAttribute('scope')) || null },
  }),
  parseHTML: () => [{ tag: 'td' }, { tag: 'th' }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.header ? 'th' : 'td', HTMLAttributes, 0],
});
const TableSection = Node.create({
  name: 'tableSection',
  content: 'tableRow*',
  addAttributes: () => ({ tag: { default: 'tbody', parseHTML: (el) => el.tagName.toLowerCase(), rendered: false } }),
  parseHTML: () => [{ tag: 'thead' }, { tag: 'tbody' }, { tag: 'tfoot' }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.tag as string, HTMLAttributes, 0],
});

const KeptBlocks = [
  blockTag('table', 'table', 'tableCaption? tableSection+', { group: 'block', isolating: true }),
  blockTag('tableCaption', 'caption', 'inline*'),
  TableSection,
  blockTag('tableRow', 'tr', 'tableCell+'),
  TableCell,
  blockTag('descriptionList', 'dl', '(descriptionTerm | descriptionDetails)+', { group: 'block' }),
  blockTag('descriptionTerm', 'dt', 'inline*'),
  blockTag('descriptionDetails', 'dd', 'block+'),
  blockTag('figure', 'figure', '(block | figcaption)+', { group: 'block' }),
  blockTag('figcaption', 'figcaption', 'inline*'),
  blockTag('division', 'div', 'block+', { group: 'block' }),
  CodeBlock,
  Image,
];

/**
 * lang, dir and title on every element (the allow-list's '*'), and how a paragraph is written: `form` is 'p'
 * when it was read from a <p>, 'bare' when it was loose text the parser wrapped (written back without a tag),
 * null when the editor made it (a <p>, but bare as the first thing in a list item, cell or definition).
 */
const HtmlAttributes = Extension.create({
  name: 'htmlAttributes',
  addGlobalAttributes() {
    const types = this.extensions.map((e) => e.name).filter((n) => n !== 'text' && n !== 'doc');
    return [
      { types, attributes: { lang: stringAttribute('lang'), dir: stringAttribute('dir') } },
      { types: types.filter((n) => n !== 'link'), attributes: { title: stringAttribute('title') } },
      {
        types: ['paragraph'],
        attributes: {
          form: {
            default: null,
            parseHTML: (el) => (el.hasAttribute('data-bare') ? 'bare' : el.hasAttribute('data-made') ? null : 'p'),
            renderHTML: (attrs) => (attrs.form === 'bare' ? { 'data-bare': '' } : attrs.form === 'p' ? {} : { 'data-made': '' }),
          },
        },
      },
    ];
  },
});

/** Every extension of the editor: the starter kit's text structure and history, and the allow-list's rest. */
export const RICH_TEXT_EXTENSIONS: AnyExtension[] = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4, 5, 6] },
    bold: false,
    italic: false,
    code: false,
    codeBlock: false,
    orderedList: false,
    link: false,
    // An empty paragraph after the last block would be written into every page.
    trailingNode: false,
  }),
  SafeLink,
  Span,
  Bold,
  Italic,
  ...SimpleMarks,
  NumberedList,
  ...KeptBlocks,
  HtmlAttributes,
];

export const richTextSchema: Schema = getSchema(RICH_TEXT_EXTENSIONS);

const INLINE = new Set(['#text', 'A', 'ABBR', 'B', 'BR', 'CODE', 'EM', 'I', 'IMG', 'MARK', 'S', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'U']);

/** Wraps each run of loose inline content of a block holder in <p data-bare>, so it is written back without a tag. */
function markLooseText(holder: Element): void {
  const doc = holder.ownerDocument;
  const bareParagraph = () => {
    const p = doc.createElement('p');
    p.setAttribute('data-bare', '');
    return p;
  };
  let run: ChildNode[] = [];
  const flush = (before: ChildNode | null) => {
    if (run.some((n) => n.nodeType !== 3 || /\S/.test(n.textContent ?? ''))) holder.insertBefore(bareParagraph(), before).append(...run);
    run = [];
  };
  for (const child of Array.from(holder.childNodes)) {
    if (INLINE.has(child.nodeName)) run.push(child);
    else if (child.nodeType === 1) flush(child);
  }
  flush(null);
  // A list item opens with a paragraph in the editor: one that opens with something else gets an empty, tagless one.
  if (holder.nodeName === 'LI' && holder.firstElementChild && holder.firstElementChild.nodeName !== 'P') holder.prepend(bareParagraph());
}

/** The editor's document for stored HTML (parsed in a detached document: nothing in it loads or runs). */
export function parseRichText(html: string, schema: Schema = richTextSchema): ProseMirrorNode {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  for (const holder of [body, ...Array.from(body.querySelectorAll('li, blockquote, dd, td, th, div, figure'))]) markLooseText(holder);
  return ProseMirrorParser.fromSchema(schema).parse(body);
}

const VOID = new Set(['br', 'hr', 'img']);
/** Where a paragraph the editor made is written without a tag when it comes first. */
const TIGHT = new Set(['li', 'td', 'th', 'dd']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function attributesOf(el: Element): string {
  let out = '';
  for (const { name, value } of Array.from(el.attributes)) {
    if (name.startsWith('data-')) continue;
    // sanitize-html writes an empty boolean attribute (reversed) by its name; alt="" is the one empty value kept.
    out += value === '' && name !== 'alt' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

function writeChildren(parent: ParentNode, parentTag: string): string {
  let html = '';
  let previousBare = false;
  Array.from(parent.childNodes).forEach((child, index) => {
    if (child.nodeType !== 1) {
      html += escapeText(child.textContent ?? '');
      previousBare = false;
      return;
    }
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    const plain = Array.from(el.attributes).every((a) => a.name.startsWith('data-'));
    const bare = tag === 'p' && plain && !previousBare && (el.hasAttribute('data-bare') || (el.hasAttribute('data-made') && index === 0 && TIGHT.has(parentTag)));
    previousBare = bare;
    if (bare) html += writeChildren(el, tag);
    else html += `<${tag}${attributesOf(el)}${VOID.has(tag) ? ' />' : `>${writeChildren(el, tag)}</${tag}>`}`;
  });
  return html;
}

/** The HTML of the editor's document, written the way the sanitizer writes what it keeps; '' when it is empty. */
export function writeRichText(doc: ProseMirrorNode): string {
  const only = doc.childCount === 1 ? doc.firstChild : null;
  if (only?.type.name === 'paragraph' && only.content.size === 0 && !only.attrs.lang && !only.attrs.dir && !only.attrs.title) return '';
  const fragment = DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document });
  return writeChildren(fragment, '').trim();
}
