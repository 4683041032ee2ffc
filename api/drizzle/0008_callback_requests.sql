-- Callback requests (decision 0014) are contact messages of kind 'callback': a kind, a best time to call, and no
-- e-mail required. SQLite cannot drop a NOT NULL, so the table is rebuilt; drizzle-kit's copy selected the new
-- columns from the old table, where they do not exist yet: existing rows are messages with no best time.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'message' NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone` text NOT NULL,
	`message` text NOT NULL,
	`programme` text,
	`best_time` text,
	`status` text DEFAULT 'new' NOT NULL,
	`forwarding` text NOT NULL,
	`forwarding_attempts` integer DEFAULT 0 NOT NULL,
	`forwarding_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_contact_messages`("id", "kind", "first_name", "last_name", "email", "phone", "message", "programme", "best_time", "status", "forwarding", "forwarding_attempts", "forwarding_error", "created_at") SELECT "id", 'message', "first_name", "last_name", "email", "phone", "message", "programme", NULL, "status", "forwarding", "forwarding_attempts", "forwarding_error", "created_at" FROM `contact_messages`;--> statement-breakpoint
DROP TABLE `contact_messages`;--> statement-breakpoint
ALTER TABLE `__new_contact_messages` RENAME TO `contact_messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `contact_messages_created_at` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_at` ON `contact_messages` (`status`,`created_at`);