CREATE TABLE `edition_members` (
	`edition_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`membership_paid` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`edition_id`, `user_id`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `editions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`year` integer NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`state` text DEFAULT 'DRAFT' NOT NULL,
	`opened_at` integer,
	`archived_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `editions_year` ON `editions` (`year`);
--> statement-breakpoint
CREATE UNIQUE INDEX `editions_open` ON `editions` (`state`) WHERE "editions"."state" = 'OPEN';
--> statement-breakpoint
DROP INDEX `eoi_events_name_live`;
--> statement-breakpoint
ALTER TABLE `eoi_events` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE UNIQUE INDEX `eoi_events_name_live` ON `eoi_events` (`edition_id`,`name`) WHERE "eoi_events"."deleted" = 0;
--> statement-breakpoint
DROP INDEX `events_name_live`;
--> statement-breakpoint
ALTER TABLE `events` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE INDEX `events_edition` ON `events` (`edition_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_name_live` ON `events` (`edition_id`,`name`) WHERE "events"."deleted" = 0;
--> statement-breakpoint
DROP INDEX `notices_live`;
--> statement-breakpoint
ALTER TABLE `notices` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE INDEX `notices_live` ON `notices` (`edition_id`,`removed_at`,`created_at`);
--> statement-breakpoint
DROP INDEX `rounds_race_number`;
--> statement-breakpoint
ALTER TABLE `rounds` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_race_number` ON `rounds` (`edition_id`,`race_number`);
--> statement-breakpoint
DROP INDEX `training_sessions_start`;
--> statement-breakpoint
ALTER TABLE `training_sessions` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE INDEX `training_sessions_start` ON `training_sessions` (`edition_id`,`start_time`);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
ALTER TABLE `orders` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
CREATE INDEX `orders_edition` ON `orders` (`edition_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `payment_logs` ADD `edition_id` integer REFERENCES editions(id);
--> statement-breakpoint
-- Issue 21: the data so far becomes the first edition (docs/decisions/0033-editions.md), named
-- from its year (the saved settings' year, else the year of the first event or order, else this
-- year), OPEN, its dates the first and last race day when races are scheduled. Settings row 1 is
-- its settings (a settings row's id is its edition's id).
INSERT INTO `editions` (`id`, `name`, `year`, `starts_on`, `ends_on`, `state`, `opened_at`)
SELECT 1, 'Regatta ' || y, y,
  COALESCE((SELECT date(MIN(`scheduled_at`) / 1000, 'unixepoch', '+8 hours') FROM `rounds` WHERE `scheduled_at` IS NOT NULL), y || '-01-01'),
  COALESCE((SELECT date(MAX(`scheduled_at`) / 1000, 'unixepoch', '+8 hours') FROM `rounds` WHERE `scheduled_at` IS NOT NULL), y || '-12-31'),
  'OPEN', CAST(unixepoch('subsec') * 1000 AS INTEGER)
FROM (SELECT CAST(COALESCE(
  (SELECT `regatta_year` FROM `settings` WHERE `id` = 1),
  (SELECT strftime('%Y', MIN(t) / 1000, 'unixepoch', '+8 hours') FROM (
    SELECT MIN(`created_at`) AS t FROM `events` UNION ALL SELECT MIN(`created_at`) FROM `orders`)),
  strftime('%Y', 'now')) AS INTEGER) AS y);
--> statement-breakpoint
UPDATE `events` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `rounds` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `orders` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `training_sessions` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `eoi_events` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `notices` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `audit_log` SET `edition_id` = 1;
--> statement-breakpoint
UPDATE `payment_logs` SET `edition_id` = 1;
--> statement-breakpoint
-- A raw insert without an edition (a script, a test's helper) lands in the open edition; the app's
-- models always name it. A round is always in its event's edition.
CREATE TRIGGER `events_edition_default` AFTER INSERT ON `events` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `events` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_edition_default` AFTER INSERT ON `orders` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `orders` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `training_sessions_edition_default` AFTER INSERT ON `training_sessions` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `training_sessions` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `eoi_events_edition_default` AFTER INSERT ON `eoi_events` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `eoi_events` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `notices_edition_default` AFTER INSERT ON `notices` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `notices` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_edition_default` AFTER INSERT ON `audit_log` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `audit_log` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_logs_edition_default` AFTER INSERT ON `payment_logs` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `payment_logs` SET `edition_id` = (SELECT `id` FROM `editions` WHERE `state` = 'OPEN') WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_edition_of_event` AFTER INSERT ON `rounds`
BEGIN
  UPDATE `rounds` SET `edition_id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- An archived edition is read-only: any insert, change or removal of its rows (or of rows under
-- them: a team under its event, a lane under its round) is refused with EDITION_ARCHIVED, which
-- the app answers with a clear message (lib/edition.server.ts). The audit and payment logs are
-- not guarded: they only grow, and a late payment of an archived order must still be logged.
CREATE TRIGGER `events_archived_insert` BEFORE INSERT ON `events` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `events_archived_update` BEFORE UPDATE ON `events` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `events_archived_delete` BEFORE DELETE ON `events` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_archived_insert` BEFORE INSERT ON `rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_archived_update` BEFORE UPDATE ON `rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_archived_delete` BEFORE DELETE ON `rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_archived_insert` BEFORE INSERT ON `orders` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_archived_update` BEFORE UPDATE ON `orders` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_archived_delete` BEFORE DELETE ON `orders` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_sessions_archived_insert` BEFORE INSERT ON `training_sessions` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_sessions_archived_update` BEFORE UPDATE ON `training_sessions` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_sessions_archived_delete` BEFORE DELETE ON `training_sessions` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eoi_events_archived_insert` BEFORE INSERT ON `eoi_events` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eoi_events_archived_update` BEFORE UPDATE ON `eoi_events` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eoi_events_archived_delete` BEFORE DELETE ON `eoi_events` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `notices_archived_insert` BEFORE INSERT ON `notices` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `notices_archived_update` BEFORE UPDATE ON `notices` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `notices_archived_delete` BEFORE DELETE ON `notices` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `edition_members_archived_insert` BEFORE INSERT ON `edition_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `edition_members_archived_update` BEFORE UPDATE ON `edition_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `edition_members_archived_delete` BEFORE DELETE ON `edition_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`edition_id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `settings_archived_insert` BEFORE INSERT ON `settings` WHEN (SELECT `state` FROM `editions` WHERE `id` = NEW.`id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `settings_archived_update` BEFORE UPDATE ON `settings` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`id`) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = NEW.`id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `settings_archived_delete` BEFORE DELETE ON `settings` WHEN (SELECT `state` FROM `editions` WHERE `id` = OLD.`id`) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `teams_archived_insert` BEFORE INSERT ON `teams` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `teams_archived_update` BEFORE UPDATE ON `teams` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `teams_archived_delete` BEFORE DELETE ON `teams` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_archived_insert` BEFORE INSERT ON `waitlist` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_archived_update` BEFORE UPDATE ON `waitlist` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_archived_delete` BEFORE DELETE ON `waitlist` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_plans_archived_insert` BEFORE INSERT ON `progression_plans` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_plans_archived_update` BEFORE UPDATE ON `progression_plans` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = NEW.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_plans_archived_delete` BEFORE DELETE ON `progression_plans` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `events` WHERE `id` = OLD.`event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_archived_insert` BEFORE INSERT ON `team_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = NEW.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_archived_update` BEFORE UPDATE ON `team_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = OLD.`team_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = NEW.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_archived_delete` BEFORE DELETE ON `team_members` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = OLD.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `races_archived_insert` BEFORE INSERT ON `races` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `races_archived_update` BEFORE UPDATE ON `races` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `races_archived_delete` BEFORE DELETE ON `races` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scan_logs_archived_insert` BEFORE INSERT ON `scan_logs` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scan_logs_archived_update` BEFORE UPDATE ON `scan_logs` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scan_logs_archived_delete` BEFORE DELETE ON `scan_logs` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scoreboard_rounds_archived_insert` BEFORE INSERT ON `scoreboard_rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scoreboard_rounds_archived_update` BEFORE UPDATE ON `scoreboard_rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `scoreboard_rounds_archived_delete` BEFORE DELETE ON `scoreboard_rounds` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_sources_archived_insert` BEFORE INSERT ON `progression_sources` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`to_round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_sources_archived_update` BEFORE UPDATE ON `progression_sources` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`to_round_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`to_round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `progression_sources_archived_delete` BEFORE DELETE ON `progression_sources` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`to_round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_archived_insert` BEFORE INSERT ON `order_lines` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = NEW.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_archived_update` BEFORE UPDATE ON `order_lines` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = OLD.`order_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = NEW.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_archived_delete` BEFORE DELETE ON `order_lines` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = OLD.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_notes_archived_insert` BEFORE INSERT ON `order_notes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = NEW.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_notes_archived_update` BEFORE UPDATE ON `order_notes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = OLD.`order_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = NEW.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `order_notes_archived_delete` BEFORE DELETE ON `order_notes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `orders` WHERE `id` = OLD.`order_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_reservations_archived_insert` BEFORE INSERT ON `training_reservations` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `training_sessions` WHERE `id` = NEW.`session_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_reservations_archived_update` BEFORE UPDATE ON `training_reservations` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `training_sessions` WHERE `id` = OLD.`session_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `training_sessions` WHERE `id` = NEW.`session_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `training_reservations_archived_delete` BEFORE DELETE ON `training_reservations` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `training_sessions` WHERE `id` = OLD.`session_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eois_archived_insert` BEFORE INSERT ON `eois` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `eoi_events` WHERE `id` = NEW.`eoi_event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eois_archived_update` BEFORE UPDATE ON `eois` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `eoi_events` WHERE `id` = OLD.`eoi_event_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `eoi_events` WHERE `id` = NEW.`eoi_event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `eois_archived_delete` BEFORE DELETE ON `eois` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `eoi_events` WHERE `id` = OLD.`eoi_event_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
