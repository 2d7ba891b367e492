CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`batch_id` integer,
	`farm_id` integer,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `farm_log_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`log_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`log_id`) REFERENCES `farm_logs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farm_log_photos_file_name_unique` ON `farm_log_photos` (`file_name`);--> statement-breakpoint
CREATE INDEX `farm_log_photos_log_idx` ON `farm_log_photos` (`log_id`);--> statement-breakpoint
CREATE TABLE `farm_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`log_date` text NOT NULL,
	`birds_alive` integer NOT NULL,
	`deaths` integer DEFAULT 0 NOT NULL,
	`feed_kg` real NOT NULL,
	`eggs_collected` integer,
	`avg_weight_kg` real,
	`temperature_c` real,
	`humidity_pct` real,
	`ammonia_ppm` real,
	`notes` text DEFAULT '' NOT NULL,
	`incident` integer DEFAULT false NOT NULL,
	`incident_description` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farm_logs_batch_day_idx` ON `farm_logs` (`batch_id`,`log_date`);