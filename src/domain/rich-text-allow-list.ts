// What rich text may hold, defined once for the server's sanitizer (server/services/rich-text.ts, which keeps
// only this) and the browser's editor (renderers/generic/record/rich-text-schema.ts, which can hold all of it and
// writes nothing else): tags, attributes by tag ('*': on every tag) and the URL schemes of links and images.

/** Tags a rich-text page may hold: text structure, lists, tables, links and images. */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div',
] as const;

/** The attributes each tag may carry; those of '*' on every tag. */
export const RICH_TEXT_ATTRIBUTES = {
  '*': ['lang', 'dir', 'title'],
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
} as const satisfies Record<string, readonly string[]>;

/** URL schemes a link may have; an address without one is this site's. */
export const LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;
/** URL schemes an image may have. */
export const IMAGE_SCHEMES = ['https', 'http'] as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: sanitize-html's own pattern (naughtyHref drops U+0000–U+0020 before reading a scheme); matching control characters is its purpose
const CONTROL_AND_SPACE = /[\x00-\x20]+/g;

/** The address without what the sanitizer ignores before reading its scheme. */
export const addressCore = (address: string): string => address.replace(CONTROL_AND_SPACE, '');

/**
 * Whether the sanitizer keeps this address: the check sanitize-html makes (launder's naughtyHref): control
 * characters and spaces and HTML comments are ignored, a scheme must be listed, protocol-relative is refused.
 */
export function addressAllowed(address: string, schemes: readonly string[] = LINK_SCHEMES): boolean {
  const clean = addressCore(address).replace(/<!--[\s\S]*?-->/g, '');
  if (!clean) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(clean)?.[1];
  return scheme ? schemes.includes(scheme.toLowerCase()) : !/^[/\\]{2}/.test(clean);
}
