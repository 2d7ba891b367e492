CREATE TABLE `ussd_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway` text NOT NULL,
	`gateway_session_id` text NOT NULL,
	`phone` text NOT NULL,
	`user_id` integer,
	`language` text NOT NULL,
	`state` text NOT NULL,
	`last_request` text,
	`last_answer` text,
	`claim` text,
	`claim_until` text,
	`ended_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ussd_sessions_gateway_session_idx` ON `ussd_sessions` (`gateway`,`gateway_session_id`);--> statement-breakpoint
CREATE INDEX `ussd_sessions_updated_idx` ON `ussd_sessions` (`updated_at`);