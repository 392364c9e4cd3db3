-- Invitations to join a tenant, by e-mail and with a role (docs/decisions/0027). The link's
-- secret is kept only as its hash, so a copy of this table lets nobody in. The role has no check
-- here: the contracts' list of roles decides, and memberships' own check guards what is granted.
create table invitations (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  email text not null,
  role text not null,
  token_hash text not null unique,
  invited_by text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text,
  revoked_at timestamptz
);
create index invitations_client_idx on invitations (client_id, created_at desc);
