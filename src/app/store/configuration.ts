// Configuration slice: this host's front-end settings, the page catalogue the router was built from (menu
// data), its website units and the application version.
import type { FrontendConfiguration, WebsiteUnit } from '../../generated/types/entities';
import type { PageDefinition } from '../router/catalogue';
import type { SliceCreator } from './types';

export interface ConfigurationState {
  settings: FrontendConfiguration | null;
  /** frontend_product_id: sent back as __sys__pro__id. */
  productId: string | null;
  websiteUnits: WebsiteUnit[];
  /** Every page the router knows on this host (static catalogue + website units), in menu order. */
  menuData: PageDefinition[];
  version: string | null;
}

export interface ConfigurationSlice {
  configuration: ConfigurationState;
  setConfiguration: (next: Omit<ConfigurationState, 'version'>) => void;
  setVersion: (version: string) => void;
}

export const createConfigurationSlice: SliceCreator<ConfigurationSlice> = (set) => ({
  configuration: { settings: null, productId: null, websiteUnits: [], menuData: [], version: null },
  setConfiguration: (next) =>
    set((s) => {
      Object.assign(s.configuration, next);
    }),
  setVersion: (version) =>
    set((s) => {
      s.configuration.version = version;
    }),
});
