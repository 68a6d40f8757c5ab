DROP INDEX `eoi_users_team`;--> statement-breakpoint
CREATE INDEX `eoi_users_team_nocase` ON `eoi_users` ("team" COLLATE NOCASE,`id`);--> statement-breakpoint
DROP INDEX `training_reservations_session`;--> statement-breakpoint
CREATE INDEX `training_reservations_session` ON `training_reservations` (`session_id`,`status`,`boat`);