-- A change to a website unit notifies sema_site with the site's id, the unit's id and its version (0 when it
-- was removed), so a process that keeps the site's units (server/services/site-cache.ts) patches the one unit
-- or finds it has it already, instead of reading every unit again. A change to a site's row still notifies
-- the site's id alone (migration 0010).
create or replace function notify_unit_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('sema_site', old.tenant_id::text || ' ' || old.website_unit_client_id::text || ' 0');
  else
    perform pg_notify('sema_site', new.tenant_id::text || ' ' || new.website_unit_client_id::text || ' ' || new.version::text);
  end if;
  return null;
end
$$;

drop trigger website_unit_changed on website_unit;
create trigger website_unit_changed after insert or update or delete on website_unit
  for each row execute function notify_unit_change();
