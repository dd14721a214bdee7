// The allow-list sanitizer of website units' rich text, run on the server when a unit is saved (the browser
// shows the stored HTML as it is). sanitize-html (htmlparser2 underneath, no DOM needed on Node) keeps only
// the tags, attributes and URL schemes of the allow-list (src/domain/rich-text-allow-list.ts, which the editor
// shares): no scripts or other active elements, no event handlers, no style attributes or style sheets, no
// javascript:/vbscript:/data: addresses, no protocol-relative ones.
import type SanitizeHtml from 'sanitize-html';
import { IMAGE_SCHEMES, LINK_SCHEMES, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../src/domain/rich-text-allow-list.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** Elements dropped together with their content (not only their tags). */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'title', 'head', 'xmp', 'noembed', 'noframes', 'plaintext', 'select', 'button',
];

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // A refused address leaves nothing behind: a link without one is its text, an image without one is gone (the
  // rich-text editor has neither, so stored HTML loads into it and is written back unchanged).
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : frame.tag === 'img' && !frame.attribs.src),
  // The page's caption is its h1: a heading in the text starts one level below.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      // Only a new tab may be asked for, and it must not hand the opener to the target page.
      return { tagName, attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest };
    },
  },
};

/** The HTML with everything outside the allow-list removed. Idempotent: clean HTML comes back unchanged. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Tags that end a word: their text must not run into the next block's. */
const BLOCK_TAG = /<(\/?(?:p|br|hr|h[1-6]|li|dt|dd|blockquote|pre|figcaption|caption|tr|td|th|div)\b)/gi;
/** The only entities the sanitizer writes into text (it decodes every other one). */
const WRITTEN_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** The words a reader sees in rich text, as plain text on one line (what search ranks and quotes). */
export function richTextToPlain(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_TAG, ' <$1'), { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT });
  return text.replace(/&(?:lt|gt|amp);/g, (e) => WRITTEN_ENTITIES[e]).replace(/\s+/g, ' ').trim();
}
