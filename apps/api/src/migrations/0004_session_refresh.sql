-- A session's access token is refreshed by whoever claims the refresh first, for a short lease,
-- instead of under a row lock held across the call to the identity provider: in one process the
-- provider shares the embedded database's single connection, so a lock held across that call
-- stopped the whole server. A lease that outlives a crashed process simply runs out.
alter table sessions add column refresh_lease_until timestamptz;

-- When to refresh: a little before the token expires, in proportion to its lifetime, so a short
-- lifetime (a test's) still leaves the token usable between refreshes.
alter table sessions add column access_refresh_at timestamptz;
