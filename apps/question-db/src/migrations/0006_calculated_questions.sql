-- Calculated questions: a stem with {name} placeholders, variables with ranges and an answer
-- formula, all inside the content; only the list of types a version may have grows.
alter table question_versions drop constraint question_versions_type_check;
alter table question_versions add constraint question_versions_type_check check (type in (
  'single_choice', 'multiple_response', 'true_false', 'short_text',
  'numeric', 'ordering', 'matching', 'cloze', 'essay', 'calculated'));
