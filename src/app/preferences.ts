// The user's language and currency choices: store, browser storage and (for the language) i18n together.
import type { CurrencyType, LanguageLabel } from '../generated/types/entities';
import { i18n } from './i18n';
import { saveActiveLang, saveCurrencyType } from './storage';
import { useAppStore } from './store';

/** Makes an offered language active; `<html lang>` follows through i18n. Returns false for a language not offered. */
export function activateLanguage(label: LanguageLabel): boolean {
  const { language, setActiveLanguage } = useAppStore.getState();
  const option = language.list.find((l) => l.label === label);
  if (!option) return false;
  setActiveLanguage(option);
  saveActiveLang(option);
  void i18n.changeLanguage(option.label);
  return true;
}

export function chooseCurrency(type: CurrencyType): void {
  useAppStore.getState().setCurrency(type);
  saveCurrencyType(type);
}
