// The plain-text part of a mail whose HTML went through the rich-text allow-list (server/services/rich-text.ts):
// blocks become paragraphs, list items lines with a dash, links their text with the address in brackets.
// The regular expressions only ever see the allow-list's own output (well-formed, attributes double-quoted).
import { sanitizeHtml } from '../services/sanitize-html.ts';

const BLOCK_END = /<\/(p|div|h[1-6]|ul|ol|blockquote|pre|table|figure|dl)>/gi;
const LINE_END = /<\/(li|tr|dt|dd|figcaption|caption)>|<br\s*\/?>/gi;
// sanitize-html writes text with these four escaped (and decodes every other entity when it parses).
const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

export function textOfHtml(html: string): string {
  const marked = html
    .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => (text.replace(/<[^>]*>/g, '') === href ? text : `${text} (${href})`))
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<hr\s*\/?>/gi, '\n\n———\n\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(BLOCK_END, '\n\n')
    .replace(LINE_END, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(/&(amp|lt|gt|quot);/g, (e) => UNESCAPE[e]);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
