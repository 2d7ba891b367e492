-- Issue 31: users.email and users.password_hash become nullable (an account registered by phone has
-- neither), and users gains the PIN. SQLite cannot drop NOT NULL, so users is rebuilt the way SQLite
-- documents (lang_altertable.html#otheralter): copy every row into a new table, drop the old one,
-- rename the new one. openDatabase (app/lib/db.server.ts) runs migrations with foreign keys off and
-- checks every foreign key after them: inside the migrator's transaction the PRAGMA below changes
-- nothing, and with foreign keys on, dropping users would delete every session, recovery code and
-- confirmation that points at it (ON DELETE CASCADE).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`full_name` text NOT NULL,
	`password_hash` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`phone` text,
	`closed_at` text,
	`email_verified_at` text,
	`phone_verified_at` text,
	`locale` text,
	`kyc_tier` text DEFAULT 'REGISTERED' NOT NULL,
	`totp_secret` text,
	`totp_pending_secret` text,
	`totp_enabled_at` text,
	`totp_last_step` integer,
	`pin_hash` text,
	`pin_failures` integer DEFAULT 0 NOT NULL,
	`pin_locked_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "email", "full_name", "password_hash", "is_admin", "phone", "closed_at", "email_verified_at", "phone_verified_at", "locale", "kyc_tier", "totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step", "created_at") SELECT "id", "email", "full_name", "password_hash", "is_admin", "phone", "closed_at", "email_verified_at", "phone_verified_at", "locale", "kyc_tier", "totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step", "created_at" FROM `users`;--> statement-breakpoint
-- AUTOINCREMENT never gives an id twice: the new table carries on from the old one's counter.
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_users';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_users', `seq` FROM `sqlite_sequence` WHERE `name` = 'users';--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
ALTER TABLE `contact_confirmations` ADD `purpose` text DEFAULT 'CONFIRM' NOT NULL;
