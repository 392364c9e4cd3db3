-- The workspace plan: a workspace (a tenant of the question database) pays per seat through the
-- payment partner. Its customer, checkouts, subscription and invoices are keyed by the
-- workspace's id, not by a learner, so they sit beside the learners' rows rather than in them.

alter table billing_plans drop constraint billing_plans_kind_check;
alter table billing_plans add constraint billing_plans_kind_check
  check (kind in ('free', 'paid', 'workspace'));

-- A workspace as billing knows it: its name for mail, its customer at the partner, and its
-- owners as the question database last listed them to an owner, who are told when a payment
-- fails (the main API cannot ask the question database itself while applying a webhook).
create table workspace_billing_accounts (
  client_id uuid primary key,
  name text not null,
  partner_customer_id text unique,
  owner_subs jsonb not null default '[]',
  owners_seen_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

-- One pending checkout per workspace, claimed before the partner is asked (as learners' are).
-- It belongs to the workspace, not to the owner who opened it: the audit log names them.
create table workspace_checkouts (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references workspace_billing_accounts (client_id) on delete cascade,
  price_id uuid not null references billing_prices (id),
  seats integer not null check (seats > 0),
  status text not null check (status in ('creating', 'open', 'complete', 'expired')),
  partner_session_id text unique,
  url text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
create unique index workspace_checkouts_one_pending_idx on workspace_checkouts (client_id)
  where status in ('creating', 'open');

-- The partner's subscription as last read, with its seats (the item's quantity).
create table workspace_subscriptions (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references workspace_billing_accounts (client_id) on delete cascade,
  partner_subscription_id text not null unique,
  partner_item_id text,
  plan_id uuid references billing_plans (id),
  price_id uuid references billing_prices (id),
  seats integer not null check (seats > 0),
  status text not null,
  partner_status text not null,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  started_at timestamptz not null,
  ended_at timestamptz,
  -- When the partner's object last applied was read: an older read never overwrites a newer one.
  synced_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workspace_subscriptions_client_idx on workspace_subscriptions (client_id, started_at desc);

create table workspace_invoices (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references workspace_billing_accounts (client_id) on delete cascade,
  partner_invoice_id text not null unique,
  partner_subscription_id text,
  number text,
  status text not null,
  currency text not null,
  amount_due integer not null,
  amount_paid integer not null,
  -- Each new failed attempt tells the owners once.
  attempt_count integer not null default 0,
  period_start timestamptz,
  period_end timestamptz,
  hosted_url text,
  pdf_url text,
  partner_created_at timestamptz not null,
  paid_at timestamptz,
  synced_at timestamptz not null
);
create index workspace_invoices_client_idx on workspace_invoices (client_id, partner_created_at desc);
