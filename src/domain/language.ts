// The product's languages and a text given in each of them: one definition for browser, server and codegen.
import type { BilingualText, LanguageLabel } from '../generated/types/entities';
import type { EnumEntry } from '../generated/enums';

export type Lang = LanguageLabel;
export type Bilingual = BilingualText;

/** An enumeration value's label in the language (from the contract's labels); '' for no value. */
export function enumEntryLabel(entry: EnumEntry, value: unknown, lang: Lang): string {
  const i = entry.values.indexOf(value as never);
  return i >= 0 ? entry.labels[i][lang] : value === undefined || value === null ? '' : String(value);
}
