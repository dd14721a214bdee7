-- Issue 3, engineer S1: the account's profile, registration state and settings; mail codes; the outbox;
-- captcha challenges; the table-backed rate limits; what a session remembers about its login.
-- Secrets are never stored in clear: mail codes and captcha answers as sha256 hashes, like tokens (0002).

-- The profile fields of spec section 3 and the registration state of section 4. Existing accounts (the
-- seeded administrators) are completed.
alter table app_user add column gender text check (gender in ('female', 'male', 'other', 'not_stated'));
alter table app_user add column date_of_birth date;
alter table app_user add column about_me jsonb;
alter table app_user add column cover_photo text;
alter table app_user add column website text;
alter table app_user add column facebook text;
alter table app_user add column instagram text;
alter table app_user add column linkedin text;
alter table app_user add column twitter text;
alter table app_user add column youtube text;
alter table app_user add column registration_status text not null default 'completed'
  check (registration_status in ('approve_waiting', 'completed', 'not_accepted'));
alter table app_user add column mail_approved_at timestamptz;
alter table app_user add column agreements_approved_at timestamptz;
alter table app_user add column registered_by uuid references app_user (user_id) on delete set null;
-- The external application a user registered through (/register with externalapplication_key); no foreign
-- key, as external_application comes with 0005.
alter table app_user add column registered_through_application uuid;
alter table app_user add column password_changed_at timestamptz;
-- The user settings page (user/settings/get|save); null currency = the site's default.
alter table app_user add column user_currency_type smallint check (user_currency_type in (0, 1));
alter table app_user add column mail_notification boolean not null default true;
-- One account per e-mail address and tenant, like the username.
create unique index app_user_mail on app_user (tenant_id, lower(mail)) where mail is not null;

-- Codes sent by mail: registration approval (24 h) and password reset / first password (1 h / 24 h).
-- Only the hash of the 6-digit code is kept; a code works once.
create table mail_code (
  mail_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  purpose text not null check (purpose in ('register', 'password_reset')),
  mail text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_code_by_user on mail_code (user_id, purpose, created_at desc);

-- Every mail the server sends, before it is sent: delivered by SMTP when SMTP_URL is set, otherwise printed
-- to the console. The body is the mail itself (an approval mail carries its code until the code expires).
create table outbox (
  outbox_id uuid primary key,
  tenant_id uuid references tenant (tenant_id) on delete cascade,
  user_id uuid references app_user (user_id) on delete set null,
  purpose text not null,
  mail_to text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  error text
);
create index outbox_unsent on outbox (created_at) where sent_at is null;
create index outbox_by_user on outbox (user_id, created_at desc);

-- Login captcha challenges (captcha/new): one attempt each, 5 minutes.
create table captcha_challenge (
  captcha_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index captcha_challenge_by_expiry on captcha_challenge (expires_at);

-- Rate limits that hold across processes: hits of one key (an account name, an address, an e-mail) in a
-- bucket (login_account, login_address, ...) within a window; reaching the bucket's maximum locks the key.
create table rate_limit (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  bucket text not null,
  key text not null,
  hits integer not null,
  window_start timestamptz not null,
  locked_until timestamptz,
  primary key (tenant_id, bucket, key)
);

-- What a login asked for (the clinical client's scope), answered again when its refresh token rotates.
alter table session_token add column scope text;
create index session_token_by_user on session_token (user_id);
