-- Logout tokens a client could not be given (the main API was down or restarting): tried again
-- until it takes them, so a changed password still ends the sessions there. After half a day the
-- client's sessions have ended by being idle, and the row is dropped.
create table back_channel_logouts (
  id bigserial primary key,
  account_id text not null,
  client_id text not null,
  attempts integer not null default 1,
  next_attempt_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index back_channel_logouts_due_idx on back_channel_logouts (next_attempt_at);
