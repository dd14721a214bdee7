// Applies this host's configuration: the store, the browser-storage keys, the language, the document title,
// the favicon and the theme colours.
import { frontendWebsiteunitList } from '../../generated/client/frontend';
import type { FrontendGetResponse, LayerWdmGetResponse } from '../../generated/types/routes';
import type { FrontendConfiguration, LanguageOption, WebsiteUnit } from '../../generated/types/entities';
import { initI18n } from '../i18n';
import { buildCatalogue } from '../router/catalogue';
import {
  readActiveLang,
  readCurrencyType,
  readLayerWdmList,
  saveActiveLang,
  saveCurrencyType,
  saveFrontendSettings,
  saveLayerWdmList,
  saveSystemProductId,
} from '../storage';
import { useAppStore } from '../store';
import { initialLanguage, offeredLanguages } from './languages';

export function applyConfiguration(frontend: FrontendGetResponse, layers: LayerWdmGetResponse): void {
  const settings = frontend.frontend;
  const store = useAppStore.getState();

  const languages = offeredLanguages(settings.language_options, layers.layer_wdm_list.frd?.language_options);
  const active = initialLanguage(languages, readActiveLang(), settings.default_language);
  const currency = readCurrencyType() ?? settings.default_currency_type ?? 0;

  store.setConfiguration({
    settings,
    productId: frontend.frontend_product_id,
    websiteUnits: frontend.website_unit_list,
    menuData: buildCatalogue(settings, frontend.website_unit_list),
  });
  store.setLanguages(languages, active);
  store.setCurrency(currency);

  saveFrontendSettings(settings);
  saveSystemProductId(frontend.frontend_product_id);
  saveLayerWdmList(layers.layer_wdm_list);
  saveCurrencyType(currency);
  saveActiveLang(active);

  initI18n(active.label);
  applyDocument(settings);
}

const THEME: Record<keyof FrontendConfiguration['colors'], string> = {
  sidebar_background: '--sema-sidebar-bg',
  sidebar_text: '--sema-sidebar-text',
  topbar_background: '--sema-topbar-bg',
  topbar_text: '--sema-topbar-text',
  accent: '--sema-accent',
};

export function applyDocument(settings: FrontendConfiguration): void {
  document.title = settings.application_name;
  if (settings.page_favicon) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.removeAttribute('type');
    icon.href = settings.page_favicon;
  }
  applyTheme(settings.colors);
}

/** The theme colours as the CSS custom properties of the layout (also the settings page's live preview). */
export function applyTheme(colors: Partial<FrontendConfiguration['colors']> | undefined): void {
  const root = document.documentElement.style;
  for (const [key, property] of Object.entries(THEME) as [keyof typeof THEME, string][]) {
    const value = colors?.[key];
    if (value) root.setProperty(property, value);
  }
}

/**
 * A website unit list saved in this session (issue 4): the store's units and the catalogue the router and the
 * menu read, so a new or changed unit is routed and in the menu at once, without a reload.
 */
export function applyWebsiteUnits(units: WebsiteUnit[]): void {
  const { configuration, setConfiguration } = useAppStore.getState();
  if (!configuration.settings) return;
  setConfiguration({ ...configuration, websiteUnits: units, menuData: buildCatalogue(configuration.settings, units) });
}

let unitsAsked = 0;

/**
 * The site's units as the server answers them to this caller now (it answers each caller only the units it may
 * open): after another write, and whenever the session's user or auth codes change. An older answer that
 * arrives after a newer one is dropped.
 */
export async function reloadWebsiteUnits(): Promise<void> {
  const asked = ++unitsAsked;
  const list = (await frontendWebsiteunitList({})).website_unit_list;
  if (asked === unitsAsked) applyWebsiteUnits(list);
}

/** One unit saved (created or updated): replaces it by id, or adds it. */
export function applyWebsiteUnit(unit: WebsiteUnit): void {
  const units = useAppStore.getState().configuration.websiteUnits;
  const at = units.findIndex((u) => u.website_unit_client_id === unit.website_unit_client_id);
  applyWebsiteUnits(at < 0 ? [...units, unit] : units.map((u, i) => (i === at ? unit : u)));
}

/** One unit deleted. */
export function removeWebsiteUnit(unitId: string): void {
  applyWebsiteUnits(useAppStore.getState().configuration.websiteUnits.filter((u) => u.website_unit_client_id !== unitId));
}

/**
 * Front-end settings saved by the administrator: this page load follows them at once (title, favicon, theme,
 * the catalogue's switches, the offered languages); every other visitor gets them on their next load.
 */
export function applySavedSettings(settings: FrontendConfiguration): void {
  const store = useAppStore.getState();
  const { configuration } = store;
  store.setConfiguration({ ...configuration, settings, menuData: buildCatalogue(settings, configuration.websiteUnits) });
  const layers = readLayerWdmList() as { frd?: { language_options?: LanguageOption[] } } | null;
  const languages = offeredLanguages(settings.language_options, layers?.frd?.language_options);
  const active = initialLanguage(languages, store.language.active, settings.default_language);
  store.setLanguages(languages, active);
  if (active.label !== store.language.active.label) {
    saveActiveLang(active);
    initI18n(active.label);
  }
  saveFrontendSettings(settings);
  applyDocument(settings);
}
