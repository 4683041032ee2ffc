DROP INDEX `applications_status`;--> statement-breakpoint
CREATE INDEX `applications_status_created_at` ON `applications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_programme_created_at` ON `applications` (`programme`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_intake` ON `applications` (`intake`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_at` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_created_at` ON `subscribers` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_status_created_at` ON `subscribers` (`status`,`created_at`);