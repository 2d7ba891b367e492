ALTER TABLE `sessions` ADD `second_factor_at` text;--> statement-breakpoint
-- Sessions begun after their account turned two factors on could only begin with a code: they passed it.
UPDATE `sessions` SET `second_factor_at` = `created_at` WHERE EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = `sessions`.`user_id` AND u.`totp_enabled_at` IS NOT NULL AND u.`totp_enabled_at` <= `sessions`.`created_at`);
