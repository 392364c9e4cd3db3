-- Roles come from two places: the identity provider's claim (refreshed at every sign-in) and
-- grants made inside Questa by an admin. A user holds the union.
alter table users rename column roles to granted_roles;
alter table users add column idp_roles text[] not null default '{}';
alter table users add column last_sign_in_at timestamptz;
create unique index users_email_idx on users (lower(email));

-- Server-side sessions of the backend-for-frontend. The browser holds only a random id in an
-- HttpOnly cookie; the table keys on its hash, so a leaked table cannot be replayed as cookies.
create table sessions (
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  access_token text not null,
  refresh_token text,
  id_token text not null,
  access_expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text not null default '',
  ip text not null default ''
);
create index sessions_user_idx on sessions (user_id);

-- Sign-ins in flight: PKCE verifier, state and nonce live here, never in the browser.
create table login_attempts (
  state text primary key,
  code_verifier text not null,
  nonce text not null,
  return_to text not null,
  created_at timestamptz not null default now()
);

create table audit_events (
  id bigserial primary key,
  at timestamptz not null default now(),
  action text not null,
  actor text,
  target text,
  ip text,
  details jsonb not null default '{}'
);
create index audit_events_recent_idx on audit_events (id desc);
