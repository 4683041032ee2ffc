CREATE TABLE `applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`programme` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text,
	`town` text NOT NULL,
	`level` text NOT NULL,
	`schedule` text,
	`intake` text,
	`heard_from` text,
	`message` text,
	`status` text DEFAULT 'new' NOT NULL,
	`status_changed_by` text,
	`status_changed_at` integer,
	`note` text,
	`forwarding` text NOT NULL,
	`forwarding_attempts` integer DEFAULT 0 NOT NULL,
	`forwarding_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_reference_unique` ON `applications` (`reference`);--> statement-breakpoint
CREATE INDEX `applications_created_at` ON `applications` (`created_at`);--> statement-breakpoint
CREATE INDEX `applications_phone_programme` ON `applications` (`phone`,`programme`);--> statement-breakpoint
CREATE INDEX `applications_status` ON `applications` (`status`);