// Applies this host's configuration: the store, the browser-storage keys, the language, the document title,
// the favicon and the theme colours.
import type { FrontendGetResponse, LayerWdmGetResponse } from '../../generated/types/routes';
import type { FrontendConfiguration } from '../../generated/types/entities';
import { initI18n } from '../i18n';
import { buildCatalogue } from '../router/catalogue';
import {
  readActiveLang,
  readCurrencyType,
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
  const root = document.documentElement.style;
  for (const [key, property] of Object.entries(THEME) as [keyof typeof THEME, string][]) {
    const value = settings.colors?.[key];
    if (value) root.setProperty(property, value);
  }
}
