// @vitest-environment jsdom
// The rich-text sanitizer against classic XSS payloads. Each output is parsed the way a browser parses it
// (jsdom's HTML parser, so mutation-XSS tricks are judged by the parse that matters) and must hold no active
// element, no event handler, no style, and no address other than http(s), mailto, tel or a relative one.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/services/rich-text.ts';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/phish">x</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="background-image: url(https://tracker.example/pixel.gif)">x</div>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<template><script>alert(1)</script></template>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div id="x" class="y" data-x="javascript:alert(1)">x</div>',
  '"><script>alert(document.cookie)</script>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<a href="https://ok.example" target="_self">x</a>',
  '<img src="x" onerror="&#97;lert(1)">',
];

const ACTIVE = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'applet', 'form', 'input', 'button', 'link', 'meta', 'base', 'svg', 'math', 'template', 'noscript', 'video', 'audio', 'source', 'details', 'marquee', 'textarea', 'select']);
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|[^:/]*$|\/[^/]|#)/i;

/** Every problem a browser would find in the HTML. */
function problems(html: string): string[] {
  const found: string[] = [];
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (ACTIVE.has(tag)) found.push(`element <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (name === 'style' || name === 'srcset' || name === 'background' || name === 'formaction' || name === 'srcdoc') found.push(`attribute ${name}`);
      if ((name === 'href' || name === 'src' || name === 'action' || name.endsWith(':href')) && !SAFE_URL.test(attr.value.trim())) found.push(`address ${name}=${attr.value}`);
    }
    if (tag === 'a' && el.getAttribute('target') && el.getAttribute('rel') !== 'noopener noreferrer') found.push('target without noopener');
  }
  return found;
}

describe('rich-text sanitizer', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeRichText(payload);
    expect(problems(out), out).toEqual([]);
    // Clean output is stable: sanitizing it again changes nothing.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('the checker itself catches what the sanitizer must remove', () => {
    expect(problems('<img src=x onerror=alert(1)>')).toEqual(['handler onerror']);
    expect(problems('<a href="javascript:alert(1)">x</a>')).toEqual(['address href=javascript:alert(1)']);
    expect(problems('<p style="color:red">x</p>')).toEqual(['attribute style']);
  });

  it('keeps the allowed formatting, links and images', () => {
    const html =
      '<h2>Title</h2><p lang="en">A <strong>bold</strong>, <em>kind</em> <a href="https://example.com/a?b=1" title="Example">link</a> and <a href="mailto:info@example.com">mail</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>' +
      '<table><caption>T</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>' +
      '<figure><img src="/logo.svg" alt="Logo" width="40" height="40" /><figcaption>Logo</figcaption></figure><pre><code>x &lt; y</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('leaves nothing of a refused address: a link without one is its text, an image without one is gone', () => {
    expect(sanitizeRichText('<p>Go <a href="javascript:alert(1)" title="t">th<b>ere</b></a> <img src="data:image/png;base64,AA" alt="x"> <a>anchor</a> <img alt="no src"></p>')).toBe('<p>Go th<b>ere</b>  anchor </p>');
  });

  it('turns a top-level heading into the level below the page caption, and drops comments', () => {
    expect(sanitizeRichText('<h1>Big</h1><!-- note --><p>x</p>')).toBe('<h2>Big</h2><p>x</p>');
  });
});
