// @vitest-environment jsdom
// The rich-text editor (renderers/generic/record/RichTextEditor.tsx) against the server's sanitizer
// (server/services/rich-text.ts): what the editor writes, with every format its toolbar offers, passes the
// sanitizer unchanged (a changed answer would read "the server changed your input" after every save); HTML
// the server stored loads into the editor and is written back as it was; HTML from anywhere else (a paste)
// comes out as HTML the sanitizer keeps as it is; and the link field refuses exactly the addresses the
// sanitizer drops.
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/services/rich-text.ts';
import { addressAllowed, linkAddress, parseRichText, RICH_TEXT_EXTENSIONS, richTextSchema, writeRichText } from '../../renderers/generic/record/rich-text-schema.ts';
import { applyLink, removeLink, TOOLS, toolById, type ToolId } from '../../renderers/generic/record/rich-text-tools.ts';

const roundTrip = (html: string) => writeRichText(parseRichText(html));

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** A headless editor with the real extensions, driven the way the toolbar and the keyboard drive it. */
function newEditor(initial = '') {
  editor = new Editor({ extensions: RICH_TEXT_EXTENSIONS, content: parseRichText(initial).toJSON(), injectCSS: false });
  const e = editor;
  const tool = (id: ToolId) => expect(toolById(id).command!(e.chain().focus()).run(), id).toBe(true);
  const type = (text: string) => e.chain().focus().insertContent(text).run();
  const enter = () => e.commands.enter();
  /** Selects the first occurrence of `text` in the document. */
  const select = (text: string) => {
    let from = -1;
    e.state.doc.descendants((node, pos) => {
      if (from < 0 && node.isText && node.text!.includes(text)) from = pos + node.text!.indexOf(text);
    });
    expect(from, text).toBeGreaterThanOrEqual(0);
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, from, from + text.length)));
  };
  const end = () => e.commands.focus('end');
  const html = () => writeRichText(e.state.doc);
  return { e, tool, type, enter, select, end, html };
}

describe('the editor writes what the sanitizer keeps', () => {
  it('with every format of the toolbar, the HTML passes the sanitizer unchanged', () => {
    const { e, tool, type, enter, select, end, html } = newEditor();
    type('Title');
    tool('heading2');
    enter();
    type('Part');
    tool('heading3');
    enter();
    type('Bold, italic, underlined, struck & linked <text>.');
    for (const [word, id] of [['Bold', 'bold'], ['italic', 'italic'], ['underlined', 'underline'], ['struck', 'strike']] as const) {
      select(word);
      tool(id);
    }
    select('linked');
    expect(applyLink(e, e.chain().focus(), 'https://example.com/?a=1&b="2"')).toBe(true);
    end();
    enter();
    // With nothing selected, the address is the link's text.
    expect(applyLink(e, e.chain().focus(), 'mailto:info@example.com')).toBe(true);
    enter();
    type('one');
    tool('bulletList');
    enter();
    type('two');
    enter();
    enter(); // an empty item leaves the list
    type('first');
    tool('orderedList');
    enter();
    type('second');
    enter();
    enter();
    type('A quote');
    tool('blockquote');
    expect(TOOLS.filter((t) => t.pressed?.(e)).map((t) => t.id)).toEqual(['blockquote']);

    const written = html();
    expect(written).toBe(
      '<h2>Title</h2><h3>Part</h3>' +
        '<p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> &amp; <a href="https://example.com/?a=1&amp;b=&quot;2&quot;">linked</a> &lt;text&gt;.</p>' +
        '<p><a href="mailto:info@example.com">mailto:info@example.com</a></p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol><blockquote><p>A quote</p></blockquote>',
    );
    expect(sanitizeRichText(written)).toBe(written);

    // Undo and redo step through the same document.
    select('A quote');
    tool('bold');
    expect(html()).toContain('<blockquote><p><strong>A quote</strong></p></blockquote>');
    tool('undo');
    expect(html()).toBe(written);
    tool('redo');
    expect(sanitizeRichText(html())).toBe(html());
    // Removing a link leaves its text.
    select('linked');
    expect(removeLink(e.chain().focus())).toBe(true);
    expect(html()).toContain('struck</s> &amp; linked &lt;text&gt;');
  });

  it('an emptied editor writes an empty text, and a line break the way the sanitizer does', () => {
    const { e, type, html } = newEditor('<p>x</p>');
    e.commands.selectAll();
    e.commands.deleteSelection();
    expect(html()).toBe('');
    type('a');
    e.commands.setHardBreak();
    type('b');
    expect(html()).toBe('<p>a<br />b</p>');
    expect(sanitizeRichText(html())).toBe(html());
  });
});

