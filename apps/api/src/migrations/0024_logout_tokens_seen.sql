-- Logout tokens the identity provider has sent, by `jti`, until they are too old to be accepted
-- anyway: the same token posted again (a replay by whoever saw it) changes nothing. Shared by
-- every API process, so a replay to another process is caught too.
create table logout_tokens_seen (
  jti text primary key,
  forget_after timestamptz not null
);
create index logout_tokens_seen_forget_idx on logout_tokens_seen (forget_after);
