-- A learner coming back from the partner's checkout has the paid session applied at once, before
-- the partner's webhooks arrive; the subscription's history names that as where a change came from.
alter table billing_subscription_changes drop constraint billing_subscription_changes_source_check;
alter table billing_subscription_changes add constraint billing_subscription_changes_source_check
  check (source in ('webhook', 'reconcile', 'checkout_return'));
