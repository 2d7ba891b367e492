ALTER TABLE `journal_entries` ADD `external_ref` text;--> statement-breakpoint
ALTER TABLE `journal_entries` ADD `reverses_entry_id` integer REFERENCES journal_entries(id);--> statement-breakpoint
CREATE INDEX `journal_entries_external_ref_idx` ON `journal_entries` (`external_ref`);--> statement-breakpoint
CREATE UNIQUE INDEX `journal_entries_reversal_once_idx` ON `journal_entries` (`reverses_entry_id`);--> statement-breakpoint
-- The ledger is append-only: a mistake is undone by a reversal entry, never by editing or deleting one.
CREATE TRIGGER `journal_entries_no_update` BEFORE UPDATE ON `journal_entries` BEGIN SELECT RAISE(ABORT, 'journal_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `journal_entries_no_delete` BEFORE DELETE ON `journal_entries` BEGIN SELECT RAISE(ABORT, 'journal_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `postings_no_update` BEFORE UPDATE ON `postings` BEGIN SELECT RAISE(ABORT, 'postings is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `postings_no_delete` BEFORE DELETE ON `postings` BEGIN SELECT RAISE(ABORT, 'postings is append-only'); END;
--> statement-breakpoint
-- An account, once opened, stays (its balance is cached on it; its history is in postings).
CREATE TRIGGER `accounts_no_delete` BEFORE DELETE ON `accounts` BEGIN SELECT RAISE(ABORT, 'accounts are never deleted'); END;
