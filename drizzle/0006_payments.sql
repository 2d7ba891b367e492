CREATE TABLE `deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reference` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text DEFAULT 'GHS' NOT NULL,
	`method` text NOT NULL,
	`network` text,
	`phone_hint` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`next_action` text,
	`authorization_url` text,
	`message` text,
	`flag` text,
	`provider_amount_minor` integer,
	`entry_id` integer,
	`balance_after_minor` integer,
	`checked_at` text,
	`updated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `journal_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_reference_unique` ON `deposits` (`reference`);--> statement-breakpoint
CREATE INDEX `deposits_user_idx` ON `deposits` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `deposits_status_idx` ON `deposits` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_destinations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`network` text,
	`bank_code` text,
	`label` text NOT NULL,
	`account_number` text NOT NULL,
	`name` text NOT NULL,
	`recipient_code` text NOT NULL,
	`removed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_destinations_user_idx` ON `payment_destinations` (`user_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`event` text NOT NULL,
	`reference` text,
	`outcome` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`payload` text NOT NULL,
	`deliveries` integer DEFAULT 1 NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_identity_idx` ON `webhook_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `webhook_events_received_idx` ON `webhook_events` (`received_at`);--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `status` text DEFAULT 'SUCCEEDED' NOT NULL;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `destination_id` integer REFERENCES payment_destinations(id);--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `transfer_code` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `balance_after_minor` integer;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `settled_entry_id` integer REFERENCES journal_entries(id);--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `returned_entry_id` integer REFERENCES journal_entries(id);--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `failure_message` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `flag` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `checked_at` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `updated_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_reference_unique` ON `withdrawals` (`reference`);--> statement-breakpoint
CREATE INDEX `withdrawals_status_idx` ON `withdrawals` (`status`,`created_at`);--> statement-breakpoint
-- A deposit is credited once: the database refuses a second DEPOSIT entry under the same reference.
CREATE UNIQUE INDEX `journal_entries_deposit_once_idx` ON `journal_entries` (`external_ref`) WHERE `kind` = 'DEPOSIT' AND `external_ref` IS NOT NULL;
