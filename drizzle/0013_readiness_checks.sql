CREATE TABLE `readiness_checks` (
	`id` integer PRIMARY KEY NOT NULL,
	`checked_at` integer NOT NULL,
	CONSTRAINT "readiness_checks_one_row" CHECK("readiness_checks"."id" = 1)
);
