ALTER TABLE `journal_entries` ADD `memo_id` text;--> statement-breakpoint
ALTER TABLE `journal_entries` ADD `memo_params` text;