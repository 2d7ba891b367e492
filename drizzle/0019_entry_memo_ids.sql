ALTER TABLE `deposits` ADD `flag_id` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `flag_params` text;--> statement-breakpoint
ALTER TABLE `journal_entries` ADD `memo_id` text;--> statement-breakpoint
ALTER TABLE `journal_entries` ADD `memo_params` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `flag_id` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `flag_params` text;