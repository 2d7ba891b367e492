ALTER TABLE `audit_log` ADD `detail_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `detail_params` text;--> statement-breakpoint
ALTER TABLE `kyc_submissions` ADD `decision_reason_id` text;--> statement-breakpoint
ALTER TABLE `kyc_submissions` ADD `decision_reason_params` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_error_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_error_params` text;--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `detail_id` text;--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `detail_params` text;