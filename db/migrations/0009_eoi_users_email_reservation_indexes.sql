DROP INDEX `training_reservations_status`;--> statement-breakpoint
CREATE INDEX `training_reservations_association` ON `training_reservations` (`association_id`);--> statement-breakpoint
CREATE INDEX `training_reservations_status` ON `training_reservations` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `eoi_users_email` ON `eoi_users` (`email`);--> statement-breakpoint
CREATE INDEX `eoi_users_team` ON `eoi_users` (`team`);