-- Team mode of a live room. The room keeps how it plays in teams (their number and the talk time
-- before each question's answers open), null while every player plays for themselves; each player
-- keeps their team on their own row, so a device coming back (or a signed-in player joining again)
-- finds the team it had. Teams are numbered from 1; the screens name them by colour.
alter table live_rooms add column teams jsonb;
-- Counts every change of the teams (their setup, a deal, a move), so a process catching its
-- connections up can tell a phone that missed one.
alter table live_rooms add column teams_revision integer not null default 0;
alter table live_players add column team smallint;
