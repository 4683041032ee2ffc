ALTER TABLE `applications` ADD `confirmation` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `confirmation_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `confirmation_error` text;