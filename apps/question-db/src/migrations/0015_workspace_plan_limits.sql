-- Limits the workspace's paid plan gives (members = seats), set by the main API when the plan
-- starts, its seats change or it ends (null: the free limits). An admin's override in
-- raised_limits still comes first. The revision is the main API's count of plan changes: a
-- setting sent again after a newer one (a retry) is ignored.
alter table clients add column plan_limits jsonb;
alter table clients add column plan_limits_revision bigint not null default 0;
