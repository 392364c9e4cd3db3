-- Authoring: optimistic revisions, full-text search, random draws, and published versions that
-- cannot change.

-- The text-search configuration for a bank's language tag ('pt-BR' searches as portuguese).
-- 'simple' only folds case, so an unlisted language still finds exact words.
create function search_config(language text) returns regconfig
language sql immutable parallel safe
as $$
  select (case split_part(language, '-', 1)
    when 'en' then 'pg_catalog.english'
    when 'de' then 'pg_catalog.german'
    when 'fr' then 'pg_catalog.french'
    when 'es' then 'pg_catalog.spanish'
    when 'pt' then 'pg_catalog.portuguese'
    when 'it' then 'pg_catalog.italian'
    when 'nl' then 'pg_catalog.dutch'
    else 'pg_catalog.simple'
  end)::regconfig
$$;

-- What learners read besides the stem and the explanation: option, item and pair texts, accepted
-- answers, and the choices of cloze blanks. Paths a type lacks yield nothing in lax mode.
create function question_answer_texts(content jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select jsonb_path_query_array(content, 'lax $.options[*].text')
      || jsonb_path_query_array(content, 'lax $.items[*].text')
      || jsonb_path_query_array(content, 'lax $.pairs[*].prompt')
      || jsonb_path_query_array(content, 'lax $.pairs[*].answer')
      || jsonb_path_query_array(content, 'lax $.accepted[*]')
      || jsonb_path_query_array(content, 'lax $.blanks[*].accepted[*]')
      || jsonb_path_query_array(content, 'lax $.blanks[*].options[*]')
$$;

-- The searchable text as one string, for ts_headline to quote from. Functions that call this
-- schema's functions keep the migration's search_path, since queries run with another.
create function question_search_text(content jsonb) returns text
language sql immutable parallel safe
set search_path from current
as $$
  select concat_ws(E'\n',
    content ->> 'stem',
    (select string_agg(value, E'\n') from jsonb_array_elements_text(question_answer_texts(content))),
    nullif(content ->> 'explanation', ''))
$$;

-- Weighted so a word in the stem ranks above one in an option, and both above the explanation.
create function question_search_document(config regconfig, content jsonb) returns tsvector
language sql immutable parallel safe
set search_path from current
as $$
  select setweight(to_tsvector(config, coalesce(content ->> 'stem', '')), 'A')
      || setweight(to_tsvector(config, question_answer_texts(content)), 'B')
      || setweight(to_tsvector(config, coalesce(content ->> 'explanation', '')), 'C')
$$;

-- The question row carries a copy of its current version's status and filter fields, and that
-- version's search document, so lists, filters and search read one table through its indexes
-- instead of joining every version. The repository refreshes the copy on every write.
alter table questions
  add column client_id uuid references clients (id) on delete cascade,
  -- Grows with every save or transition: the optimistic-concurrency token clients send back.
  add column revision integer not null default 1,
  add column status text not null default 'draft'
    check (status in ('draft', 'in_review', 'published', 'retired')),
  add column type text,
  add column topic text,
  add column tags text[] not null default '{}',
  add column difficulty smallint,
  add column search_config regconfig not null default 'pg_catalog.simple',
  add column search_document tsvector not null default ''::tsvector;

update questions q
set client_id = b.client_id, search_config = search_config(b.language)
from banks b
where b.id = q.bank_id;

update questions q
set status = v.status, type = v.type, topic = v.topic, tags = v.tags, difficulty = v.difficulty,
  search_document = question_search_document(q.search_config, v.content)
from question_versions v
where v.question_id = q.id and v.version = q.current_version;

alter table questions
  alter column client_id set not null,
  alter column type set not null,
  alter column topic set not null,
  alter column difficulty set not null;

-- Lists are newest first, per tenant or per bank; the (updated_at, id) pair is the cursor.
drop index questions_bank_idx;
create index questions_client_recent_idx on questions (client_id, updated_at, id);
create index questions_bank_recent_idx on questions (bank_id, updated_at, id);
-- A filter value can be rare enough (one topic, the few drafts, the only cloze questions) that
-- walking the recency index would read most of the tenant to fill a page. Difficulty has five
-- values, so each is common and needs no index of its own.
create index questions_client_topic_idx on questions (client_id, topic, updated_at, id);
create index questions_client_status_idx on questions (client_id, status, updated_at, id);
create index questions_client_type_idx on questions (client_id, type, updated_at, id);
create index questions_tags_idx on questions using gin (tags);
create index questions_search_idx on questions using gin (search_document);

-- Draws pick published versions by a random key fixed at insert: a seeded draw reads the same
-- keys and so returns the same questions while the bank does not change. bank_id is copied from
-- the question (which never moves between banks) so the draw indexes need no join.
alter table question_versions
  add column bank_id uuid,
  add column sample_key double precision not null default random();

update question_versions v set bank_id = q.bank_id from questions q where q.id = v.question_id;
alter table question_versions alter column bank_id set not null;

-- Nothing filters versions by topic alone; the draw indexes below cover topic per bank.
drop index question_versions_topic_idx;

-- One index per rule shape (any, by topic, by difficulty, by both), each holding only published
-- versions, so every rule reads a run of its own index from a random point and no more.
create index question_versions_draw_idx on question_versions (bank_id, sample_key)
  include (question_id, version) where status = 'published';
create index question_versions_draw_topic_idx on question_versions (bank_id, topic, sample_key)
  include (question_id, version) where status = 'published';
create index question_versions_draw_difficulty_idx
  on question_versions (bank_id, difficulty, sample_key)
  include (question_id, version) where status = 'published';
create index question_versions_draw_topic_difficulty_idx
  on question_versions (bank_id, topic, difficulty, sample_key)
  include (question_id, version) where status = 'published';

-- Exams and live rooms pin published versions, so what they pinned must never change. The
-- repository never asks for such a change; this refuses it should any code path try.
create function refuse_changing_published_versions() returns trigger
language plpgsql
as $$
begin
  if old.status in ('published', 'retired') and (
    new.content is distinct from old.content
    or new.type is distinct from old.type
    or new.topic is distinct from old.topic
    or new.tags is distinct from old.tags
    or new.difficulty is distinct from old.difficulty
    or new.question_id is distinct from old.question_id
    or new.version is distinct from old.version
    or (old.status = 'retired' and new.status <> 'retired')
    or (old.status = 'published' and new.status not in ('published', 'retired'))
  ) then
    raise exception 'question % version % is % and cannot change', old.question_id, old.version,
      old.status using errcode = 'integrity_constraint_violation';
  end if;
  return new;
end
$$;

create trigger question_versions_published_are_immutable
  before update on question_versions
  for each row execute function refuse_changing_published_versions();
