// Contract labels in the language the user is reading now.
import { useCallback } from 'react';
import { authCodeLabel } from '../../domain/auth-codes';
import type { Lang } from '../../domain/language';
import type { EnumEntry } from '../../generated/enums/index';
import { useActiveLabel } from '../router/hooks';

/** An auth code's name ("Shop administrator"), never the code itself. */
export function useAuthCodeLabel(): (code: string) => string {
  const lang = useActiveLabel();
  return useCallback((code: string) => authCodeLabel(code, lang), [lang]);
}

/** An enumeration as select options in the reader's language (the contract's labels, never the codes). */
export const enumOptions = (entry: EnumEntry, lang: Lang) => entry.values.map((v, i) => ({ value: String(v), label: entry.labels[i][lang] }));

/** A value's label in the reader's language (the value itself only when the enumeration does not know it). */
export const enumLabel = (entry: EnumEntry, value: string | undefined, lang: Lang): string => {
  const i = entry.values.indexOf(value as never);
  return i < 0 ? (value ?? '') : entry.labels[i][lang];
};
