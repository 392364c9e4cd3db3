-- The passage (shared stimulus) a drawn question refers to, as the learner sees it, pinned with
-- the question: an exam or practice session keeps the version it drew, whatever the author saves
-- later. Null for questions without a passage and for everything drawn before passages existed.
alter table exam_questions add column passage jsonb;
alter table practice_items add column passage jsonb;
