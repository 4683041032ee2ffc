ALTER TABLE `applications` ADD `repeat_of` integer REFERENCES applications(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `applications_repeat_of` ON `applications` (`repeat_of`);