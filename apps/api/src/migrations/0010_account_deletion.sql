-- Deleting an account takes three steps with a call to the identity provider in the middle, never
-- inside a transaction. `deletion_requested_at` marks the first step, so a retry after the provider
-- was down finishes the job; `deleted_at` marks the anonymised row that stays behind, because the
-- invoices the law makes us keep, and the tenants' content the person wrote, still point at it.
alter table users add column deletion_requested_at timestamptz;
alter table users add column deleted_at timestamptz;
