-- Billing: plans and prices sold through the payment partner, learners' subscriptions as the
-- partner last reported them, invoices, refunds, and every partner event applied (once).

create table billing_plans (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('free', 'paid')),
  -- Set for the plans written on first start, so a second start writes none.
  seed_key text unique,
  name text not null,
  description text not null default '',
  trial_days integer not null default 0 check (trial_days >= 0),
  features jsonb not null,
  active boolean not null default true,
  -- The partner's product, created when a price of the plan is first sold.
  partner_product_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index billing_plans_one_free_idx on billing_plans (kind) where kind = 'free';

-- A price never changes once written: a new amount is a new row, and the old one is archived.
create table billing_prices (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references billing_plans (id),
  currency text not null,
  interval text not null check (interval in ('month', 'year')),
  amount integer not null check (amount > 0),
  active boolean not null default true,
  partner_price_id text unique,
  created_at timestamptz not null default now(),
  archived_at timestamptz
);
create unique index billing_prices_one_active_idx on billing_prices (plan_id, currency, interval)
  where active;

create table billing_promotion_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  percent_off numeric(5, 2),
  amount_off integer,
  currency text,
  duration text not null check (duration in ('once', 'repeating', 'forever')),
  duration_months integer,
  max_redemptions integer,
  expires_at timestamptz,
  active boolean not null default true,
  partner_coupon_id text not null,
  partner_promotion_code_id text not null unique,
  created_by text not null,
  created_at timestamptz not null default now(),
  check ((percent_off is null) <> (amount_off is null))
);
create unique index billing_promotion_codes_active_idx on billing_promotion_codes (lower(code))
  where active;

create table billing_customers (
  user_id uuid primary key references users (id) on delete cascade,
  partner_customer_id text not null unique,
  created_at timestamptz not null default now()
);

-- A checkout is claimed here before the partner is asked, so a double click finds the claim and
-- shares its session instead of opening a second one.
create table billing_checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references billing_plans (id),
  price_id uuid not null references billing_prices (id),
  promotion_code_id uuid references billing_promotion_codes (id),
  status text not null check (status in ('creating', 'open', 'complete', 'expired')),
  partner_session_id text unique,
  url text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
create unique index billing_checkouts_one_pending_idx on billing_checkouts (user_id, plan_id)
  where status in ('creating', 'open');
create index billing_checkouts_user_idx on billing_checkouts (user_id, created_at desc);

create table billing_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  partner_subscription_id text not null unique,
  partner_customer_id text not null,
  plan_id uuid references billing_plans (id),
  price_id uuid references billing_prices (id),
  status text not null,
  partner_status text not null,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  trial_end timestamptz,
  started_at timestamptz not null,
  ended_at timestamptz,
  -- When the partner's object last applied was read: an older read never overwrites a newer one.
  synced_at timestamptz not null,
  -- The period end a renewal notice went out for, so each renewal is announced once.
  renewal_notice_for timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index billing_subscriptions_user_idx on billing_subscriptions (user_id);
create index billing_subscriptions_status_idx on billing_subscriptions (status, created_at desc);

create table billing_subscription_changes (
  id bigserial primary key,
  subscription_id uuid not null references billing_subscriptions (id) on delete cascade,
  at timestamptz not null default now(),
  source text not null check (source in ('webhook', 'reconcile')),
  status text not null,
  before jsonb not null,
  after jsonb not null
);
create index billing_subscription_changes_idx on billing_subscription_changes (subscription_id, id);

create table billing_invoices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  partner_invoice_id text not null unique,
  partner_subscription_id text,
  partner_payment_intent_id text,
  number text,
  status text not null,
  currency text not null,
  amount_due integer not null,
  amount_paid integer not null,
  attempt_count integer not null default 0,
  period_start timestamptz,
  period_end timestamptz,
  hosted_url text,
  pdf_url text,
  partner_created_at timestamptz not null,
  paid_at timestamptz,
  synced_at timestamptz not null
);
create index billing_invoices_user_idx on billing_invoices (user_id, partner_created_at desc);

create table billing_refunds (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references billing_invoices (id) on delete cascade,
  amount integer not null check (amount > 0),
  currency text not null,
  reason text,
  -- `creating` holds the amount while the partner is asked, so two refunds cannot both take it.
  status text not null check (status in ('creating', 'pending', 'succeeded', 'failed', 'canceled')),
  partner_refund_id text unique,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index billing_refunds_invoice_idx on billing_refunds (invoice_id);

-- Every partner event applied, keyed by its id: written in the transaction of its effects.
create table payment_events (
  id text primary key,
  type text not null,
  object_id text,
  outcome text not null check (outcome in ('applied', 'ignored', 'unknown_customer')),
  partner_created_at timestamptz not null,
  processed_at timestamptz not null default now()
);
create index payment_events_processed_idx on payment_events (processed_at desc);

-- Mail about billing, written with what caused it and sent after commit; `key` keeps one
-- message per cause however often the cause is seen.
create table billing_notices (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('payment_failed', 'renewal_upcoming')),
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  attempts integer not null default 0,
  sent_at timestamptz
);
create index billing_notices_unsent_idx on billing_notices (created_at) where sent_at is null;

-- Periodic billing work: one process at a time holds the lease; the last report is kept.
create table billing_jobs (
  name text primary key,
  leased_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_report jsonb
);
