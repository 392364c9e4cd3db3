alter table widgets add column size int not null default 1;
