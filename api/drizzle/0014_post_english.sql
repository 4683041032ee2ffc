ALTER TABLE `blog_posts` ADD `title_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `description_en` text DEFAULT '' NOT NULL;