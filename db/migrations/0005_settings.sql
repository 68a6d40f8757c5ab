CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`crew_tag_fee_sen` integer NOT NULL,
	`ticket_price_sen` integer NOT NULL,
	`ticket_description` text NOT NULL,
	`regatta_name` text NOT NULL,
	`regatta_year` integer NOT NULL,
	`payment_due_hours` integer NOT NULL
);
