-- Issue 29: the club championship's points scheme (settings.points_*), and signed webhooks: the
-- endpoints ADMIN registers, each event once with its body, and one delivery per event and endpoint
-- (sent and retried by the primary's job loop). ADR 0039.
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`endpoint_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claimed_until` integer,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_error` text,
	`delivered_at` integer,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `webhook_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`next_attempt_at`) WHERE "webhook_deliveries"."delivered_at" IS NULL AND "webhook_deliveries"."next_attempt_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` integer,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`failures_in_row` integer DEFAULT 0 NOT NULL,
	`disabled_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`public_id` text NOT NULL,
	`event` text NOT NULL,
	`body` text NOT NULL,
	`digest` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_public_id` ON `webhook_events` (`public_id`);--> statement-breakpoint
CREATE INDEX `webhook_events_event` ON `webhook_events` (`event`,`id`);--> statement-breakpoint
ALTER TABLE `settings` ADD `points_scheme` text DEFAULT 'FINALS' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `points_custom` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `points_finals_only` integer DEFAULT true NOT NULL;