// The words of a search marked in a result's title and snippet, as the server matched them: each typed word
// starts a word of the text, case and dotted/dotless i aside (server/services/wai-search.ts).

export interface Piece {
  text: string;
  marked: boolean;
}

/** A character in lower case as the search compares it (Turkish casing; ı and i alike), one character long. */
const foldChar = (c: string): string => {
  const lower = c.toLocaleLowerCase('tr').replace('ı', 'i');
  return lower.length === c.length ? lower : c;
};

const WORD = /[\p{L}\p{N}]/u;

/** The query's words, folded, longest first (so "iris" wins over "i" at the same place). */
export const queryWords = (query: string): string[] =>
  [...new Set([...query.normalize('NFC')].map(foldChar).join('').match(/[\p{L}\p{N}]+/gu) ?? [])].sort((a, b) => b.length - a.length);

/** `text` cut into pieces, those where a query word begins a word marked. */
export function markWords(text: string, words: readonly string[]): Piece[] {
  const chars = [...text];
  const folded = chars.map(foldChar);
  const pieces: Piece[] = [];
  let plain = '';
  let i = 0;
  while (i < chars.length) {
    const startsWord = WORD.test(chars[i]) && (i === 0 || !WORD.test(chars[i - 1]));
    const hit = startsWord ? words.find((w) => folded.slice(i, i + [...w].length).join('') === w) : undefined;
    if (hit) {
      if (plain) pieces.push({ text: plain, marked: false });
      plain = '';
      const n = [...hit].length;
      pieces.push({ text: chars.slice(i, i + n).join(''), marked: true });
      i += n;
    } else {
      plain += chars[i++];
    }
  }
  if (plain) pieces.push({ text: plain, marked: false });
  return pieces;
}
