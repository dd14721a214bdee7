// react-i18next with the Turkish and English resources bundled (they are small, and the first paint needs
// them). `<html lang>` follows the active language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageLabel } from '../../generated/types/entities';
import en from './en.json';
import tr from './tr.json';

export const i18n = i18next.createInstance();

export const resources = { tr: { translation: tr }, en: { translation: en } } as const;

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** Initialises once (synchronously: the resources are in memory); later calls only switch the language. */
export function initI18n(lng: LanguageLabel): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: false,
      supportedLngs: ['tr', 'en'],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    document.documentElement.lang = lng;
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}
