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
    for (const bundle of pending.splice(0)) addBundle(bundle);
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}

type Bundle = Record<LanguageLabel, Record<string, unknown>>;
const pending: Bundle[] = [];

function addBundle(bundle: Bundle): void {
  for (const lng of ['tr', 'en'] as const) i18n.addResourceBundle(lng, 'translation', bundle[lng], true, true);
}

/**
 * Strings of a lazily-loaded page group (e.g. website.tr.json / website.en.json), merged into the one
 * translation namespace when its chunk loads, so the first page does not carry them.
 */
export function addTranslations(bundle: Bundle): void {
  if (i18n.isInitialized) addBundle(bundle);
  else pending.push(bundle);
}
