-- Essays: extended text, scored by a person. The rubric and model answer are not searched: they
-- are for graders, and a search by learners' words should not find a question by its key.
alter table question_versions drop constraint question_versions_type_check;
alter table question_versions add constraint question_versions_type_check check (type in (
  'single_choice', 'multiple_response', 'true_false', 'short_text',
  'numeric', 'ordering', 'matching', 'cloze', 'essay'));
