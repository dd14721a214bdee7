// Page components by route-view name, each loaded lazily (its own chunk). A page whose route_view is not
// here (or has none) is rendered by the generic page. Later issues add their pages to this map.
import type { ComponentType } from 'react';
import type { PageDefinition } from './catalogue';
import type { CheckoutView } from '../../pages/checkout/views';

export interface PageProps {
  page: PageDefinition;
}

export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

export const GENERIC_PAGE = 'GenericPage';

const storefront: PageLoader = () => import('../../pages/shop/Storefront');
/**
 * A checkout chunk (a page or the top bar's cart link) through src/pages/checkout/views.ts: the first page
 * carries one chunk reference for all of them. A page loaded this way still runs under the chunk time-out.
 */
export const checkoutView =
  (view: CheckoutView): PageLoader =>
  () =>
    import('../../pages/checkout/views').then((m) => m.loadCheckoutView(view));

export const defaultPageLoaders: Record<string, PageLoader> = {
  [GENERIC_PAGE]: () => import('../../pages/GenericPage'),
  Page404: () => import('../../pages/Page404'),
  // Accounts, sessions and permissions (issue 3).
  Login: () => import('../../pages/Login'),
  Logout: () => import('../../pages/Logout'),
  Register: () => import('../../pages/Register'),
  RegisterApprove: () => import('../../pages/RegisterApprove'),
  PasswordReset: () => import('../../pages/PasswordReset'),
  UserSettings: () => import('../../pages/UserSettings'),
  AuthorityManagement: () => import('../../pages/AuthorityManagement'),
  AuthorizationList: () => import('../../pages/AuthorizationList'),
  UserAccountSettings: () => import('../../pages/UserAccountSettings'),
  RegisterByAuthorizedPerson: () => import('../../pages/RegisterByAuthorizedPerson'),
  // The storefront (issue 10): the shop window, its campaigns, a bundle's page and the highlights of a website
  // unit (content kind shop_highlights), one chunk (src/pages/shop/Storefront.tsx picks by route view).
  Shop: storefront,
  Campaigns: storefront,
  ShopBundle: storefront,
  ShopHighlights: storefront,
  // Front-end settings, website-unit pages and icons (issue 4); the unit list and form are the generic screen website_unit.
  FrontendSettings: () => import('../../pages/FrontendSettings'),
  IconList: () => import('../../pages/IconList'),
  WebsiteUnit: () => import('../../pages/WebsiteUnit'),
  // Generic list and record screens (issue 4): the page's `screen` names which.
  GenericScreen: () => import('../../../renderers/generic/GenericScreen'),
  // The rule canvas (issue 5): a package's algorithm on React Flow, its own chunk.
  RuleCanvas: () => import('../../../renderers/rule-canvas/RuleCanvasPage'),
  // The data-model designer (issue 11): a model's groups and parameters, its own chunk.
  DataModelDesigner: () => import('../../../renderers/data-model-designer/DataModelDesignerPage'),
  // Recording with a data model's published version, and the testers' page of a model and a record (issue 11):
  // both draw the recording form (renderers/data-model-form); a model's records are the generic list with the export.
  DataModelRecord: () => import('../../pages/data-model/DataModelRecord'),
  DataModelRecords: () => import('../../pages/data-model/DataModelRecords'),
  DataModelTester: () => import('../../pages/data-model/DataModelTester'),
  // The clinical workspace (issue 11): hospital management's settings, and the dashboard (a website unit of
  // content kind clinical_dashboard).
  HospitalSettings: () => import('../../pages/HospitalSettings'),
  // Mail sending (issue 13): choose users, write, preview in both languages, send as a background process.
  SendingMail: () => import('../../pages/mail/SendingMail'),
  ClinicalDashboard: () => import('../../pages/clinical/ClinicalDashboard'),
  // The dose calculator (issue 12): every body-size and renal figure and a dose, computed in the browser.
  DoseCalculator: () => import('../../pages/clinical/DoseCalculator'),
  // Patients (issue 12): search, registration, the follow-up (measurements, laboratory) and results by test.
  PatientSearch: () => import('../../pages/patient/PatientSearch'),
  PatientNew: () => import('../../pages/patient/PatientNew'),
  PatientFollowup: () => import('../../pages/patient/PatientFollowup'),
  LaboratoryResults: () => import('../../pages/patient/LaboratoryResults'),
  PatientMedications: () => import('../../pages/patient/PatientMedications'),
  // Treatment protocols (issue 12): the list and the editor (renderers/protocol-editor), one chunk each.
  ProtocolList: () => import('../../../renderers/protocol-editor/ProtocolListPage'),
  ProtocolEditor: () => import('../../../renderers/protocol-editor/ProtocolEditorPage'),
  // Treatments (issue 12): planning a new one, a treatment with its steps, the lists of treatments and drug days.
  NewTreatment: () => import('../../pages/treatment/NewTreatment'),
  TreatmentDetails: () => import('../../pages/treatment/TreatmentDetails'),
  TreatmentList: () => import('../../pages/treatment/TreatmentList'),
  ChemotherapyList: () => import('../../pages/treatment/ChemotherapyList'),
  // Speed monitoring (issue 13): the slowest routes and the calls per minute; its chart (uPlot) is a chunk of its own.
  SpeedMonitoring: () => import('../../pages/monitoring/SpeedMonitoring'),
  // Support requests (issue 10): the signed-in list and details, and the page a support mail's link opens.
  UserSupportList: () => import('../../pages/UserSupportList'),
  UserSupportDetails: () => import('../../pages/UserSupportDetails'),
  MailSupport: () => import('../../pages/MailSupport'),
  // The signed-in user's documents (issue 13): upload, list, share, download.
  Documents: () => import('../../pages/documents/Documents'),
  // The data layers (issue 13): choose a layer, browse its tree, list, filter and edit its records, import a workbook.
  Db: () => import('../../pages/database/DatabasePage'),
  // The buyer's cart, payment, orders, active products and bills (issue 10), through one chunk of loaders.
  UserShoppingcart: checkoutView('UserShoppingcart'),
  UserShoppingcartPayment: checkoutView('UserShoppingcartPayment'),
  UserShopcartBundleOrderList: checkoutView('UserShopcartBundleOrderList'),
  UserProductBundlesActive: checkoutView('UserProductBundlesActive'),
  UserBilling: checkoutView('UserBilling'),
  // A shop's order as its staff work on it (approve a transfer, send, refund, bill), in the checkout chunks.
  ShopOrderDetails: checkoutView('ShopOrderDetails'),
  // Data analysis (issue 14): the project list and a project's home, adding a dataset, and the project pages
  // (src/pages/analysis/ProjectShell.tsx frames each): statistics, statistics on filtered rows, machine learning,
  // the dataset filter and data queries.
  UserProject: () => import('../../pages/analysis/UserProject'),
  AddDataset: () => import('../../pages/analysis/AddDataset'),
  UserProjectStatisticsView: () => import('../../pages/analysis/UserProjectStatisticsView'),
  UserProjectDatasetStatisticsQuery: () => import('../../pages/analysis/UserProjectDatasetStatisticsQuery'),
  UserProjectMachineLearning: () => import('../../pages/analysis/UserProjectMachineLearning'),
  UserProjectDatasetFilter: () => import('../../pages/analysis/UserProjectDatasetFilter'),
  UserProjectCreateDataQuery: () => import('../../pages/analysis/UserProjectCreateDataQuery'),
  // Background processes (issue 13): the reader's own (an admin's: the site's), with live progress and the log.
  Processes: () => import('../../pages/Processes'),
  // The two frame-mode pages of the data-analysis area (issue 14), embedded on other sites of the tenant: the
  // site search and a formula over a project's rows.
  WaiSearchIframe: () => import('../../pages/analysis/frames/WaiSearchIframe'),
  WanalyzerCellCalculateIframe: () => import('../../pages/analysis/frames/WanalyzerCellCalculateIframe'),
};

/** The loader of a page: its route view's when registered, else the generic page's. */
export function loaderFor(page: PageDefinition, loaders: Record<string, PageLoader>): PageLoader {
  return (page.route_view && loaders[page.route_view]) || loaders[GENERIC_PAGE];
}
