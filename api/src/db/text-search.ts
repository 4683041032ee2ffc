import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `column` contains `text`, any ASCII case (SQLite's LIKE); `%`, `_` and `\` typed in a search are letters, not wildcards. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}
