-- People who have signed in, keyed by the identity provider's subject.
create table users (
  id uuid primary key default gen_random_uuid(),
  sub text not null unique,
  email text not null,
  display_name text not null,
  roles text[] not null default '{}',
  created_at timestamptz not null default now()
);
