ALTER TABLE `throttles` ADD `last_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `throttles` ADD `locked_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `throttles_last_at` ON `throttles` (`last_at`);