-- A player's `connected` follows the connections the API processes hold for them. A process that
-- dies (SIGKILL, a pulled plug) never says its players went away, so each process keeps a
-- heartbeat here, each connection names the process that holds it, and once a process's
-- heartbeat lapses another one removes its connections and corrects who is connected.
create table live_processes (
  id uuid primary key,
  seen_at timestamptz not null default now()
);

-- No foreign key to live_processes: a lapsed process's row goes first, and the connections it
-- leaves behind are what tells the sweep whose `connected` to correct.
create table live_connections (
  player_id uuid not null references live_players (id) on delete cascade,
  process_id uuid not null,
  primary key (player_id, process_id)
);
create index live_connections_process_idx on live_connections (process_id);

-- Players flagged connected without a connection (from before this migration, or left by a write
-- that raced a process's end) are found by the sweep through this index.
create index live_players_connected_idx on live_players (id) where connected;
