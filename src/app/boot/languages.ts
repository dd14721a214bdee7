// Which languages a host offers and which one is active at start-up.
import type { Language, LanguageLabel, LanguageOption } from '../../generated/types/entities';

const LABEL_OF: Record<Language, LanguageLabel> = { 0: 'tr', 1: 'en' };

/** The configuration's language values in its order, labelled by the frd layer's options (spec section 7). */
export function offeredLanguages(values: readonly Language[], layerOptions: readonly LanguageOption[] | undefined): LanguageOption[] {
  return values.map((value) => layerOptions?.find((o) => o.value === value) ?? { value, label: LABEL_OF[value] });
}

/** The stored choice when still offered, else the configuration's default, else the first offered. */
export function initialLanguage(list: readonly LanguageOption[], stored: LanguageOption | null, defaultValue: Language): LanguageOption {
  return (
    (stored && list.find((l) => l.label === stored.label)) ??
    list.find((l) => l.value === defaultValue) ??
    list[0] ?? { label: LABEL_OF[defaultValue] ?? 'tr', value: defaultValue }
  );
}
