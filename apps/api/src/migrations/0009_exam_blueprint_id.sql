-- An attempt remembers which blueprint it was drawn by (`default` for a bank's built-in one), so
-- its result can offer the same exam again. Attempts from before this know only the title: null.
alter table exam_attempts add column blueprint_id text;
