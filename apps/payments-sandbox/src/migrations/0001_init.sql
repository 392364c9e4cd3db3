-- The sandbox keeps Stripe's objects as the API shows them (data), beside what it keeps to itself
-- (internal): a card's test behaviour, a subscription's retry state. Typed columns carry only what
-- lists and the billing clock look objects up by.
create table objects (
  id text primary key,
  type text not null,
  seq bigint generated always as identity,
  customer text,
  -- A test clock's id, or null for the sandbox's own clock (real time plus an offset).
  clock text,
  -- Sandbox time (Unix seconds) at which the billing clock must next look at the object.
  due_at bigint,
  data jsonb not null,
  internal jsonb not null default '{}'
);
create index objects_by_type on objects (type, seq desc);
create index objects_by_customer on objects (customer, type, seq desc) where customer is not null;
create index objects_due on objects (due_at) where due_at is not null;

create table events (
  id text primary key,
  seq bigint generated always as identity,
  type text not null,
  body jsonb not null
);
create index events_by_seq on events (seq desc);

-- One row per event and endpoint (two when deliveries are duplicated): the outbox the sender
-- claims from, outside any transaction that wrote it.
create table deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references events (id),
  url text not null,
  due_at timestamptz not null,
  attempts integer not null default 0,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  locked_until timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz
);
create index deliveries_due on deliveries (due_at, id) where state = 'pending';
create index deliveries_by_event on deliveries (event_id);

create table idempotency_keys (
  key text primary key,
  fingerprint text not null,
  state text not null check (state in ('running', 'done')),
  status integer,
  body text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The sandbox clock's offset and the delivery mode an admin or a test set at run time.
create table settings (
  name text primary key,
  value jsonb not null
);
