CREATE TABLE `page_view_weeks` (
	`week` text NOT NULL,
	`path` text NOT NULL,
	`language` text NOT NULL,
	`source` text NOT NULL,
	`screen` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`week`, `path`, `language`, `source`, `screen`)
);
--> statement-breakpoint
CREATE INDEX `page_view_weeks_programmes` ON `page_view_weeks` (`week`,`path`,`source`,`views`) WHERE path like '/formation/%' or path like '/en/programmes/%';--> statement-breakpoint
CREATE TABLE `site_view_weeks` (
	`week` text NOT NULL,
	`source` text NOT NULL,
	`screen` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`week`, `source`, `screen`)
);
--> statement-breakpoint
-- The weeks of the days counted so far: date(day, '-6 days', 'weekday 1') is the Monday on or before the day.
INSERT INTO `page_view_weeks` (`week`, `path`, `language`, `source`, `screen`, `views`)
SELECT date(`day`, '-6 days', 'weekday 1'), `path`, `language`, `source`, `screen`, sum(`views`) FROM `page_views`
GROUP BY 1, `path`, `language`, `source`, `screen`;--> statement-breakpoint
INSERT INTO `site_view_weeks` (`week`, `source`, `screen`, `views`)
SELECT date(`day`, '-6 days', 'weekday 1'), `source`, `screen`, sum(`views`) FROM `page_views`
GROUP BY 1, `source`, `screen`;
