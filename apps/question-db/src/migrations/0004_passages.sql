-- Passages (shared stimuli): a text, image or audio several questions of one bank refer to. A
-- passage has no answer and no review workflow of its own: each save adds a version, draws carry
-- the newest, and whoever changes a passage that published questions use needs question:publish.
create table passages (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  bank_id uuid not null references banks (id) on delete cascade,
  current_version integer not null default 1,
  revision integer not null default 1,
  -- A copy of the current version's title for lists.
  title text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index passages_bank_idx on passages (bank_id, updated_at, id);

-- Versions never change: an exam keeps showing the one it drew.
create table passage_versions (
  passage_id uuid not null references passages (id) on delete cascade,
  version integer not null,
  content jsonb not null,
  author_id text not null,
  created_at timestamptz not null default now(),
  primary key (passage_id, version)
);

-- The link belongs to the question, not to one of its versions: attaching or detaching regroups
-- what learners see without a new question version. A passage is deleted only once no question
-- refers to it: the service says so first, and the key (checked at the end of each statement, so
-- a bank or tenant deleted with its passages and questions still goes) makes sure.
alter table questions
  add column passage_id uuid references passages (id),
  add column passage_position integer,
  add constraint questions_passage_position check ((passage_id is null) = (passage_position is null));
create index questions_passage_idx on questions (passage_id, passage_position) where passage_id is not null;
