-- A content page is stored once per language (pages.locale, the key now slug and locale); the
-- page stored before is the English one. 0000 named the old key PostgreSQL's way: pages_pkey.
ALTER TABLE "pages" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_pkey";--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_slug_locale_pk" PRIMARY KEY("slug","locale");
