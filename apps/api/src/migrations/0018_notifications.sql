-- Notifications: what a person is told in the app (the bell), each with its kind and what it is
-- about; their mail choices per kind; and the key that signs unsubscribe links, kept here so every
-- API process signs and checks with the same one without another setting to configure.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  subject jsonb not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_user_idx on notifications (user_id, created_at desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

create table notification_mail_preferences (
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  mail boolean not null,
  primary key (user_id, kind)
);

create table notification_signing_keys (
  id smallint primary key check (id = 1),
  secret bytea not null
);
