import { type SQL, sql } from 'drizzle-orm';

/**
 * A prepared statement's placeholder whose value goes to SQLite as given. drizzle maps a value
 * given to a column's own placeholder (a Date to ms), but fails on a null there: a nullable date
 * goes through this one, in ms.
 */
export const givenAsIs = (name: string): SQL => sql`${sql.placeholder(name)}`;
