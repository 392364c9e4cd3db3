-- An owner schedules a workspace's deletion through the main API, which erases it once due
-- (decision 0034). Meanwhile its members still read everything, and its changes are refused.
alter table clients add column deletion_due_at timestamptz;
