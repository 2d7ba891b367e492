CREATE TABLE `kyc_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`tier_requested` text NOT NULL,
	`legal_name` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`id_type` text NOT NULL,
	`id_number_iv` text NOT NULL,
	`id_number_tag` text NOT NULL,
	`id_number_ciphertext` text NOT NULL,
	`id_number_last4` text NOT NULL,
	`id_front_file` text,
	`selfie_file` text,
	`proof_of_address_file` text,
	`decision_reason` text,
	`decided_by` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "kyc_submissions_decided" CHECK(("kyc_submissions"."status" = 'PENDING') = ("kyc_submissions"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `kyc_submissions_user_idx` ON `kyc_submissions` (`user_id`);--> statement-breakpoint
CREATE INDEX `kyc_submissions_status_idx` ON `kyc_submissions` (`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `kyc_tier` text DEFAULT 'REGISTERED' NOT NULL;