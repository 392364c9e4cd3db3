-- Learning: practice, exams, spaced-repetition reviews and what they record. Question content is
-- copied in when a question is drawn (the main API never reads the question database's tables),
-- so a session, an attempt or a card keeps the version it was given even after the author edits.

-- Premium given by hand by an admin. Subscriptions will add their own source.
create table entitlement_grants (
  user_id uuid not null references users (id) on delete cascade,
  source text not null check (source in ('admin')),
  granted_by text not null,
  granted_at timestamptz not null default now(),
  until timestamptz,
  primary key (user_id, source)
);

-- Extra exam time, set by an admin for learners who need it (a percentage of the time limit).
alter table users add column extra_time_percent integer not null default 0
  check (extra_time_percent between 0 and 200);

create table practice_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  topics text[] not null default '{}',
  difficulties integer[] not null default '{}',
  exhausted boolean not null default false,
  created_at timestamptz not null default now()
);
create index practice_sessions_user_idx on practice_sessions (user_id, created_at desc);

create table practice_items (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references practice_sessions (id) on delete cascade,
  position integer not null,
  question_id uuid not null,
  version integer not null,
  content jsonb not null,
  -- The question as shown (ordering and matching shuffled), so a reload shows the same thing.
  presented jsonb not null,
  answer jsonb,
  result jsonb,
  answered_at timestamptz,
  unique (session_id, position)
);

-- Free practice answers per learner and UTC day; one row, counted up under its row lock.
create table daily_usage (
  user_id uuid not null references users (id) on delete cascade,
  day date not null,
  answers integer not null default 0,
  primary key (user_id, day)
);

-- Every graded answer from practice, exams and reviews: the source of progress, of "seen
-- recently" and of item statistics. Exam answers carry their attempt, and an attempt can be
-- recorded once only: the index makes a second grading of the same attempt fail.
create table answer_events (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  source text not null check (source in ('practice', 'exam', 'review')),
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  question_id uuid not null,
  version integer not null,
  topic text not null,
  correct boolean not null,
  score real not null,
  attempt_id uuid,
  answered_at timestamptz not null default now()
);
create index answer_events_user_idx on answer_events (user_id, answered_at);
create index answer_events_recent_idx on answer_events (user_id, bank_id, answered_at);
create index answer_events_bank_idx on answer_events (bank_id, question_id);
create unique index answer_events_attempt_idx on answer_events (attempt_id, question_id)
  where attempt_id is not null;

create table bookmarks (
  user_id uuid not null references users (id) on delete cascade,
  question_id uuid not null,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  topic text not null,
  excerpt text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, question_id)
);

create table review_cards (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  question_id uuid not null,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  version integer not null,
  content jsonb not null,
  -- The FSRS card as packages/scoring keeps it; state and due are copied out to be queried.
  fsrs jsonb not null,
  state text not null check (state in ('new', 'learning', 'review', 'relearning')),
  due timestamptz not null,
  -- When a card created new (from a bookmark) had its first review: counts against the daily
  -- new-card limit.
  introduced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, question_id)
);
create index review_cards_due_idx on review_cards (user_id, due);

create table exam_blueprints (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null,
  bank_id uuid not null,
  title text not null,
  rules jsonb not null,
  time_limit_seconds integer,
  pass_mark real not null,
  shuffle boolean not null,
  review_policy text not null check (review_policy in ('score_only', 'responses', 'full')),
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index exam_blueprints_bank_idx on exam_blueprints (bank_id, client_id);

create table exam_attempts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  blueprint_title text not null,
  pass_mark real not null,
  review_policy text not null,
  extra_time_percent integer not null,
  state text not null default 'in_progress'
    check (state in ('in_progress', 'submitted', 'expired')),
  started_at timestamptz not null default now(),
  deadline timestamptz not null,
  submitted_at timestamptz,
  submitted_by text check (submitted_by in ('learner', 'server')),
  points real,
  max_points real,
  fraction real,
  passed boolean
);
create index exam_attempts_user_idx on exam_attempts (user_id, started_at desc);
-- What the deadline sweeper reads: only attempts still open.
create index exam_attempts_open_idx on exam_attempts (deadline) where state = 'in_progress';

-- The pinned question versions of an attempt, in the order shown.
create table exam_questions (
  attempt_id uuid not null references exam_attempts (id) on delete cascade,
  position integer not null,
  question_id uuid not null,
  version integer not null,
  content jsonb not null,
  presented jsonb not null,
  primary key (attempt_id, position)
);

create table exam_responses (
  attempt_id uuid not null,
  position integer not null,
  answer jsonb not null,
  saved_at timestamptz not null default now(),
  correct boolean,
  score real,
  points real,
  primary key (attempt_id, position),
  foreign key (attempt_id, position) references exam_questions (attempt_id, position)
    on delete cascade
);
