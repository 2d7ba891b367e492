ALTER TABLE `approvals` ADD `summary_id` text;--> statement-breakpoint
ALTER TABLE `approvals` ADD `summary_params` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `message_params` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `message_params` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `message_params` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `failure_message_id` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `failure_message_params` text;