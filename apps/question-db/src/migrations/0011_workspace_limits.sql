-- Limits a platform admin raised for one workspace above the free ones, by kind (members, banks,
-- questions); a kind not named keeps the free limit, which lives in the code's rules.
alter table clients add column raised_limits jsonb not null default '{}';

-- The demo workspace seeded on first start is Questa's own showcase, shared by everyone trying
-- roles in it; it is not a free workspace and keeps no limits that matter.
update clients
set raised_limits = '{"members": 100000, "banks": 100000, "questions": 100000}'
where slug = 'questa-demo';
