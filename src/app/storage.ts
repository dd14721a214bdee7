// The browser-storage keys of the shop part (spec section 3). Every read tolerates a missing, blocked or
// corrupt localStorage: the app then behaves as on a first visit.
import type { AuthCode, CurrencyType, FrontendConfiguration, LanguageOption } from '../generated/types/entities';
import type { SessionToken, SessionUser } from './store/session';

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

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept.
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

/**
 * The signed-in session's keys: `user` (the user record as JSON), `token` (token_type, access_token,
 * refresh_token, expires_in and expires_at in ms, as JSON) and `auth_code_list` (the auth codes of the last
 * check, as a JSON array). Logout removes these and every key in LOGOUT_CLEARED_KEYS; the site's keys above
 * (configuration, language, currency) stay.
 */
export const SESSION_KEYS = {
  user: 'user',
  token: 'token',
  authCodeList: 'auth_code_list',
} as const;

/** Keys removed at logout: the session's, the application version, and the per-user lists later issues add. */
export const LOGOUT_CLEARED_KEYS: string[] = [SESSION_KEYS.user, SESSION_KEYS.token, SESSION_KEYS.authCodeList, 'version'];

export interface StoredSession {
  user: SessionUser | null;
  token: SessionToken | null;
  authCodes: AuthCode[];
}

export function saveSessionToken(token: SessionToken): void {
  write(SESSION_KEYS.token, JSON.stringify(token));
}

export function saveSessionUser(user: SessionUser, authCodes: readonly AuthCode[]): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
  write(SESSION_KEYS.authCodeList, JSON.stringify(authCodes));
}

export function readSessionToken(): SessionToken | null {
  const token = readJson<Partial<SessionToken>>(SESSION_KEYS.token);
  if (!token || typeof token !== 'object' || typeof token.access_token !== 'string' || !token.access_token) return null;
  return {
    token_type: typeof token.token_type === 'string' ? token.token_type : 'Bearer',
    access_token: token.access_token,
    ...(typeof token.refresh_token === 'string' ? { refresh_token: token.refresh_token } : {}),
    ...(typeof token.expires_in === 'number' ? { expires_in: token.expires_in } : {}),
    ...(typeof token.expires_at === 'number' ? { expires_at: token.expires_at } : {}),
  };
}

/** The stored session, or an empty one when anything is missing or malformed. */
export function readSession(): StoredSession {
  const token = readSessionToken();
  const user = readJson<SessionUser>(SESSION_KEYS.user);
  const codes = readJson<unknown>(SESSION_KEYS.authCodeList);
  if (!token || !user || typeof user !== 'object' || typeof user.username !== 'string') return { user: null, token: null, authCodes: [] };
  const authCodes = Array.isArray(codes) ? (codes.filter((c) => typeof c === 'string') as AuthCode[]) : [];
  return { user, token, authCodes };
}

export function clearStoredSession(): void {
  for (const key of LOGOUT_CLEARED_KEYS) remove(key);
}
