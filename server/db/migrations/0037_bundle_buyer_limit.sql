-- Issue 28: how many of a bundle one buyer can order in all (null: no limit, but a free bundle once).
alter table bundle add column buyer_limit integer check (buyer_limit between 1 and 1000);
