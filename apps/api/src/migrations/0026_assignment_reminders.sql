-- "Due tomorrow" reminders: one row per assignment and learner once reminded, so a reminder goes
-- once whatever number of API processes sweep. An assignment due within a day is claimed by one
-- process for a while (`reminder_claimed_until`, taken with SKIP LOCKED), which reminds its
-- learners in batches; a learner who joins later is reminded by a later sweep.
alter table assignments add column reminder_claimed_until timestamptz;
create index assignments_due_idx on assignments (due_at);

create table assignment_reminders (
  assignment_id uuid not null references assignments (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (assignment_id, user_id)
);
