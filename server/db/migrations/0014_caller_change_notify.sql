-- Every API process keeps signed-in callers in memory for a few seconds (server/auth/caller-cache.ts): any
-- change that can end a login or change what a user holds notifies the channel sema_caller with the site's
-- tenant_id when it commits, and every listening process drops that site's callers. Writing a token's last
-- use (every call, at most every 30 s) and making new tokens change nobody's standing, so they notify nothing.
create or replace function notify_caller_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('sema_caller', old.tenant_id::text);
  else
    perform pg_notify('sema_caller', new.tenant_id::text);
  end if;
  return null;
end
$$;

create trigger session_token_ended after update of revoked_at, expires_at, user_id, kind or delete on session_token
  for each row execute function notify_caller_change();
create trigger app_user_caller_changed after update or delete on app_user
  for each row execute function notify_caller_change();
create trigger authorization_caller_changed after insert or update or delete on "authorization"
  for each row execute function notify_caller_change();
create trigger user_authorization_caller_changed after insert or update or delete on user_authorization
  for each row execute function notify_caller_change();
create trigger tenant_session_settings_changed after update of session_idle_seconds or delete on tenant
  for each row execute function notify_caller_change();