/** HTML as the server stores it (each is its own sanitizer output), using every element and attribute the allow-list keeps. */
const STORED = [
  '<h2>Title</h2><p lang="en">A <strong>bold</strong>, <em>kind</em> <a href="https://example.com/a?b=1" title="Example">link</a> and <a href="mailto:info@example.com">mail</a>.</p>' +
    '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>' +
    '<table><caption>T</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>' +
    '<figure><img src="/logo.svg" alt="Logo" width="40" height="40" /><figcaption>Logo</figcaption></figure><pre><code>x &lt; y</code></pre>',
  '<h3 dir="rtl">Three</h3><h4 title="four">Four</h4><h5>Five</h5><h6>Six</h6><hr /><p>Loose<br />lines</p>',
  'Text without a paragraph, <b>b</b> and <i>i</i>, <u>u</u>, <s>s</s>, H<sub>2</sub>O, x<sup>2</sup>, <small>small</small>, <mark>marked</mark>, <abbr title="HyperText Markup Language">HTML</abbr>, <code>code()</code>, <span lang="tr">Türkçe</span> and <span dir="ltr" title="t"><span lang="en">nested</span></span>.',
  '<p><a href="tel:+905551112233" target="_blank" rel="noopener noreferrer">call</a>, <a href="/about" title="About">here</a>, <a href="#top">top</a>, <a href="http://example.org/?q=a&amp;r=&quot;b&quot;">escaped</a></p>',
  '<ol start="5" reversed><li>five<ul><li>nested</li></ul></li><li><p>a paragraph</p><p>and another</p></li><li><ul><li>list first</li></ul></li></ol>',
  '<dl><dt>Term</dt><dd>Definition</dd><dt lang="en">Other</dt><dd><p>Long</p><p>definition</p></dd></dl>',
  '<table><tbody><tr><th rowspan="2" scope="row">Row</th><td>loose text</td></tr><tr><td><p>a paragraph</p></td></tr></tbody><tfoot><tr><td>foot</td></tr></tfoot></table>',
  '<div lang="en"><p>In a division</p><blockquote><p>A quote with a paragraph</p></blockquote></div><div>Loose in a division</div>',
  '<pre>plain\n  preformatted &amp; kept</pre><p><img src="https://example.com/a.png" alt="" /> an image in text</p>',
  '<p>Non-breaking\u00a0space, quotes "double" and \'single\', emoji 🎉, Turkish ğüşıöçİ</p><p></p><p>after an empty paragraph</p>',
];

describe('stored HTML loads into the editor and is written back as it was', () => {
  it.each(STORED)('%s', (html) => {
    expect(sanitizeRichText(html), 'a stored text is what the sanitizer keeps').toBe(html);
    expect(roundTrip(html)).toBe(html);
  });

  it('the stored samples use every node, mark and attribute of the editor', () => {
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const attrs = new Set<string>();
    for (const html of STORED)
      parseRichText(html).descendants((node) => {
        nodes.add(node.type.name);
        for (const [k, v] of Object.entries(node.attrs)) if (v !== node.type.spec.attrs?.[k]?.default) attrs.add(`${node.type.name}.${k}`);
        for (const mark of node.marks) {
          marks.add(mark.type.name);
          for (const [k, v] of Object.entries(mark.attrs)) if (v !== mark.type.spec.attrs?.[k]?.default) attrs.add(`${mark.type.name}.${k}`);
        }
      });
    expect([...nodes, 'doc'].sort()).toEqual(Object.keys(richTextSchema.nodes).sort());
    expect([...marks].sort()).toEqual(Object.keys(richTextSchema.marks).sort());
    const GLOBAL = ['lang', 'dir', 'title'];
    for (const [name, type] of [...Object.entries(richTextSchema.nodes), ...Object.entries(richTextSchema.marks)])
      for (const attr of Object.keys(type.spec.attrs ?? {})) if (!GLOBAL.includes(attr) || (name === 'link' && attr === 'title')) expect(attrs, `${name}.${attr}`).toContain(`${name}.${attr}`);
    for (const attr of GLOBAL) expect([...attrs].some((a) => a.endsWith(`.${attr}`)), attr).toBe(true);
  });

  // Differences that change nothing a browser builds or shows from the HTML.
  it.each([
    ['whitespace between blocks (the old form wrote lists over lines)', '<ul>\n  <li>one</li>\n</ul>\n<p>x</p>', '<ul><li>one</li></ul><p>x</p>'],
    ['runs of spaces and new lines in text, which the page shows as one space', '<p>a  b\nc</p>', '<p>a b c</p>'],
    ['the order of attributes', '<p title="t" lang="en">x</p>', '<p lang="en" title="t">x</p>'],
    ['start="1", the default of a numbered list', '<ol start="1"><li>x</li></ol>', '<ol><li>x</li></ol>'],
    ['a table body the HTML parser adds anyway', '<table><tr><td>x</td></tr></table>', '<table><tbody><tr><td>x</td></tr></tbody></table>'],
    ['the nesting order of inline formats (a link is outermost)', '<p><strong><a href="/a">x</a></strong></p>', '<p><a href="/a"><strong>x</strong></a></p>'],
    ['two neighbours of the same format, merged', '<p><em>a</em><em>b</em></p>', '<p><em>ab</em></p>'],
    ['a format around nothing', '<p>a<strong></strong></p>', '<p>a</p>'],
    ['a span without lang, dir or title (it means nothing; pasted text is full of them)', '<p><span>a</span> b</p>', '<p>a b</p>'],
    ['an empty document', '<p></p>', ''],
  ])('normalises %s', (_what, stored, written) => {
    expect(sanitizeRichText(stored)).toBe(stored);
    expect(roundTrip(stored)).toBe(written);
    expect(sanitizeRichText(written)).toBe(written);
  });
});

