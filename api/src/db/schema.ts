import {
  accountTokenPurposes,
  adminRoles,
  applicationStatuses,
  auditActions,
  bestTimes,
  entryLevels,
  forwardingStatuses,
  locales,
  messageKinds,
  messageStatuses,
  newsletterRecipientStatuses,
  newsletterSendStates,
  postStatuses,
  schedules,
  screenClasses,
  subscriberStatuses,
  viewSources,
} from '@cfp/shared';
import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const admins = sqliteTable('admins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull(),
  email: text('email').notNull().unique(),
  /** '' for an invited admin who has not chosen a password yet: nothing signs in with it. */
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: adminRoles }).notNull().default('admin'),
  /** Bumped on password or role change and on deletion: tokens carrying an older value are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    author: text('author').notNull().default(''),
    views: integer('views').notNull().default(0),
    coverPhoto: text('cover_photo').notNull().default(''),
    /** The cover's description for those who cannot see it (alt text); '' for a post saved before it was asked. */
    coverAlt: text('cover_alt').notNull().default(''),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    /** The post's English version (docs/decisions/0024): '' until someone writes it; published under /en/blog with both set. */
    titleEn: text('title_en').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('blog_posts_status_published_at').on(table.status, table.publishedAt)],
);

export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    status: text('status', { enum: subscriberStatuses }).notNull(),
    confirmationToken: text('confirmation_token').unique(),
    confirmationExpiresAt: integer('confirmation_expires_at', { mode: 'timestamp_ms' }),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** The language of the page the address was given on, which its e-mails are written in; 'fr' for older rows. */
    language: text('language', { enum: locales }).notNull().default('fr'),
    createdAt: createdAt(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /** Newsletter sends in a row whose e-mail this address refused permanently (5xx); from 3 on, it is left out (decision 0040). */
    bounceStreak: integer('bounce_streak').notNull().default(0),
  },
  // Lists and exports are paged by (created_at, id): an index on created_at carries the rowid too.
  (table) => [
    index('subscribers_created_at').on(table.createdAt),
    index('subscribers_status_created_at').on(table.status, table.createdAt),
  ],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `callback`: an "Être rappelé" request (decision 0014): the name in first_name, no e-mail, an empty message. */
    kind: text('kind', { enum: messageKinds }).notNull().default('message'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    programme: text('programme'),
    bestTime: text('best_time', { enum: bestTimes }),
    /** The language of the page it was sent from, the one to reply in; 'fr' for older rows. */
    language: text('language', { enum: locales }).notNull().default('fr'),
    status: text('status', { enum: messageStatuses }).notNull().default('new'),
    forwarding: text('forwarding', { enum: forwardingStatuses }).notNull(),
    forwardingAttempts: integer('forwarding_attempts').notNull().default(0),
    forwardingError: text('forwarding_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_created_at').on(table.createdAt),
    index('contact_messages_status_created_at').on(table.status, table.createdAt),
  ],
);

/**
 * Pre-enrolments: a student's request to enrol in a programme, followed by the staff until the
 * student enrols or does not. The same phone for the same programme within a day updates the
 * first request instead of adding a second one. The list's search reads `applications_search`,
 * a trigram index of reference, name and phone that triggers keep; drizzle has no virtual
 * tables, so migration 0007 alone defines it.
 */
