-- Admins narrow the audit log to one kind of event or one person's actions, newest first; these
-- read such a page from an index instead of walking every newer event of other kinds or people.
create index audit_events_action_idx on audit_events (action, id desc);
create index audit_events_actor_idx on audit_events (actor, id desc);
