// Labels made of parts shown together (a node's type and its name, an output's kind and severity). In Turkish
// an alert of severity warning is "Uyarı" twice, and a node may be named after its type: a part that says what
// an earlier part already said is shown once ("Uyarı", not "Uyarı · Uyarı"), in either language.
import type { Lang } from '../../../src/domain/rules';

/** Whether two labels say the same thing (spaces around and letter case aside, in the language's own casing). */
export const sameLabel = (a: string, b: string, lang: Lang): boolean => a.trim().toLocaleLowerCase(lang) === b.trim().toLocaleLowerCase(lang);

/** The parts joined by the separator, without empty parts and without a part repeating an earlier one. */
export function joinLabels(parts: readonly string[], separator: string, lang: Lang): string {
  const kept: string[] = [];
  for (const part of parts) if (part.trim() && !kept.some((k) => sameLabel(k, part, lang))) kept.push(part);
  return kept.join(separator);
}
