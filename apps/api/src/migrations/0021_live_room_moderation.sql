-- Host controls of a live room. A locked room takes no new players (those in it stay and come back
-- after a reload). In a room that reveals answers by hand, the closed question whose answer the
-- host has shown: a position rather than a flag, so opening the next question hides it again
-- without the room's transitions having to know about it.
alter table live_rooms add column locked boolean not null default false;
alter table live_rooms add column revealed_position integer not null default 0;

-- The passage a question of a group is read with, pinned with the question when the room opens,
-- so the big screen and the phones show it as it was then.
alter table live_questions add column passage jsonb;
