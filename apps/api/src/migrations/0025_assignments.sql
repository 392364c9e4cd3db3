-- Assignments given to a class: a practice set of a bank or an exam by a blueprint, each with
-- its questions pinned when given, so every learner answers the same versions whatever authors
-- change later (decision 0028). The bank is named by id with its tenant, as practice and exams
-- name theirs.
create table assignments (
  id uuid primary key default gen_random_uuid(),
  class_id uuid not null references classes (id) on delete cascade,
  kind text not null check (kind in ('practice', 'exam')),
  title text not null,
  client_id uuid not null,
  bank_id uuid not null,
  bank_title text not null,
  blueprint_id text,
  blueprint_title text,
  pass_mark real,
  review_policy text,
  time_limit_seconds integer,
  question_count integer not null,
  opens_at timestamptz not null,
  due_at timestamptz not null,
  attempts_allowed integer not null check (attempts_allowed between 1 and 10),
  late_policy text not null check (late_policy in ('accept', 'refuse', 'penalty')),
  late_penalty_percent integer not null default 0 check (late_penalty_percent between 0 and 100),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (due_at > opens_at)
);
create index assignments_class_idx on assignments (class_id, due_at);

create table assignment_questions (
  assignment_id uuid not null references assignments (id) on delete cascade,
  position integer not null,
  question_id uuid not null,
  version integer not null,
  content jsonb not null,
  passage jsonb,
  primary key (assignment_id, position)
);

-- One row per attempt a learner starts, pointing at the practice session or exam attempt that
-- holds the answers. Scores are written here when the work is completed (and again on a
-- regrade), so the gradebook reads one row per cell instead of every answer.
create table submissions (
  id uuid primary key default gen_random_uuid(),
  assignment_id uuid not null references assignments (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  attempt integer not null,
  practice_session_id uuid references practice_sessions (id) on delete set null,
  exam_attempt_id uuid references exam_attempts (id) on delete set null,
  started_at timestamptz not null default now(),
  completed_at timestamptz,
  points real,
  max_points real,
  -- The share of the marks, before and after a late penalty.
  fraction real,
  score real,
  late boolean not null default false,
  time_spent_seconds integer,
  unique (assignment_id, user_id, attempt)
);
-- The gradebook reads a class's submissions by assignment; To do reads a learner's.
create index submissions_user_idx on submissions (user_id, assignment_id);
create unique index submissions_practice_idx on submissions (practice_session_id)
  where practice_session_id is not null;
create unique index submissions_exam_idx on submissions (exam_attempt_id)
  where exam_attempt_id is not null;

-- A practice session given by an assignment draws the assignment's pinned questions in order.
alter table practice_sessions add column assignment_id uuid references assignments (id) on delete set null;
