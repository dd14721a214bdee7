// Text as a search compares it: lower case without diacritics, Turkish dotless and dotted i as i — so "ayse",
// "AYŞE" and "Ayşe" find each other whatever the database's locale (PGlite's C locale lowers only ASCII).

/** The folded form of `text` for a "contains" search. */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase();
