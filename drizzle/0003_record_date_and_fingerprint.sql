ALTER TABLE `idempotency_keys` ADD `fingerprint` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `units` integer;--> statement-breakpoint
-- Exit fills written before this column: the buyer paid units x unit price in the fill's entry, so the units are exact.
UPDATE `payouts` SET `units` = (SELECT -MIN(p.amount_minor) FROM `postings` p WHERE p.entry_id = `payouts`.entry_id) / (SELECT i.unit_price_minor FROM `investments` i WHERE i.id = `payouts`.investment_id) WHERE `kind` = 'EXIT' AND `units` IS NULL;
