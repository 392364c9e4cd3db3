-- Team mode of a live room. The room keeps how it plays in teams (their number and the talk time
-- before each question's answers open), null while every player plays for themselves; each player
-- keeps their team on their own row, so a device coming back (or a signed-in player joining again)
-- finds the team it had. Teams are numbered from 1; the screens name them by colour.
alter table live_rooms add column teams jsonb;
alter table live_players add column team smallint;
