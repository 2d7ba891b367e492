CREATE TABLE `farm_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`label` text NOT NULL,
	`token_hash` text NOT NULL,
	`issued_by` integer,
	`issued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_by` integer,
	`revoked_at` text,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farm_devices_token_hash_unique` ON `farm_devices` (`token_hash`);--> statement-breakpoint
CREATE INDEX `farm_devices_batch_idx` ON `farm_devices` (`batch_id`);--> statement-breakpoint
CREATE TABLE `farm_readings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`recorded_at` text NOT NULL,
	`temperature_c` real NOT NULL,
	`humidity_pct` real NOT NULL,
	`ammonia_ppm` real NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `farm_devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farm_readings_device_time_idx` ON `farm_readings` (`device_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `farm_readings_batch_time_idx` ON `farm_readings` (`batch_id`,`recorded_at`);