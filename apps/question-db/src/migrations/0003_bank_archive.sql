-- An archived bank stays for history (its questions, versions and past draws still resolve) but is
-- left out of the catalog and of new draws; clearing the column restores it.
alter table banks add column archived_at timestamptz;
