// How a website unit becomes a page of the catalogue: its component follows from its content kind. A generic
// screen is rendered by the generic renderer (route view GenericScreen, with the page's `screen`), rich text
// and frames by the website-unit page, the shop's highlights by the storefront, the clinical dashboard by its
// page, a data model form by the recording page, plain text by the generic page (as before issue 4).
import type { WebsiteUnit } from '../../generated/types/entities';
import type { PageDefinition } from './catalogue';

/** Route views of website units (registered in registry.ts; GenericScreen by renderers/generic). */
export const WEBSITE_UNIT_VIEW = 'WebsiteUnit';
export const GENERIC_SCREEN_VIEW = 'GenericScreen';
/** The storefront's highlights (src/pages/shop): a text and the shop window's first bundles. */
export const SHOP_HIGHLIGHTS_VIEW = 'ShopHighlights';
/** The clinical site's dashboard (src/pages/clinical): a text and the user's recent models, records and packages. */
export const CLINICAL_DASHBOARD_VIEW = 'ClinicalDashboard';
/** Recording with a data model (src/pages/data-model): the model named by the unit's content, not the address. */
export const DATA_MODEL_FORM_VIEW = 'DataModelRecord';

export function unitPage(unit: WebsiteUnit): PageDefinition {
  const { route_view: _view, screen: _screen, ...page } = unit;
  const content = unit.content;
  if (content?.kind === 'screen') return { ...page, route_view: GENERIC_SCREEN_VIEW, screen: content.screen };
  if (content?.kind === 'rich_text' || content?.kind === 'frame') return { ...page, route_view: WEBSITE_UNIT_VIEW };
  if (content?.kind === 'shop_highlights') return { ...page, route_view: SHOP_HIGHLIGHTS_VIEW };
  if (content?.kind === 'clinical_dashboard') return { ...page, route_view: CLINICAL_DASHBOARD_VIEW };
  if (content?.kind === 'data_model_form') return { ...page, route_view: DATA_MODEL_FORM_VIEW };
  return page;
}

