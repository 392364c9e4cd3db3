-- Classes of a workspace (a question-database tenant, named by its client id only: the main API
-- never reads the tenant's tables). A class has one teacher, who made it; the workspace's owners
-- see every class. Learners join with the code; leaving or being removed deletes the membership,
-- while their submissions stay with the assignments (decision 0028).
create table classes (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null,
  name text not null,
  join_code text not null unique,
  teacher_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  archived_at timestamptz
);
create index classes_client_idx on classes (client_id, created_at desc);

create table class_members (
  class_id uuid not null references classes (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (class_id, user_id)
);
-- A learner's classes, for To do.
create index class_members_user_idx on class_members (user_id);
