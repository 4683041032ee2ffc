CREATE TABLE `newsletter_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`send_id` integer NOT NULL,
	`subscriber_id` integer,
	`language` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`attempted_at` integer,
	`smtp_answer` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`send_id`) REFERENCES `newsletter_sends`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_recipients_send_status` ON `newsletter_recipients` (`send_id`,`status`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_due` ON `newsletter_recipients` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_attempted_at` ON `newsletter_recipients` (`attempted_at`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_subscriber` ON `newsletter_recipients` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`post_id` integer,
	`sent_by_id` integer,
	`subject_fr` text NOT NULL,
	`html_fr` text NOT NULL,
	`text_fr` text NOT NULL,
	`subject_en` text NOT NULL,
	`html_en` text NOT NULL,
	`text_en` text NOT NULL,
	`state` text DEFAULT 'sending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_sends_post_id` ON `newsletter_sends` (`post_id`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `bounce_streak` integer DEFAULT 0 NOT NULL;