-- Whether publishing needs a second person's review is now the owner's choice alone, off for a new
-- workspace so that a solo owner publishes directly (docs/decisions/0024, amended). Workspaces
-- that still followed their team's size keep what was in force for them: on where at least two
-- members could publish (owners and reviewers, the roles that held question:publish).
update clients c
set publishing_second_person = (
  select count(*) >= 2
  from memberships m
  where m.client_id = c.id and m.role in ('owner', 'reviewer')
)
where publishing_second_person is null;

alter table clients alter column publishing_second_person set default false;
alter table clients alter column publishing_second_person set not null;
