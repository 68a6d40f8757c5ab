CREATE TABLE `associations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`token` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `associations_name_nocase` ON `associations` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `associations_token` ON `associations` (`token`);--> statement-breakpoint
CREATE TABLE `eoi_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `eoi_events_name_live` ON `eoi_events` (`name`) WHERE "eoi_events"."deleted" = 0;--> statement-breakpoint
CREATE TABLE `eoi_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`team` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `eois` (
	`eoi_user_id` integer NOT NULL,
	`eoi_event_id` integer NOT NULL,
	PRIMARY KEY(`eoi_user_id`, `eoi_event_id`),
	FOREIGN KEY (`eoi_user_id`) REFERENCES `eoi_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`eoi_event_id`) REFERENCES `eoi_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `eois_event` ON `eois` (`eoi_event_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` integer DEFAULT 10000 NOT NULL,
	`max_team` integer DEFAULT 50 NOT NULL,
	`reserve_count` integer DEFAULT 0 NOT NULL,
	`min_race` integer DEFAULT 0 NOT NULL,
	`max_race` integer DEFAULT 12 NOT NULL,
	`max_male` integer DEFAULT 12 NOT NULL,
	`min_female` integer DEFAULT 0 NOT NULL,
	`min_age` integer DEFAULT 0 NOT NULL,
	`max_age` integer DEFAULT 100 NOT NULL,
	`limit_malaysia` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_name_live` ON `events` (`name`) WHERE "events"."deleted" = 0;--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`count` integer NOT NULL,
	`price` integer NOT NULL,
	`order_id` integer NOT NULL,
	`event_id` integer,
	`user_id` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_lines_order` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_lines_event` ON `order_lines` (`event_id`);--> statement-breakpoint
CREATE INDEX `order_lines_user` ON `order_lines` (`user_id`);--> statement-breakpoint
CREATE TABLE `order_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`note` text NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`author` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_notes_order` ON `order_notes` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`transaction_id` text,
	`owner_id` integer NOT NULL,
	`status` text DEFAULT 'PROCESSING' NOT NULL,
	`token` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_token` ON `orders` (`token`);--> statement-breakpoint
CREATE INDEX `orders_owner` ON `orders` (`owner_id`);--> statement-breakpoint
CREATE INDEX `orders_status_created` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`status_id` text NOT NULL,
	`msg` text DEFAULT '' NOT NULL,
	`transaction_id` text DEFAULT '' NOT NULL,
	`order_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_logs_order` ON `payment_logs` (`order_id`);--> statement-breakpoint
CREATE INDEX `payment_logs_created` ON `payment_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`name` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` blob NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `races` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lane` text NOT NULL,
	`score` text,
	`round_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `races_round_lane` ON `races` (`round_id`,`lane`);--> statement-breakpoint
CREATE UNIQUE INDEX `races_round_team` ON `races` (`round_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`event_id` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_event_name` ON `rounds` (`event_id`,`name`);--> statement-breakpoint
CREATE INDEX `rounds_name` ON `rounds` (`name`);--> statement-breakpoint
CREATE TABLE `scan_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`round_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scan_logs_round` ON `scan_logs` (`round_id`);--> statement-breakpoint
CREATE TABLE `scoreboard_rounds` (
	`round_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`team_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`association_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `teams_association` ON `teams` (`association_id`);--> statement-breakpoint
CREATE INDEX `teams_event` ON `teams` (`event_id`);--> statement-breakpoint
CREATE TABLE `throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tokens_hash` ON `tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `tokens_user` ON `tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `training_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`boat` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`reject_reason` text,
	`association_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `training_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `training_reservations_session` ON `training_reservations` (`session_id`);--> statement-breakpoint
CREATE INDEX `training_reservations_status` ON `training_reservations` (`status`);--> statement-breakpoint
CREATE TABLE `training_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`max_boat` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `training_sessions_start` ON `training_sessions` (`start_time`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`email` text NOT NULL,
	`hash` text NOT NULL,
	`identification` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`phone_emergency` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`gender` text,
	`image` text,
	`valid_image` integer DEFAULT 2 NOT NULL,
	`yob` integer,
	`association_id` integer,
	`verified` integer DEFAULT false NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`membership_paid` integer DEFAULT false NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `users_association` ON `users` (`association_id`);--> statement-breakpoint
CREATE INDEX `users_valid_image` ON `users` (`valid_image`);--> statement-breakpoint
CREATE INDEX `users_role` ON `users` (`role`);