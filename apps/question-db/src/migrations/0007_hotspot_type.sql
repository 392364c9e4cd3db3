-- Hotspot questions: markers placed on an image. The type list is the contract's `questionTypes`,
-- in full: each migration that adds a type writes the whole list as it stands after it.
alter table question_versions drop constraint question_versions_type_check;
alter table question_versions add constraint question_versions_type_check check (type in (
  'single_choice', 'multiple_response', 'true_false', 'short_text',
  'numeric', 'ordering', 'matching', 'cloze', 'essay', 'calculated', 'hotspot'));
