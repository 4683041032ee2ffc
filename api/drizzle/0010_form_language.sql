-- The language of the page a public form was sent from (fr | en), kept with the message, the application and the
-- subscriber: the API answers and writes in it, the staff reply in it. Everything stored before came from the French
-- site: the default gives those rows 'fr'. An index lets the applications list filter by language in date order.
ALTER TABLE `applications` ADD `language` text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_language_created_at` ON `applications` (`language`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `language` text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `language` text DEFAULT 'fr' NOT NULL;