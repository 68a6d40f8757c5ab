-- Issue 18: 'Require signed crew tags' is on for a new installation, and crew tags carry a version
-- (docs/decisions/0025-crew-tag-versions.md). SQLite cannot change a column's default in place:
-- the table is rebuilt (as drizzle-kit does), keeping every stored value.
-- An installation that already has users but never saved its Settings ran with the old defaults
-- (signed tags not required): it gets its settings row written with those defaults, so its kiosks
-- keep taking what they took (ADMIN may turn the setting on). A fresh database has no users here.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`crew_tag_fee_sen` integer NOT NULL,
	`ticket_price_sen` integer NOT NULL,
	`ticket_description` text NOT NULL,
	`regatta_name` text NOT NULL,
	`regatta_year` integer NOT NULL,
	`payment_due_hours` integer NOT NULL,
	`entries_close_at` integer,
	`crew_close_at` integer,
	`require_signed_tags` integer DEFAULT true NOT NULL,
	`crew_tag_version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_settings`("id", "updated_at", "crew_tag_fee_sen", "ticket_price_sen", "ticket_description", "regatta_name", "regatta_year", "payment_due_hours", "entries_close_at", "crew_close_at", "require_signed_tags") SELECT "id", "updated_at", "crew_tag_fee_sen", "ticket_price_sen", "ticket_description", "regatta_name", "regatta_year", "payment_due_hours", "entries_close_at", "crew_close_at", "require_signed_tags" FROM `settings`;--> statement-breakpoint
DROP TABLE `settings`;--> statement-breakpoint
ALTER TABLE `__new_settings` RENAME TO `settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
INSERT INTO `settings` ("id", "crew_tag_fee_sen", "ticket_price_sen", "ticket_description", "regatta_name", "regatta_year", "payment_due_hours", "require_signed_tags") SELECT 1, 3000, 8000, 'A seat at the regatta''s celebration dinner on the final night: dinner, the prize-giving and an evening with every crew.', 'Regatta Dragon Boat Festival', CAST(strftime('%Y', 'now') AS integer), 24, false WHERE EXISTS (SELECT 1 FROM `users`) AND NOT EXISTS (SELECT 1 FROM `settings`);
