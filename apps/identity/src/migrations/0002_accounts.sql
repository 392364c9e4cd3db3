-- People who sign in with the embedded provider. The id is the OpenID Connect subject (`sub`).
create table accounts (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  display_name text not null,
  password_hash text not null,
  roles text[] not null default '{}',
  email_verified_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index accounts_email_key on accounts (lower(email));

-- Everything oidc-provider persists: sessions, interactions, grants, codes and tokens.
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_grant_id on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_at on oidc_payloads (expires_at) where expires_at is not null;
-- A password reset signs the account out everywhere.
create index oidc_payloads_account on oidc_payloads ((payload ->> 'accountId'));

-- Single-use links sent by email. Only a hash is kept, so a database leak reveals no usable link.
create table email_tokens (
  token_hash text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  purpose text not null check (purpose in ('verify', 'reset')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_account on email_tokens (account_id, purpose);
