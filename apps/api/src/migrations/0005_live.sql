-- Live quiz rooms. Everything a room needs to go on lives here, not in a process's memory: any API
-- process can serve its players, and a process that dies loses nothing but its connections.

create table live_rooms (
  id uuid primary key default gen_random_uuid(),
  -- Six digits, unique among rooms that are not finished (a finished room's code may come back).
  code text not null check (code ~ '^[0-9]{6}$'),
  host_user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  settings jsonb not null,
  state text not null default 'lobby'
    check (state in ('lobby', 'question_open', 'question_closed', 'leaderboard', 'finished')),
  -- 1-based position of the current question; 0 in the lobby.
  position integer not null default 0,
  question_count integer not null,
  opened_at timestamptz,
  deadline timestamptz,
  -- While paused: how much of the question's time was left.
  paused_remaining_ms integer,
  -- The open question was skipped by the host: nobody scores on it.
  skipped boolean not null default false,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index live_rooms_open_code_idx on live_rooms (code) where state <> 'finished';
create index live_rooms_host_idx on live_rooms (host_user_id, created_at desc);
-- The deadline sweep looks only at open questions.
create index live_rooms_open_deadline_idx on live_rooms (deadline) where state = 'question_open';

-- The questions of a room, pinned to the version drawn, with the option order everyone sees.
create table live_questions (
  room_id uuid not null references live_rooms (id) on delete cascade,
  position integer not null,
  question_id uuid not null,
  version integer not null,
  content jsonb not null,
  presented jsonb not null,
  primary key (room_id, position)
);

create table live_players (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references live_rooms (id) on delete cascade,
  nickname text not null,
  -- Signed-in players; guests have none.
  user_id uuid references users (id) on delete set null,
  -- sha256 of the token kept on the player's device: it brings the same player back.
  token_hash text not null unique,
  score integer not null default 0,
  streak integer not null default 0,
  extra_time_percent integer not null default 0,
  kicked boolean not null default false,
  banned boolean not null default false,
  connected boolean not null default false,
  joined_at timestamptz not null default now()
);
create unique index live_players_nickname_idx on live_players (room_id, lower(nickname));
create index live_players_user_idx on live_players (room_id, user_id);

-- One answer per player per question: the key decides, not a check in memory.
create table live_answers (
  room_id uuid not null references live_rooms (id) on delete cascade,
  player_id uuid not null references live_players (id) on delete cascade,
  position integer not null,
  answer jsonb not null,
  elapsed_ms integer not null,
  correct boolean,
  points integer,
  answered_at timestamptz not null default now(),
  primary key (room_id, position, player_id)
);

-- Live answers of signed-in players count for progress, reviews and item statistics too.
alter table answer_events drop constraint answer_events_source_check;
alter table answer_events add constraint answer_events_source_check
  check (source in ('practice', 'exam', 'review', 'live'));
