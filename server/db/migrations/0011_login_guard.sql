-- Failed-login limits per account and address (server/auth/login-guard.ts). An account's known addresses: where
-- it logged in successfully (a password login or a completed password reset), kept 90 days from the last
-- login; once the account's failed-login ceiling is reached only these addresses may try its password. The
-- address is stored as sha256(tenant:account name:address), never in clear.
create table login_known_address (
  user_id uuid not null references app_user (user_id) on delete cascade,
  address_hash text not null,
  last_login_at timestamptz not null,
  primary key (user_id, address_hash)
);

-- Failed logins of an account name (known or not, so an unknown name behaves alike) per hashed address: the
-- figures of the mail that tells an owner their account is being guessed. Rows older than a day are purged.
create table login_failure (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  account_key text not null,
  address_hash text not null,
  failures integer not null,
  last_failed_at timestamptz not null,
  primary key (tenant_id, account_key, address_hash)
);
create index login_failure_by_time on login_failure (last_failed_at);
