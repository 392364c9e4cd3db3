-- A search in a bank walks the bank's recency index, newest first, testing each question's words
-- until 200 match: for a word in one question of a hundred, some 20,000 questions, each read from
-- the table (21,916 buffers at a million, decision 0046). Carrying what the walk tests (the words
-- and their configuration) and what list filters ask most (tenant, status, type) in the index
-- lets the walk read only the index: 723 buffers. The index grows from about 80 to about 270
-- bytes a question.
drop index questions_bank_recent_idx;
create index questions_bank_recent_idx on questions (bank_id, updated_at, id)
  include (client_id, status, type, search_config, search_document);

-- An index-only read skips the table only for pages vacuum has marked all-visible. By default an
-- insert-only table is vacuumed after a fifth of its size in new rows: 200,000 questions at a
-- million, so after an import the newest questions, which a search reads first, would long be
-- read from the table. A hundredth keeps them close to the index; vacuuming also moves the word
-- index's pending entries, which every search through it reads one by one, into the index proper.
alter table questions set (autovacuum_vacuum_insert_scale_factor = 0.01);
