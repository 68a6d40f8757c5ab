-- Issue 28: race day on the water (ADR 0038). Lanes marked Ready by hand (races.ready_*), boats out
-- and back (boat_trips), race-day crew changes (crew_changes; team_members.change_id marks who came
-- in), the call and the calendar feed (rounds.called_at, rounds.start_seq, users.call_emails,
-- users.calendar_key) and their three settings. boat_trips and crew_changes take their edition from
-- their round and their team's event, and are read-only in an archived edition, as every table
-- under a round or a team (migration 0018).
CREATE TABLE `boat_trips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`round_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`lane` text NOT NULL,
	`out_at` integer,
	`out_user_id` integer,
	`out_kiosk_id` integer,
	`back_at` integer,
	`back_user_id` integer,
	`back_kiosk_id` integer,
	`back_reason` text,
	`back_by` integer,
	`edition_id` integer,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`out_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`out_kiosk_id`) REFERENCES `kiosks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`back_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`back_kiosk_id`) REFERENCES `kiosks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`back_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boat_trips_round_team` ON `boat_trips` (`round_id`,`team_id`);--> statement-breakpoint
CREATE INDEX `boat_trips_on_water` ON `boat_trips` (`edition_id`,`out_at`) WHERE "boat_trips"."back_at" IS NULL AND "boat_trips"."out_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `boat_trips_edition_out` ON `boat_trips` (`edition_id`,`out_at`);--> statement-breakpoint
CREATE TABLE `crew_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`team_id` integer NOT NULL,
	`association_id` integer NOT NULL,
	`requested_by` integer,
	`leaving` text NOT NULL,
	`joining` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`decided_at` integer,
	`decided_by` integer,
	`decision_reason` text,
	`crew_before` text,
	`crew_after` text,
	`edition_id` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `crew_changes_status` ON `crew_changes` (`edition_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `crew_changes_team` ON `crew_changes` (`team_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `crew_changes_pending_team` ON `crew_changes` (`team_id`) WHERE "crew_changes"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE `races` ADD `ready_at` integer;--> statement-breakpoint
ALTER TABLE `races` ADD `ready_reason` text;--> statement-breakpoint
ALTER TABLE `races` ADD `ready_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `called_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `start_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `on_water_alert_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `crew_change_cutoff_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `call_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_members` ADD `change_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `call_emails` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_calendar_key` ON `users` (`calendar_key`) WHERE "users"."calendar_key" IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `boat_trips_edition_of_round` AFTER INSERT ON `boat_trips` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `boat_trips` SET `edition_id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_changes_edition_of_team` AFTER INSERT ON `crew_changes` WHEN NEW.`edition_id` IS NULL
BEGIN
  UPDATE `crew_changes` SET `edition_id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = NEW.`team_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `boat_trips_archived_insert` BEFORE INSERT ON `boat_trips` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `boat_trips_archived_update` BEFORE UPDATE ON `boat_trips` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = NEW.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `boat_trips_archived_delete` BEFORE DELETE ON `boat_trips` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT `edition_id` FROM `rounds` WHERE `id` = OLD.`round_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `crew_changes_archived_insert` BEFORE INSERT ON `crew_changes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = NEW.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `crew_changes_archived_update` BEFORE UPDATE ON `crew_changes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = OLD.`team_id`)) = 'ARCHIVED' OR (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = NEW.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
--> statement-breakpoint
CREATE TRIGGER `crew_changes_archived_delete` BEFORE DELETE ON `crew_changes` WHEN (SELECT `state` FROM `editions` WHERE `id` = (SELECT e.`edition_id` FROM `teams` t JOIN `events` e ON e.`id` = t.`event_id` WHERE t.`id` = OLD.`team_id`)) = 'ARCHIVED'
BEGIN
  SELECT RAISE(ABORT, 'EDITION_ARCHIVED');
END;
