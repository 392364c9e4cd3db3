-- The question database's limits follow the workspace's plan (members = seats). A change of the
-- plan counts up limits_revision in the transaction that applies it; once the question database
-- has taken that revision, limits_sent_revision catches up. A row where they differ still has a
-- setting to send, which is tried again until the question database answers.
alter table workspace_billing_accounts add column limits_revision bigint not null default 0;
alter table workspace_billing_accounts add column limits_sent_revision bigint not null default 0;
create index workspace_billing_accounts_limits_due_idx on workspace_billing_accounts (client_id)
  where limits_revision > limits_sent_revision;
