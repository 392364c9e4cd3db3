-- Whether a tenant's publishing needs a second person. Null while the tenant keeps the default,
-- which follows how many members can publish (docs/decisions/0024), so a tenant that grows from
-- one teacher to a team gets review without anyone having to remember to turn it on.
alter table clients add column publishing_second_person boolean;
