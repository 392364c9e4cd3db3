-- Failed sign-ins per account, when no Redis is configured: every identity process reads and
-- counts the same rows. The key is a hash of the normalised address, so an address nobody has an
-- account for leaves no readable trace, and a row is forgotten a day after its last failure.
create table sign_in_throttle (
  account_key text primary key,
  failures integer not null,
  last_failure_at timestamptz not null,
  noticed_at timestamptz
);
create index sign_in_throttle_last_failure_at on sign_in_throttle (last_failure_at);
