CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`text` text NOT NULL,
	`posted_by` integer,
	`removed_at` integer,
	`removed_by` integer,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notices_live` ON `notices` (`removed_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `progression_plans` (
	`to_round_id` integer PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`mode` text NOT NULL,
	`count` integer NOT NULL,
	`plus_times` integer DEFAULT 0 NOT NULL,
	`lanes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`to_round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progression_plans_event` ON `progression_plans` (`event_id`);--> statement-breakpoint
CREATE TABLE `progression_sources` (
	`to_round_id` integer NOT NULL,
	`from_round_id` integer NOT NULL,
	PRIMARY KEY(`to_round_id`, `from_round_id`),
	FOREIGN KEY (`to_round_id`) REFERENCES `progression_plans`(`to_round_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progression_sources_from` ON `progression_sources` (`from_round_id`);--> statement-breakpoint
ALTER TABLE `races` ADD `time_ms` integer;--> statement-breakpoint
ALTER TABLE `races` ADD `status` text;--> statement-breakpoint
ALTER TABLE `races` ADD `status_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `penalty_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `penalty_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `place` integer;--> statement-breakpoint
ALTER TABLE `races` ADD `wins` integer;--> statement-breakpoint
ALTER TABLE `races` ADD `losses` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `race_number` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `scheduled_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `result_state` text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `results_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `protest_until` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `seeded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_race_number` ON `rounds` (`race_number`);--> statement-breakpoint
CREATE INDEX `rounds_results` ON `rounds` (`result_state`,`results_at`);--> statement-breakpoint
ALTER TABLE `settings` ADD `protest_minutes` integer DEFAULT 15 NOT NULL;