-- A draw asks, for each question it picks, whether it brings a passage group. Only questions with
-- a passage are in this index, and it carries the passage, so the answer is an index-only read of
-- a small index instead of a visit to each picked question's row in a large bank.
create index questions_passage_member_idx on questions (id) include (passage_id)
  where passage_id is not null;

-- How many questions each workspace holds, kept by the database on every insert and delete of
-- questions, whichever module writes them: the limit check before an import reads this number
-- instead of counting a large workspace's questions (twice per import), which took most of a
-- second at a million. Questions never move between workspaces, so updates need no counting.
-- The update locks the workspace's row as the limit check does (`for no key update`), so an
-- addition and its check keep happening one after the other.
alter table clients add column question_count bigint not null default 0;

update clients c set question_count = (select count(*) from questions q where q.client_id = c.id);

-- Run by statements of any search_path, so it keeps the migration's.
create function count_workspace_questions() returns trigger
language plpgsql
set search_path from current
as $$
begin
  if tg_op = 'INSERT' then
    update clients c set question_count = c.question_count + added.n
    from (select client_id, count(*) as n from new_questions group by client_id) added
    where c.id = added.client_id;
  else
    update clients c set question_count = c.question_count - removed.n
    from (select client_id, count(*) as n from old_questions group by client_id) removed
    where c.id = removed.client_id;
  end if;
  return null;
end
$$;

create trigger questions_counted_in after insert on questions
  referencing new table as new_questions
  for each statement execute function count_workspace_questions();
create trigger questions_counted_out after delete on questions
  referencing old table as old_questions
  for each statement execute function count_workspace_questions();
