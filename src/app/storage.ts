// The browser-storage keys of the shop part (spec section 3). Every read tolerates a missing, blocked or
// corrupt localStorage: the app then behaves as on a first visit.
import type { CurrencyType, FrontendConfiguration, LanguageOption } from '../generated/types/entities';

export const STORAGE_KEYS = {
  frontendSettings: 'frontend_settings',
  systemProductId: 'system_product_id',
  layerWdmList: 'layer_wdm_list',
  userCurrencyType: 'user_currency_type',
  activeLang: 'active_lang',
} as const;

/** The part of the configuration kept in frontend_settings: everything but the (possibly large) images. */
export type StoredFrontendSettings = Omit<FrontendConfiguration, 'navbar_middle_logo' | 'page_favicon'>;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the in-memory store still holds the value.
  }
}

function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function saveFrontendSettings(settings: FrontendConfiguration): void {
  const { navbar_middle_logo: _logo, page_favicon: _favicon, ...subset } = settings;
  write(STORAGE_KEYS.frontendSettings, JSON.stringify(subset satisfies StoredFrontendSettings));
}

export const readFrontendSettings = (): StoredFrontendSettings | null => readJson(STORAGE_KEYS.frontendSettings);

export const saveSystemProductId = (id: string): void => write(STORAGE_KEYS.systemProductId, id);
export const readSystemProductId = (): string | null => read(STORAGE_KEYS.systemProductId) || null;

export const saveLayerWdmList = (list: Record<string, unknown>): void => write(STORAGE_KEYS.layerWdmList, JSON.stringify(list));
export const readLayerWdmList = (): Record<string, unknown> | null => readJson(STORAGE_KEYS.layerWdmList);

export const saveCurrencyType = (type: CurrencyType): void => write(STORAGE_KEYS.userCurrencyType, String(type));
export function readCurrencyType(): CurrencyType | null {
  const raw = read(STORAGE_KEYS.userCurrencyType);
  return raw === '0' ? 0 : raw === '1' ? 1 : null;
}

/** active_lang holds the language option as JSON: {"label":"tr","value":0}. */
export const saveActiveLang = (lang: LanguageOption): void => write(STORAGE_KEYS.activeLang, JSON.stringify(lang));
export function readActiveLang(): LanguageOption | null {
  const lang = readJson<Partial<LanguageOption>>(STORAGE_KEYS.activeLang);
  if (lang && (lang.label === 'tr' || lang.label === 'en') && (lang.value === 0 || lang.value === 1)) return lang as LanguageOption;
  return null;
}
