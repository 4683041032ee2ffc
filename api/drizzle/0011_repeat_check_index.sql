DROP INDEX `applications_phone_programme`;--> statement-breakpoint
CREATE INDEX `applications_phone_programme_created_at` ON `applications` (`phone`,`programme`,`created_at`);