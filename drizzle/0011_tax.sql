CREATE TABLE `tax_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`period` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`reference` text NOT NULL,
	`entry_id` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `journal_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tax_payments_period_idx` ON `tax_payments` (`period`);--> statement-breakpoint
ALTER TABLE `payouts` ADD `taxable_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The income part of payouts made before this column: a month's income whole; a harvest's return (gross less the holding's principal).
UPDATE `payouts` SET `taxable_minor` = `amount_minor` WHERE `kind` = 'MONTHLY';
--> statement-breakpoint
UPDATE `payouts` SET `taxable_minor` = max(0, `amount_minor` - (SELECT i.`units_held` * i.`unit_price_minor` FROM `investments` i WHERE i.`id` = `payouts`.`investment_id`)) WHERE `kind` = 'HARVEST';
--> statement-breakpoint
CREATE TRIGGER `tax_payments_no_update` BEFORE UPDATE ON `tax_payments` BEGIN SELECT RAISE(ABORT, 'tax_payments are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `tax_payments_no_delete` BEFORE DELETE ON `tax_payments` BEGIN SELECT RAISE(ABORT, 'tax_payments are append-only'); END;
