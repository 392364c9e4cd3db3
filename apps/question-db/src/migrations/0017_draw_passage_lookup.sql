-- A draw asks, for each question it picks, whether it brings a passage group. Only questions with
-- a passage are in this index, and it carries the passage, so the answer is an index-only read of
-- a small index instead of a visit to each picked question's row in a large bank.
create index questions_passage_member_idx on questions (id) include (passage_id)
  where passage_id is not null;
