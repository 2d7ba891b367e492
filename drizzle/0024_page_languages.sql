-- A content page is stored once per language (pages.locale, the key now slug and locale); the
-- page stored before is the English one. SQLite cannot change a primary key, so pages is rebuilt
-- the way SQLite documents (lang_altertable.html#otheralter), as in 0022. No table points at pages.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_pages` (
	`slug` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`title` text NOT NULL,
	`body_md` text DEFAULT '' NOT NULL,
	`faqs_json` text DEFAULT '[]' NOT NULL,
	`example_unit_price_minor` integer,
	`example_expected_roi` real,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`slug`, `locale`)
);
--> statement-breakpoint
INSERT INTO `__new_pages`("slug", "locale", "title", "body_md", "faqs_json", "example_unit_price_minor", "example_expected_roi", "updated_at") SELECT "slug", 'en', "title", "body_md", "faqs_json", "example_unit_price_minor", "example_expected_roi", "updated_at" FROM `pages`;--> statement-breakpoint
DROP TABLE `pages`;--> statement-breakpoint
ALTER TABLE `__new_pages` RENAME TO `pages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;
