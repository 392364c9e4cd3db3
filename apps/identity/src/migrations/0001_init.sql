-- Signing keys of the embedded identity provider. Generated on first start, never kept in source;
-- retired keys stay published until every token they signed has expired.
create table signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

-- Secrets that sign the provider's own cookies, newest first.
create table cookie_keys (
  id serial primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
