create table widgets (id serial primary key, name text not null);
