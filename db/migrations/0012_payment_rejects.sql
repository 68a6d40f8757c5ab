CREATE TABLE `payment_rejects` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`reason` text NOT NULL,
	`address` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`day`, `source`, `reason`, `address`)
);
