CREATE TABLE `remittances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`period` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`crates_sold` integer,
	`price_per_crate_minor` integer,
	`birds_sold` integer,
	`live_weight_kg` real,
	`price_per_kg_minor` integer,
	`revenue_minor` integer,
	`feed_cost_minor` integer,
	`vet_cost_minor` integer,
	`other_costs_minor` integer,
	`farm_share_minor` integer,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `journal_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `remittances_batch_idx` ON `remittances` (`batch_id`,`period`);--> statement-breakpoint
ALTER TABLE `payout_runs` ADD `reserve_draw_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_runs` ADD `tax_withheld_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `tax_withheld_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A remittance is the farm's record of money received: kept as it was entered (a mistake is put right by a new remittance and a reversal, never an edit).
CREATE TRIGGER `remittances_no_update` BEFORE UPDATE ON `remittances` BEGIN SELECT RAISE(ABORT, 'remittances are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `remittances_no_delete` BEFORE DELETE ON `remittances` BEGIN SELECT RAISE(ABORT, 'remittances are append-only'); END;
