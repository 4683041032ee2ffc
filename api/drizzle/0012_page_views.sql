CREATE TABLE `daily_readers` (
	`day` text PRIMARY KEY NOT NULL,
	`readers` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_views` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`language` text NOT NULL,
	`source` text NOT NULL,
	`screen` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`day`, `path`, `language`, `source`, `screen`)
);
