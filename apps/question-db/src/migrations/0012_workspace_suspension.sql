-- A platform admin suspends a workspace (abuse, an unpaid arrangement) and restores it later;
-- while suspended, its routes answer workspace.suspended to everyone but platform admins.
alter table clients add column suspended_at timestamptz;
