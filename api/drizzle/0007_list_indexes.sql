DROP INDEX `applications_status`;--> statement-breakpoint
CREATE INDEX `applications_status_created_at` ON `applications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_programme_created_at` ON `applications` (`programme`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_intake` ON `applications` (`intake`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_at` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_created_at` ON `subscribers` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_status_created_at` ON `subscribers` (`status`,`created_at`);--> statement-breakpoint
-- The applications' search (q): a trigram index finds a part of a reference, of "first last" or of a phone without reading every row. Drizzle's schema has no virtual tables: this file is their only definition.
CREATE VIRTUAL TABLE `applications_search` USING fts5(reference, full_name, phone, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `applications_search` (rowid, reference, full_name, phone) SELECT `id`, `reference`, `first_name` || ' ' || `last_name`, `phone` FROM `applications`;--> statement-breakpoint
CREATE TRIGGER `applications_search_insert` AFTER INSERT ON `applications` BEGIN
  INSERT INTO `applications_search` (rowid, reference, full_name, phone) VALUES (new.`id`, new.`reference`, new.`first_name` || ' ' || new.`last_name`, new.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `applications_search_update` AFTER UPDATE OF `reference`, `first_name`, `last_name`, `phone` ON `applications` BEGIN
  DELETE FROM `applications_search` WHERE rowid = old.`id`;
  INSERT INTO `applications_search` (rowid, reference, full_name, phone) VALUES (new.`id`, new.`reference`, new.`first_name` || ' ' || new.`last_name`, new.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `applications_search_delete` AFTER DELETE ON `applications` BEGIN
  DELETE FROM `applications_search` WHERE rowid = old.`id`;
END;