export const applications = sqliteTable(
  'applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Quoted by the student on the phone or WhatsApp: short, unguessable, without 0/O or 1/I. */
    reference: text('reference').notNull().unique(),
    programme: text('programme').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +237699000000. */
    phone: text('phone').notNull(),
    email: text('email'),
    town: text('town').notNull(),
    level: text('level', { enum: entryLevels }).notNull(),
    schedule: text('schedule', { enum: schedules }),
    intake: text('intake'),
    heardFrom: text('heard_from'),
    message: text('message'),
    /** The language of the page the student pre-enrolled from, the one to call and write in; 'fr' for older rows. */
    language: text('language', { enum: locales }).notNull().default('fr'),
    status: text('status', { enum: applicationStatuses }).notNull().default('new'),
    statusChangedBy: text('status_changed_by'),
    statusChangedAt: integer('status_changed_at', { mode: 'timestamp_ms' }),
    note: text('note'),
    forwarding: text('forwarding', { enum: forwardingStatuses }).notNull(),
    forwardingAttempts: integer('forwarding_attempts').notNull().default(0),
    forwardingError: text('forwarding_error'),
    /** The student's confirmation e-mail: null when they gave no address. */
    confirmation: text('confirmation', { enum: forwardingStatuses }),
    confirmationAttempts: integer('confirmation_attempts').notNull().default(0),
    confirmationError: text('confirmation_error'),
    /**
     * The earlier application the same phone sent for the same programme within 24 hours: a repeat
     * is stored apart and never changes it (docs/decisions/0019).
     */
    repeatOf: integer('repeat_of').references((): AnySQLiteColumn => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    // The list pages newest first by (created_at, id), the rowid every index carries; a filter
    // column leads its own index so that a filtered page reads in order too.
    index('applications_created_at').on(table.createdAt),
    // The repeat check (same phone, same programme, last 24 hours) reads only that phone's rows. With
    // (phone, programme) alone, SQLite chose (programme, created_at) and read the whole day's
    // applications to the programme, every one of them for each new one.
    index('applications_phone_programme_created_at').on(table.phone, table.programme, table.createdAt),
    index('applications_status_created_at').on(table.status, table.createdAt),
    index('applications_programme_created_at').on(table.programme, table.createdAt),
    index('applications_intake').on(table.intake),
    index('applications_language_created_at').on(table.language, table.createdAt),
    // Staff open an application's repeats, and each deletion looks for the repeats to unlink.
    index('applications_repeat_of').on(table.repeatOf),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id'),
    actor: text('actor').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    target: text('target'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_created_at').on(table.createdAt), index('audit_log_action').on(table.action)],
);

/**
 * Single-use links that let an admin choose a password: an invitation (a new account, which has
 * no password until then) or a reset (forgotten password). Only a hash of the token is kept, so
 * a copy of the database opens no account; a used or superseded link is deleted.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('account_tokens_admin_id').on(table.adminId)],
);

/** Tokens signed out before they expire, by their `jti`; a row is useless, and pruned, once `expiresAt` is past. */
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_at').on(table.expiresAt)],
);

/**
 * What POST /api/images stored for each upload: the original and its WebP copies, so that a
 * post can describe its cover (size, srcset) without anyone reading the image again.
 */
export const images = sqliteTable('images', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: text('variants', { mode: 'json' }).$type<Array<{ width: number; key: string }>>().notNull(),
  createdAt: createdAt(),
});

/**
 * Pages shown, as totals per day (the centre's calendar day, YYYY-MM-DD), page, language, source
 * and screen class: nothing about any reader (docs/decisions/0039).
 */
export const pageViews = sqliteTable(
  'page_views',
  {
    day: text('day').notNull(),
    path: text('path').notNull(),
    language: text('language', { enum: locales }).notNull(),
    source: text('source', { enum: viewSources }).notNull(),
    screen: text('screen', { enum: screenClasses }).notNull(),
    views: integer('views').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path, table.language, table.source, table.screen] })],
);

/** The addresses of the programmes' pages, in French and in English: what the Interest report reads page by page. */
export const programmePagePaths = sql.raw(`path like '/formation/%' or path like '/en/programmes/%'`);

/**
 * The same totals per week (the Monday's date, YYYY-MM-DD), written with the daily ones: the
 * Interest report reads the weeks alone, and they outlive the daily rows (PAGE_VIEW_DAYS_KEPT).
 */
