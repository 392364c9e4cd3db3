-- A practice answer's event names its item (decision 0038), so a regrade can correct the event
-- progress counts, as exam answers are found by their attempt. Earlier events are matched to
-- their item by the transaction that stored both: the item's answered_at is the event's.
alter table answer_events add column practice_item_id uuid;

update answer_events e set practice_item_id = i.id
from practice_items i
join practice_sessions s on s.id = i.session_id
where e.source = 'practice'
  and e.practice_item_id is null
  and s.user_id = e.user_id
  and i.question_id = e.question_id
  and i.answered_at = e.answered_at;

create index answer_events_practice_item_idx on answer_events (practice_item_id)
  where practice_item_id is not null;
