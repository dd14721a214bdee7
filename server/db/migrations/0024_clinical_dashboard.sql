-- The clinical site's dashboard becomes a clinical dashboard (website-unit content kind clinical_dashboard: the
-- user's recent data models, records and rule packages). Sites seeded before it get the new content only while
-- their unit still holds the seeded plain text: a unit an administrator edited (or deleted) stays as they left
-- it. The replaced version goes to the unit's history and the version is raised, as a save through the unit
-- form does, so a form open on the old version is refused (409) instead of writing it back.
insert into website_unit_version (website_unit_client_id, tenant_id, version, route_name, position, definition, saved_at, saved_by, change)
  select website_unit_client_id, tenant_id, version, route_name, position, definition, updated_at, updated_by, 'update'
  from website_unit
  where website_unit_client_id = '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d02'
    and definition -> 'content' = '{"kind": "text", "text": {"en": "Clinical decision support: patients, treatment plans, data models and rule packages.", "tr": "Klinik karar desteği: hastalar, tedavi planları, veri modelleri ve kural paketleri."}}'::jsonb;

update website_unit
  set definition = jsonb_set(definition, '{content}', '{"kind": "clinical_dashboard", "text": {"en": "Clinical decision support: design data models, record patients'' data with them and draw rule packages that turn a record into decisions.", "tr": "Klinik karar desteği: veri modelleri tasarlayın, onlarla hasta verisi kaydedin ve bir kaydı kararlara dönüştüren kural paketleri çizin."}}'::jsonb),
    version = version + 1,
    updated_at = now(),
    updated_by = null
  where website_unit_client_id = '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d02'
    and definition -> 'content' = '{"kind": "text", "text": {"en": "Clinical decision support: patients, treatment plans, data models and rule packages.", "tr": "Klinik karar desteği: hastalar, tedavi planları, veri modelleri ve kural paketleri."}}'::jsonb;