export const pageViewWeeks = sqliteTable(
  'page_view_weeks',
  {
    week: text('week').notNull(),
    path: text('path').notNull(),
    language: text('language', { enum: locales }).notNull(),
    source: text('source', { enum: viewSources }).notNull(),
    screen: text('screen', { enum: screenClasses }).notNull(),
    views: integer('views').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.week, table.path, table.language, table.source, table.screen] }),
    // The report's programme figures come from this index alone (it holds the views): a third of
    // the rows, read in the order they are summed, never the table's. Its condition is repeated
    // word for word by the query (programmePagePaths), or SQLite cannot use it.
    index('page_view_weeks_programmes').on(table.week, table.path, table.source, table.views).where(programmePagePaths),
  ],
);

/**
 * Every page's views per week, source and screen class: the site's figures of the Interest report,
 * a few rows a week where summing the pages' rows would read them all.
 */
export const siteViewWeeks = sqliteTable(
  'site_view_weeks',
  {
    week: text('week').notNull(),
    source: text('source', { enum: viewSources }).notNull(),
    screen: text('screen', { enum: screenClasses }).notNull(),
    views: integer('views').notNull(),
  },
  (table) => [primaryKey({ columns: [table.week, table.source, table.screen] })],
);

/** Readers per day, estimated from a hash whose salt never outlives the day (decision 0039): the number alone is kept. */
export const dailyReaders = sqliteTable('daily_readers', {
  day: text('day').primaryKey(),
  readers: integer('readers').notNull(),
});

/**
 * A newsletter send (decision 0040): what was sent, composed once at queue time in both languages,
 * so that a restart sends the same e-mails. The bodies hold `unsubscribeUrlMark` where each
 * recipient's own link goes.
 */
export const newsletterSends = sqliteTable(
  'newsletter_sends',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['post', 'announcement'] }).notNull(),
    postId: integer('post_id').references((): AnySQLiteColumn => blogPosts.id, { onDelete: 'set null' }),
    sentById: integer('sent_by_id').references((): AnySQLiteColumn => admins.id, { onDelete: 'set null' }),
    subjectFr: text('subject_fr').notNull(),
    htmlFr: text('html_fr').notNull(),
    textFr: text('text_fr').notNull(),
    subjectEn: text('subject_en').notNull(),
    htmlEn: text('html_en').notNull(),
    textEn: text('text_en').notNull(),
    state: text('state', { enum: newsletterSendStates }).notNull().default('sending'),
    createdAt: createdAt(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('newsletter_sends_post_id').on(table.postId)],
);

/**
 * One row per recipient of a send. The address is read from `subscribers` when the e-mail goes:
 * an address that unsubscribes is deleted (decision 0002), its rows keep no trace of it
 * (subscriber_id set null) and what was not sent yet is not sent. `claimedAt` is set in the
 * transaction that takes the row for sending and cleared with its outcome: a row found claimed
 * after a restart was being sent when the process stopped.
 */
export const newsletterRecipients = sqliteTable(
  'newsletter_recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sendId: integer('send_id')
      .notNull()
      .references((): AnySQLiteColumn => newsletterSends.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references((): AnySQLiteColumn => subscribers.id, { onDelete: 'set null' }),
    language: text('language', { enum: locales }).notNull(),
    status: text('status', { enum: newsletterRecipientStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued or deferred row may be tried (ms); deferred rows wait out their back-off. */
    nextAttemptAt: integer('next_attempt_at').notNull().default(0),
    claimedAt: integer('claimed_at'),
    /** When its last attempt started (ms): the rate limit counts them, across restarts. */
    attemptedAt: integer('attempted_at'),
    smtpAnswer: text('smtp_answer').notNull().default(''),
  },
  (table) => [
    index('newsletter_recipients_send_status').on(table.sendId, table.status),
    index('newsletter_recipients_due').on(table.status, table.nextAttemptAt),
    index('newsletter_recipients_attempted_at').on(table.attemptedAt),
    index('newsletter_recipients_subscriber').on(table.subscriberId),
  ],
);
