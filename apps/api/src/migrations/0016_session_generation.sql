-- Ending every session of a person must reach every API process at once, with no shared memory:
-- a session counts only while its generation equals its user's, so one update of the user's
-- generation ends them all, whichever process serves their next request. A password change at the
-- identity provider (told by back-channel logout), "sign out everywhere", a role taken away and a
-- deleted account each move it on.
alter table users add column session_generation integer not null default 0;
alter table sessions add column generation integer not null default 0;

-- The provider's session (`sid` of the ID token) a Questa session came from, so a back-channel
-- logout that names one provider session ends just the Questa sessions it opened.
alter table sessions add column idp_sid text;
create index sessions_idp_sid_idx on sessions (idp_sid) where idp_sid is not null;
