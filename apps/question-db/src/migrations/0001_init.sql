-- Tenants of the question database and who may act in them.
create table clients (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  created_at timestamptz not null default now()
);

create table memberships (
  client_id uuid not null references clients (id) on delete cascade,
  user_id text not null,
  role text not null check (role in ('owner', 'author', 'reviewer', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (client_id, user_id)
);

create table credentials (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  secret_hash text not null,
  scopes text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index credentials_client_idx on credentials (client_id);

create table banks (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  slug text not null,
  title text not null,
  description text not null default '',
  language text not null default 'en',
  visibility text not null default 'private' check (visibility in ('private', 'public', 'premium')),
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (client_id, slug)
);
create index banks_visibility_idx on banks (visibility) where visibility <> 'private';

-- A question is a stable identity; what it says lives in its versions.
create table questions (
  id uuid primary key default gen_random_uuid(),
  bank_id uuid not null references banks (id) on delete cascade,
  current_version integer not null default 1,
  -- The version learners see; null until one is published.
  published_version integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index questions_bank_idx on questions (bank_id);

-- Immutable once published: editing a published question adds a new draft version instead.
create table question_versions (
  question_id uuid not null references questions (id) on delete cascade,
  version integer not null,
  status text not null default 'draft'
    check (status in ('draft', 'in_review', 'published', 'retired')),
  type text not null check (type in (
    'single_choice', 'multiple_response', 'true_false', 'short_text',
    'numeric', 'ordering', 'matching', 'cloze')),
  -- The whole validated QuestionContent; type, topic, tags and difficulty are copied out for filters.
  content jsonb not null,
  topic text not null,
  tags text[] not null default '{}',
  difficulty smallint not null check (difficulty between 1 and 5),
  author_id text not null,
  created_at timestamptz not null default now(),
  primary key (question_id, version)
);
create index question_versions_topic_idx on question_versions (topic);

create table media (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null,
  bytes integer not null check (bytes > 0),
  width integer,
  height integer,
  created_at timestamptz not null default now(),
  unique (client_id, sha256)
);
create index media_sha256_idx on media (sha256);
