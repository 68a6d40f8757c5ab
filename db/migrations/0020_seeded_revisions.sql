-- Issue 20 follow-up: the revision of each source round a progression plan seeded a round from
-- (JSON {"roundId": revision}), so race control can tell a seeding gone stale by a revision.
-- A new column of rounds: 0018's archive triggers on rounds already cover it.
ALTER TABLE `rounds` ADD `seeded_revisions` text;
