-- The partner's webhooks are answered once the event is recorded, and applied just after from
-- this table: an event waits as 'pending' until its object has been read from the partner and
-- applied. A read that fails leaves it pending for a later attempt, so an event the partner was
-- told we received is never lost, by a crash or by the partner's API being down for a while.
alter table payment_events drop constraint payment_events_outcome_check;
alter table payment_events
  add constraint payment_events_outcome_check
  check (outcome in ('pending', 'applied', 'ignored', 'unknown_customer'));
-- The kind of object the event names (`invoice`, `subscription`…), which says how to read it.
alter table payment_events add column object_type text;
alter table payment_events add column attempts integer not null default 0;
alter table payment_events add column next_attempt_at timestamptz;
alter table payment_events add column last_error text;
create index payment_events_pending_idx on payment_events (partner_created_at)
  where outcome = 'pending';
