-- Challenge assignments (decision 0035): a live quiz played at one's own pace. An attempt is a
-- practice session of the assignment's pinned questions, so progress, review cards, the
-- gradebook, the analysis and regrades read it as they read practice; what the live game adds is
-- kept beside it: the timer of the attempt's questions, when the server served each question, and
-- the live points its answer earned.
alter table assignments drop constraint assignments_kind_check;
alter table assignments add constraint assignments_kind_check
  check (kind in ('practice', 'exam', 'challenge'));

-- Set for a challenge's session only: the practice routes do not serve such a session, so its
-- timer cannot be stepped around.
alter table practice_sessions add column question_limit_ms integer;

alter table practice_items
  add column served_at timestamptz,
  -- Live points (speed and streak), and the server-clock time to answer; a question whose timer
  -- ran out has 0 points, no answer and no result.
  add column points integer,
  add column elapsed_ms integer;
