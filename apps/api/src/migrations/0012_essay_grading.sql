-- Essays are scored by a person. An exam answer to one stays `awaiting` after submission until a
-- grader of the bank's tenant gives points; `grade_version` counts gradings, so two graders
-- marking the same answer at once cannot both win. The attempt keeps what is still pending, so its
-- total can say so without reading every answer.
alter table exam_responses
  add column grading text not null default 'auto' check (grading in ('auto', 'awaiting', 'graded')),
  add column grader_sub text,
  add column grader_comment text,
  add column graded_at timestamptz,
  add column grade_version integer not null default 0;
create index exam_responses_awaiting_idx on exam_responses (attempt_id) where grading <> 'auto';

alter table exam_attempts
  add column pending_count integer not null default 0,
  add column pending_points real not null default 0;
create index exam_attempts_client_idx on exam_attempts (client_id, submitted_at);
