-- A practice session the learner finished (early, or after the last question) is closed: it takes
-- no more answers and no more draws, and opening it again shows its summary. Null while open.
alter table practice_sessions add column finished_at timestamptz;
