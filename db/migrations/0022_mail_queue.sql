-- Issue 27: the durable mail queue (app/models/mail-queue.server.ts, ADR 0037). Every email is a
-- row written first (in the caller's transaction where there is one) and sent by the primary's
-- sender; `message_id` is fixed at enqueue so a retry is recognisably the same message;
-- `next_attempt_at` NULL on an unsent row means the sender gave up (after a day; `last_error` says why);
-- `claimed_until` keeps a message a sender is sending from every other sender until then.
CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`attachments` text,
	`message_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claimed_until` integer,
	`sent_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_message_id` ON `mail_queue` (`message_id`);
--> statement-breakpoint
CREATE INDEX `mail_queue_due` ON `mail_queue` (`next_attempt_at`) WHERE `sent_at` IS NULL AND `next_attempt_at` IS NOT NULL;
