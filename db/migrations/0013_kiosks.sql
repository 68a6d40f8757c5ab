CREATE TABLE `kiosks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text NOT NULL,
	`enrolled_by` integer,
	`enrolled_by_name` text NOT NULL,
	`last_seen_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`enrolled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `kiosks_created` ON `kiosks` (`created_at`);--> statement-breakpoint
ALTER TABLE `scan_logs` ADD `kiosk_id` integer REFERENCES kiosks(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `scan_logs` ADD `saved_by` integer REFERENCES users(id) ON DELETE set null;
