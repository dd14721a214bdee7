-- Catalogue texts in the reader's language (docs/decisions.md, "In which language are a bundle's and a
-- product's catalogue texts"): bundles and bundle products keep the specification's text fields in the site's
-- default language and get `translations`, the same fields by language ({"en": {"bundle_name": ...}}), as the
-- contract sends it (checked by the route schemas: en and tr only, the spec fields' bounds). Null = none.
alter table bundle add column translations jsonb check (translations is null or jsonb_typeof(translations) = 'object');
alter table bundle_product add column translations jsonb check (translations is null or jsonb_typeof(translations) = 'object');

-- The demo shop (fixtures/seed/shops.json) was seeded with both languages in one string
-- ("Ücretsiz Deneme · Free Trial"); the seed now gives the Turkish text with its English in translations.en.
-- A demo bundle or product still exactly as it was seeded gets the same; one its staff changed is left alone.
update bundle
   set bundle_name = 'Başlangıç Analiz Paketi',
       feature_list = '["5 veri projesi", "1.000 analiz kredisi", "E-posta desteği"]'::jsonb,
       translations = '{"en": {"bundle_name": "Starter Analytics", "feature_list": ["5 data projects", "1,000 analysis credits", "E-mail support"]}}'::jsonb
 where bundle_client_id = 'db50f177-192f-4360-983c-efc0c56baef7' and translations is null
   and bundle_name = 'Başlangıç Analiz Paketi · Starter Analytics'
   and feature_list = '["5 veri projesi · 5 data projects", "1.000 analiz kredisi · 1,000 analysis credits", "E-posta desteği · E-mail support"]'::jsonb;

update bundle_product
   set pro_name = 'Analiz Kredisi 1.000',
       pro_info = 'Veri projelerinizde istatistik ve sorgular için 1.000 kredi.',
       pro_group_name = 'Kredi',
       translations = '{"en": {"pro_name": "1,000 Analysis Credits", "pro_info": "1,000 credits for statistics and queries in your data projects.", "pro_group_name": "Credits", "pro_count_suffix": "credits"}}'::jsonb
 where pro_client_id = '7f1240fa-2ab4-4bf1-838b-9f780fa76cce' and translations is null
   and pro_name = 'Analiz Kredisi 1.000 · 1,000 Analysis Credits'
   and pro_info = 'Veri projelerinizde istatistik ve sorgular için 1.000 kredi. · 1,000 credits for statistics and queries in your data projects.'
   and pro_group_name = 'Kredi · Credits'
   and pro_count_suffix = 'kredi';

update bundle_product
   set pro_name = 'E-posta Desteği',
       translations = '{"en": {"pro_name": "E-mail Support"}}'::jsonb
 where pro_client_id = 'b5b4e5db-2de2-4ec8-bb74-236962f58e2c' and translations is null
   and pro_name = 'E-posta Desteği · E-mail Support'
   and pro_info is null
   and pro_group_name is null
   and pro_count_suffix is null;

update bundle
   set bundle_name = 'Makine Öğrenmesi Paketi',
       feature_list = '["Kendi verinizle model eğitimi", "Tahmin API''si"]'::jsonb,
       translations = '{"en": {"bundle_name": "Machine Learning", "feature_list": ["Model training on your data", "Prediction API"]}}'::jsonb
 where bundle_client_id = '2a28a337-c692-4d43-a760-130bbe97a856' and translations is null
   and bundle_name = 'Makine Öğrenmesi Paketi · Machine Learning'
   and feature_list = '["Kendi verinizle model eğitimi · Model training on your data", "Tahmin API''si · Prediction API"]'::jsonb;

update bundle_product
   set pro_name = 'Model Eğitimi',
       translations = '{"en": {"pro_name": "Model Training", "pro_count_suffix": "training runs"}}'::jsonb
 where pro_client_id = '505a7572-d3cb-44d6-9d28-4b097b213358' and translations is null
   and pro_name = 'Model Eğitimi · Model Training'
   and pro_info is null
   and pro_group_name is null
   and pro_count_suffix = 'eğitim';

update bundle_product
   set pro_name = 'Tahmin API''si',
       translations = '{"en": {"pro_name": "Prediction API", "pro_count_suffix": "requests"}}'::jsonb
 where pro_client_id = '43f67f0b-3990-4a7d-9cff-591c6acf76aa' and translations is null
   and pro_name = 'Tahmin API''si · Prediction API'
   and pro_info is null
   and pro_group_name is null
   and pro_count_suffix = 'istek';

update bundle
   set bundle_name = 'Ücretsiz Deneme',
       feature_list = '["100 analiz kredisi", "Kart gerekmez"]'::jsonb,
       translations = '{"en": {"bundle_name": "Free Trial", "feature_list": ["100 analysis credits", "No card needed"]}}'::jsonb
 where bundle_client_id = '829908a8-db6b-4b3f-a75c-a4744572fc62' and translations is null
   and bundle_name = 'Ücretsiz Deneme · Free Trial'
   and feature_list = '["100 analiz kredisi · 100 analysis credits", "Kart gerekmez · No card needed"]'::jsonb;

update bundle_product
   set pro_name = 'Deneme Kredisi',
       translations = '{"en": {"pro_name": "Trial Credits", "pro_count_suffix": "credits"}}'::jsonb
 where pro_client_id = '895fd401-7648-4f93-aafd-213befa6c2bf' and translations is null
   and pro_name = 'Deneme Kredisi · Trial Credits'
   and pro_info is null
   and pro_group_name is null
   and pro_count_suffix = 'kredi';
