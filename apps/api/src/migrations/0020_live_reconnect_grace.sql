-- A player whose phone drops for a moment is still in the question: the room waits for them a
-- short while before closing early, counted from when they went away.
alter table live_players add column disconnected_at timestamptz;
