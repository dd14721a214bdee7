// The static page catalogue (schemas/screens/pages.json) against spec section 2. Schema validity of each
// entry is the contract test's job; here: the catalogue is complete and consistent.
import { STATIC_PAGES } from '../../src/app/router/catalogue';

const byName = new Map(STATIC_PAGES.map((p) => [p.route_name, p]));
const page = (name: string) => {
  const p = byName.get(name);
  if (!p) throw new Error(`${name} missing from the catalogue`);
  return p;
};

describe('static page catalogue', () => {
  it('has every route of spec section 2 once', () => {
    const spec = [
      'shop', 'campaigns', 'user_shoppingcart', 'user_shopcart_bundle_order_list', 'user_shoppingcart_payment', 'user_billing',
      'user_product_bundles_active', 'add_dataset', 'user_support_list', 'user_support_details', 'user_project',
      'user_project_statistics_view', 'user_project_machine_learning', 'user_project_dataset_filter',
      'user_project_dataset_statistics_query', 'user_project_create_data_query', 'wanalyzer_cell_calculate_iframe', 'wai_search_iframe',
      'user_shop_list', 'user_shop_record', 'user_shop_bundle_record', 'product_details', 'user_shop_bundle_list', 'user_shop_order_list',
      'user_shop_bundle_agreement_list', 'user_shop_bundle_agreement_record', 'user_shop_bundle_product_list',
      'user_shop_bundle_product_record', 'user_shop_bundle_product_agreement_list', 'user_shop_bundle_product_agreement_record',
      'settings', 'frontend_settings', 'register_by_authorized_person', 'frontend_webunit', 'frontend_websiteunit_list',
      'authorization_list', 'user_account_settings', 'user_externalapplication_list', 'user_externalapplication_record', 'icon_list', 'db',
      'user_settings', 'authority_management', 'sending_mail', 'audit_log', 'page404', 'login', 'logout', 'register_approve', 'register', 'password_reset',
      // The clinical labels "rule engine packages and algorithm drawing" (paths not shown: docs/decisions.md).
      'rule_engine_packages', 'rule_engine_algorithm',
      // The storefront's bundle page (issue 10; its paths are ours: docs/decisions.md).
      'shop_bundle',
      // The page a support mail's link opens for a visitor without an account (docs/decisions.md).
      'mail_support',
      // A shop's order as its staff work on it, opened from user_shop_order_list (issue 10, docs/decisions.md).
      'user_shop_order_details',
      // The clinical labels "data model list/designer", recording with a published version and the testers' page (issue 11; paths are ours).
      'data_models', 'data_model_designer', 'data_model_record', 'data_model_tester',
      // The records of one data model, with their export (issue 11: "lists of records per model"; paths are ours).
      'data_model_records',
      // The clinical label "hospital settings" (issue 11; its paths are ours: docs/decisions.md).
      'hospital_settings',
      // The dose calculator (issue 12; its paths are ours).
      'dose_calculator',
      // The clinical labels "patient search, new patient, patient follow-up, laboratory results, patient medications" (issue 12; paths are ours).
      'patient_search', 'patient_new', 'patient_followup', 'laboratory_results', 'patient_medications',
      // The protocol list and editor (issue 12: "protocol list/editor"; paths are ours).
      'protocols', 'protocol_editor',
      // The clinical labels "treatment list, new treatment, chemotherapy list" and a treatment's page, the pharmacy
      // a filter of the chemotherapy list (issue 12; paths are ours: docs/decisions.md).
      'treatment_list', 'new_treatment', 'treatment', 'chemotherapy_list',
      // The signed-in user's documents (issue 13: upload, list, share; paths are ours).
      'documents',
      // The clinical copy's "speed-monitoring module" for administrators (issue 13; its paths are ours).
      'speed_monitoring',
      // The background processes of /process/* with their progress and log (issue 13; paths are ours).
      'processes',
    ];
    expect(STATIC_PAGES.map((p) => p.route_name).sort()).toEqual([...spec].sort());
  });

  it('gives every page a Turkish and an English path, no path taken twice', () => {
    const owner = new Map<string, string>();
    for (const p of STATIC_PAGES) {
      expect(p.path.tr, p.route_name).toBeTruthy();
      expect(p.path.en, p.route_name).toBeTruthy();
      for (const path of new Set([p.path.tr!, p.path.en!])) {
        expect(owner.get(path), `${path} of ${p.route_name}`).toBeUndefined();
        owner.set(path, p.route_name);
      }
    }
  });

  it('names existing parents only', () => {
    for (const p of STATIC_PAGES) if (p.parent) expect(byName.has(p.parent), `${p.route_name} → ${p.parent}`).toBe(true);
  });

  it('keeps the paths the specification gives', () => {
    expect(page('shop').path).toEqual({ en: '/shop', tr: '/magaza' });
    expect(page('user_shopcart_bundle_order_list').path).toEqual({ en: '/user-shopcart-bundle-order', tr: '/kullanici-alisverissepeti-paket-siparis' });
    expect(page('user_project_machine_learning').path.en).toBe('/user-project/machine-learning');
    expect(page('user_project_machine_learning').path.tr).toMatch(/^\/kullanici-proje\//);
    expect(page('register_approve').path).toEqual({ en: '/register/approve', tr: '/kayit/onay' });
    expect(page('password_reset').path).toEqual({ en: '/login/password-reset', tr: '/giris/sifre-sifirlama' });
    expect(page('page404').path).toEqual({ en: '/page-not-found', tr: '/sayfa-bulunamadi' });
    expect(page('login').path.en).toBe('/login');
    expect(page('logout').path.en).toBe('/logout');
    expect(page('authority_management').path).toEqual({ en: '/authority-management', tr: '/yetki-yonetim' });
  });

  it('carries the access flags of the specification', () => {
    expect(page('user_shop_list')).toMatchObject({ login: true, shop_active: true, show_in_menu: true });
    expect(page('user_shop_list').auth!.split(',')).toHaveLength(8);
    expect(page('user_shop_order_list').auth).toBe('admin,shop_admin,shop_order_bundle_status_management');
    expect(page('settings').auth).toBe('admin,website_admin,website_edit,register');
    expect(page('user_externalapplication_record')).toMatchObject({ auth: 'admin,external_application_add', show_in_menu: false });
    expect(page('wanalyzer_cell_calculate_iframe')).toMatchObject({ login: true, iframe_mode: true });
    expect(page('wai_search_iframe')).toMatchObject({ login: false, iframe_mode: true });
    expect(page('add_dataset')).toMatchObject({ add_dataset: true, login: true, shop_active: true });
    expect(page('user_project')).toMatchObject({ login: false, shop_active: false, show_in_menu: true });
    expect(page('campaigns')).toMatchObject({ login: false, shop_active: true, show_in_menu: false });
    expect(page('shop_bundle')).toMatchObject({ login: false, shop_active: true, show_in_menu: false, parent: 'shop', auth: '' });
    expect(page('page404')).toMatchObject({ login: false, route_view: 'Page404' });
    expect(page('rule_engine_packages')).toMatchObject({ login: true, auth: '', show_in_menu: true, clinical_active: true, screen: { id: 'decision_package', view: 'list' } });
    expect(page('rule_engine_algorithm')).toMatchObject({ login: true, auth: '', show_in_menu: false, clinical_active: true, route_view: 'RuleCanvas', screen: { id: 'decision_package', view: 'record' } });
  });

  it('marks the rule engine\'s, the data models\', the dose calculator\'s, the patients\', the protocols\', the treatments\' and the hospital settings\' pages, and only them, as clinical pages (clinical_function)', () => {
    expect(STATIC_PAGES.filter((p) => p.clinical_active).map((p) => p.route_name)).toEqual([
      'rule_engine_packages',
      'rule_engine_algorithm',
      'data_models',
      'data_model_designer',
      'data_model_tester',
      'data_model_records',
      'data_model_record',
      'dose_calculator',
      'patient_search',
      'patient_new',
      'patient_followup',
      'laboratory_results',
      'patient_medications',
      'protocols',
      'protocol_editor',
      'treatment_list',
      'new_treatment',
      'treatment',
      'chemotherapy_list',
      'hospital_settings',
    ]);
    expect(STATIC_PAGES.filter((p) => p.clinical_active && p.shop_active)).toEqual([]);
  });
});
