ALTER TABLE `orders` ADD `effects_applied_at` integer;--> statement-breakpoint
ALTER TABLE `payment_logs` ADD `verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_logs` ADD `source` text DEFAULT 'return' NOT NULL;