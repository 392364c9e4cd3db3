-- A learner's own deletion waits fourteen days, and signing in meanwhile cancels it
-- (docs/decisions/0025). `deletion_due_at` is when the sweep may erase the account; an admin's
-- deletion for a legal request is due at once. `deletion_claimed_until` is the lease of the one
-- API process carrying a due deletion out: the call to the identity provider in the middle is
-- never made inside a transaction, so the claim, not a row lock, keeps two processes apart and
-- keeps a sign-in from cancelling a deletion already under way.
alter table users add column deletion_due_at timestamptz;
alter table users add column deletion_claimed_until timestamptz;

-- Deletions asked for before the grace existed were meant to happen at once: they stay due.
update users set deletion_due_at = deletion_requested_at
  where deletion_requested_at is not null and deleted_at is null;

create index users_deletion_due_idx on users (deletion_due_at)
  where deletion_due_at is not null and deleted_at is null;