describe('HTML from anywhere else comes out as HTML the sanitizer keeps unchanged', () => {
  it.each([
    '<p style="color:red" class="x" id="y" data-x="1" onclick="alert(1)">styled</p>',
    '<h1>Top heading</h1><font color="red">font</font><center>centred</center>',
    '<ol type="a" style="list-style-type: lower-roman"><li style="list-style-type: upper-alpha">typed</li></ol>',
    '<pre><code class="language-js">let a = 1;</code></pre>',
    '<p><a href="javascript:alert(1)">js</a> <a href=" JAVASCRIPT:alert(1)">js2</a> <a href="java\tscript:alert(1)">js3</a> <a href="data:text/html,x">data</a> <a href="//evil.example">rel</a> <a href="vbscript:x">vb</a> <a>no address</a></p>',
    '<p><a href="https://ok.example" target="_self" rel="nofollow" class="c">self</a> <a href="https://ok.example" target="_blank" rel="opener">blank</a></p>',
    '<img src="data:image/png;base64,AAAA" alt="data"><img src="javascript:alert(1)"><img src="//evil.example/x.png"><img src="https://ok.example/x.png" srcset="x 1x" onerror="alert(1)" style="width:10px">',
    '<table style="width:100%" border="1"><colgroup><col style="width:20px"></colgroup><tr><td style="color:red" headers="h" width="5">cell</td></tr></table>',
    '<span style="font-weight:bold">bold by style</span> <span style="font-style:italic">italic by style</span> <b style="font-weight:normal">Google Docs wrapper</b>',
    '<script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><object data="x"></object><svg><a href="javascript:1"><text>x</text></a></svg>',
    '<details open ontoggle=alert(1)><summary>s</summary>d</details><video><source onerror="alert(1)"></video>',
    '<ul><li>a<p>b</p>c</li></ul><blockquote>x<p>y</p>z</blockquote><div>one<div>two</div>three</div>',
    '<p>before<ul><li>list inside a paragraph</li></ul>after</p><li>an orphan item</li><td>an orphan cell</td><dd>an orphan definition</dd>',
  ])('%s', (html) => {
    const written = roundTrip(html);
    expect(sanitizeRichText(written)).toBe(written);
    expect(roundTrip(written)).toBe(written);
  });
});

describe('link addresses', () => {
  const ADDRESSES = [
    'https://example.com',
    'HTTP://example.com/a b',
    'mailto:a@example.com',
    'tel:+90 555',
    '/about',
    'about',
    '#top',
    '?q=1',
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://example.com',
    'sms:123',
    '//evil.example',
    '\\\\evil.example',
    ' /\\evil.example',
    'https:<!-- -->//example.com',
    'java<!-- -->script:alert(1)',
    '',
  ];

  it.each(ADDRESSES)('the editor takes %j exactly when the sanitizer keeps it', (address) => {
    const attribute = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const kept = sanitizeRichText(`<a href="${attribute}">x</a>`).includes('href=');
    expect(addressAllowed(address)).toBe(kept);
    expect(parseRichText(`<p><a href="${attribute}">x</a></p>`).firstChild!.firstChild!.marks.length, 'a link mark').toBe(kept ? 1 : 0);
  });

  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['  www.example.com/path?q=1 ', 'https://www.example.com/path?q=1'],
    ['example.com', 'https://example.com'],
    ['info@example.com', 'mailto:info@example.com'],
    ['mailto:info@example.com', 'mailto:info@example.com'],
    ['tel:+905551112233', 'tel:+905551112233'],
    ['/hakkimizda', '/hakkimizda'],
    ['#iletisim', '#iletisim'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,x', null],
    ['ftp://example.com', null],
    ['//evil.example', null],
    ['just words', null],
    ['', null],
  ])('the link field turns %j into %j', (typed, address) => {
    expect(linkAddress(typed)).toBe(address);
  });
});
