-- Teachers run classes in a tenant and read its banks to assign them (decision 0028 of the main
-- API's records); the role is one more value of a membership, with no data of its own here.
alter table memberships drop constraint memberships_role_check;
alter table memberships add constraint memberships_role_check
  check (role in ('owner', 'author', 'reviewer', 'teacher', 'viewer'));
