-- Every API process keeps each site's configuration and website units in memory (server/services/site-cache.ts):
-- any change to a site's row or to its units, by any process or by hand, notifies the channel sema_site with
-- the site's tenant_id when it commits, and every listening process drops its copy of that site.
create or replace function notify_site_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('sema_site', old.tenant_id::text);
  else
    perform pg_notify('sema_site', new.tenant_id::text);
  end if;
  return null;
end
$$;

create trigger tenant_changed after insert or update or delete on tenant
  for each row execute function notify_site_change();
create trigger website_unit_changed after insert or update or delete on website_unit
  for each row execute function notify_site_change();
