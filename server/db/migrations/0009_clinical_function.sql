-- The clinical pages switch (frontend_configuration.json clinical_function): the rule engine's pages are shown
-- only on a site with clinical_function 1. Every site configured before the switch existed gets it on, so it
-- keeps seeing the pages it saw; a site seeded from now on gets the value of fixtures/seed/tenants.json
-- (0 on the shop site localhost, 1 on clinical.localhost). A configuration that has the flag is left alone.
update tenant
   set frontend = frontend || '{"clinical_function": 1}'::jsonb,
       updated_at = now()
 where frontend -> 'clinical_function' is null;
