-- A live room opened for a class (decision 0033): only the class's learners join it, with their
-- accounts, and once finished its players' results are read into the class's gradebook as a
-- column of their own. Nothing is copied at the end of the game: the gradebook reads the room.
-- A deleted class leaves its rooms as ordinary rooms of their host.
alter table live_rooms add column class_id uuid references classes (id) on delete set null;
create index live_rooms_class_idx on live_rooms (class_id, created_at) where class_id is not null;
