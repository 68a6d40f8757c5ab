CREATE TABLE `waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`event_id` integer NOT NULL,
	`association_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`teams` integer NOT NULL,
	`status` text DEFAULT 'WAITING' NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`hold_until` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `waitlist_event_status` ON `waitlist` (`event_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_live` ON `waitlist` (`event_id`,`association_id`) WHERE "waitlist"."status" IN ('WAITING', 'OFFERED');--> statement-breakpoint
ALTER TABLE `settings` ADD `entries_close_at` integer;--> statement-breakpoint
ALTER TABLE `settings` ADD `crew_close_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `teams_event_name` ON `teams` (`event_id`,`name`);