-- A workspace an owner asked to delete, erased by the sweep once due (decision 0034). The row goes
-- when the workspace is kept or erased; the audit log keeps who asked, when, and its name.
create table workspace_deletions (
  client_id uuid primary key,
  slug text not null,
  name text not null,
  requested_by text not null,
  requested_at timestamptz not null,
  due_at timestamptz not null,
  -- A process carrying the deletion out holds it until then; a claim whose process died lapses.
  claimed_until timestamptz
);
create index workspace_deletions_due_idx on workspace_deletions (due_at);
